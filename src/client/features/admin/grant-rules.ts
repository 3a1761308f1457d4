// Spec §5's direct-grant rules, as the screen applies them.
import { DIRECT_GRANT } from "../../../shared/limits";
import { countOf, creditCount } from "../../../shared/plural";

/** The amount field: a whole number; anything non-numeric becomes 0. */
export function parseGrantAmount(input: string): number {
  const n = Number.parseInt(input, 10);
  return Number.isNaN(n) ? 0 : n;
}

export interface GrantState {
  selectedCount: number;
  amount: number;
  reason: string;
  pending: boolean;
}

/**
 * Why the grant button is disabled, or null when it is enabled. Spec §5: no users, an amount of 0
 * or less, a blank reason, a grant in progress; also an amount over the 10,000 limit, which the
 * server would refuse anyway.
 */
export function grantBlocked(s: GrantState): string | null {
  if (s.pending) return "A grant is in progress";
  if (s.selectedCount === 0) return "Select at least one user";
  if (s.amount <= 0) return `Enter a credit amount of at least ${DIRECT_GRANT.minAmount}`;
  if (s.amount > DIRECT_GRANT.maxAmount) return `At most ${creditCount(DIRECT_GRANT.maxAmount)} per user`;
  if (!s.reason.trim()) return "Enter a reason for the grant";
  return null;
}

export const grantTotal = (selectedCount: number, amount: number) => selectedCount * amount;

/** The toast after a campaign grants on activation: "3 users received 50 credits each", "1 user received 1 credit". */
export function campaignGrantedText(name: string, granted: number, creditAmount: number): string {
  return `"${name}" is active: ${countOf(granted, "user")} received ${creditCount(creditAmount)} each.`;
}
