// After Stripe sends the buyer back to /billing/success the credits are not there yet: they arrive
// with the signed webhook, never with the redirect. The page polls the balance with backoff and
// compares "Total Purchased" with the figure noted just before leaving for the checkout.
import { PAYMENT_RETURN_REFRESH_MS } from "../../../shared/limits";

const STORAGE_KEY = "draftsmith:pending-purchase";

/** 2, 4, 8, 16 and 32 s apart: checks at about 2, 6, 14, 30 and 62 s after the return. */
export const ARRIVAL_CHECK_DELAYS_MS = [PAYMENT_RETURN_REFRESH_MS, 4000, 8000, 16000, 32000] as const;

/** A purchase found in the ledger this recently counts as the one just paid for. */
export const RECENT_PURCHASE_MS = 15 * 60 * 1000;

export interface PendingPurchase {
  packageId: number;
  packageName: string;
  credits: number;
  /** totalCredits ('Total Purchased') before the checkout. */
  totalCreditsBefore: number;
  startedAt: number;
}

/** Session storage: per tab, gone with it; it holds no secret, only what the tab already showed. */
export function rememberPendingPurchase(p: PendingPurchase) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(p));
  } catch {
    /* storage unavailable: the success page falls back to the ledger */
  }
}

export function readPendingPurchase(): PendingPurchase | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const p = JSON.parse(raw) as PendingPurchase;
    return typeof p.totalCreditsBefore === "number" ? p : null;
  } catch {
    return null;
  }
}

const ANNOUNCED_KEY = "draftsmith:announced-purchases";

/** Purchase transactions this tab has already announced, so a revisit of the page is quiet. */
function announcedPurchases(): number[] {
  try {
    const ids = JSON.parse(sessionStorage.getItem(ANNOUNCED_KEY) ?? "[]") as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return [];
  }
}

function announcePurchase(id: number) {
  try {
    sessionStorage.setItem(ANNOUNCED_KEY, JSON.stringify([...announcedPurchases(), id].slice(-20)));
  } catch {
    /* storage unavailable: a revisit may announce it again, nothing is credited twice */
  }
}

export function forgetPendingPurchase() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* nothing to forget */
  }
}

/**
 * How many credits the purchase has added so far, or 0 while they have not arrived.
 * With a noted balance: the rise in Total Purchased. Without one (another tab, storage off): the
 * newest purchase in the ledger if it is recent and this tab has not announced it already (it is
 * marked announced here, so reloading the success page does not report it a second time).
 */
export function creditsArrived(opts: {
  pending: PendingPurchase | null;
  totalCredits: number;
  transactions?: readonly { id?: number; type: string; amount: number; createdAt: string }[];
  now?: number;
}): number {
  if (opts.pending) return Math.max(0, opts.totalCredits - opts.pending.totalCreditsBefore);
  const now = opts.now ?? Date.now();
  const announced = announcedPurchases();
  const recent = opts.transactions?.find(
    (t) =>
      t.type === "purchase" &&
      t.amount > 0 &&
      now - Date.parse(t.createdAt) < RECENT_PURCHASE_MS &&
      (t.id === undefined || !announced.includes(t.id)),
  );
  if (recent?.id !== undefined) announcePurchase(recent.id);
  return recent ? recent.amount : 0;
}
