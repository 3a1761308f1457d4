// Billing's fixed messages (no zod here: the Billing page shows them, and zod stays out of its code).
export const BILLING_MESSAGES = {
  purchasesDisabled: "Purchases are not configured on this server",
  packageUnavailable: "That credit package is not available",
  foreignReturnUrl: "Return addresses must be on this site",
  checkoutFailed: "Could not start the checkout. Please try again.",
  missingSignature: "Missing Stripe-Signature header",
  badSignature: "Invalid Stripe signature",
  badLimit: "limit must be a whole number from 1 to 100",
  checkoutNotFound: "No checkout with that id was found for your account",
} as const;
