// How money and credits read on screen: USD with cents, the price per credit to three decimals
// (spec §9), credit counts with thousands separators, signed amounts for the ledger.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdPerCredit = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
});
const count = new Intl.NumberFormat("en-US");

export const formatUsd = (amount: number) => usd.format(amount);
export const formatPricePerCredit = (amount: number) => usdPerCredit.format(amount);
export const formatCredits = (credits: number) => count.format(credits);

/** '+50', '−3' (a real minus sign), '0'. */
export function formatSignedCredits(amount: number): string {
  if (amount > 0) return `+${count.format(amount)}`;
  if (amount < 0) return `\u2212${count.format(Math.abs(amount))}`;
  return "0";
}
