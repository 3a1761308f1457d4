// What other features may use of auth: the Better Auth instance's type, the caller's address, the
// session cache and the sign-in limits (the account feature's deletion checks a password as a sign-in).
export type { Auth } from "./auth";
export { clientAddress } from "./client-address";
export type { SessionCache } from "./session";
export { type SignInLimiter, tryAgainText } from "./sign-in-limiter";
