// After Stripe sends the buyer back to /billing/success the credits may not be there yet: they
// arrive with the signed webhook, never with the redirect. The page asks the ledger about its
// checkout (payment-return-notice.tsx) and, while it waits, asks again with backoff.
import { PAYMENT_RETURN_REFRESH_MS } from "../../../shared/limits";

/** 2, 4, 8, 16 and 32 s apart: checks at about 2, 6, 14, 30 and 62 s after the return. */
export const ARRIVAL_CHECK_DELAYS_MS = [PAYMENT_RETURN_REFRESH_MS, 4000, 8000, 16000, 32000] as const;
