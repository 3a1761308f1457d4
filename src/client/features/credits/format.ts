// How money and credits read on screen: USD with cents, the price per credit to three decimals
// (spec §9), credit counts with thousands separators, signed amounts for the ledger. Written without
// Intl (shared/number-text.ts): its first number format costs a page load tens of milliseconds.
import { formatDollars, formatNumber } from "../../../shared/number-text";

export const formatUsd = (amount: number) => formatDollars(amount);
export const formatPricePerCredit = (amount: number) => formatDollars(amount, 3);
export const formatCredits = (credits: number) => formatNumber(credits);

/** '+50', '−3' (a real minus sign), '0'. */
export function formatSignedCredits(amount: number): string {
  if (amount > 0) return `+${formatNumber(amount)}`;
  if (amount < 0) return `\u2212${formatNumber(Math.abs(amount))}`;
  return "0";
}
