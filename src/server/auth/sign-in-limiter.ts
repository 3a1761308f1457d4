// One limiter for every way in (e-mail, username, Firebase ID token, Google callback, and the
// current-password check of a password change). Each attempt is counted BEFORE the credential is
// checked, in one statement for all its keys, so fifty concurrent guesses get counts 1…50 and only
// the first few are ever checked.
//
// Keys, all in one 15-minute window:
//   - account + client address: 5 attempts. The tight limit, and one a stranger can only spend on
//     their own address.
//   - account: 30 attempts, counted only from addresses that have never signed in to the account, so a
//     stranger rotating addresses can slow the account down for a while but cannot lock its owner out
//     of the address they usually use.
//   - client address: 100 attempts across all accounts (credential stuffing).
// A successful sign-in clears its account + address count, gives back what it added to the others and
// remembers the address as known for 90 days.
import { createHash } from "node:crypto";
import { countOf } from "../../shared/plural";
import type { RateLimiter } from "../http/rate-limit";

export const SIGN_IN_LIMITS = {
  windowSeconds: 15 * 60,
  perAccountAndAddress: 5,
  perAccount: 30,
  perAddress: 100,
  knownAddressSeconds: 90 * 24 * 3600,
} as const;

/** Keys hold hashes: the table never accumulates addresses or e-mails of people who have no account. */
export const digest = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 32);

export interface SignInAttempt {
  allowed: boolean;
  /** When refused: seconds until the tightest refusing window ends. */
  retryAfterSeconds: number;
  /** The credential was right: clear and give back this attempt's counts. */
  succeeded(): Promise<void>;
}

export class SignInLimiter {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits = SIGN_IN_LIMITS,
  ) {}

  /**
   * Counts one attempt on `account` (a stable id such as `user:<id>` or `email:<address>`) from
   * `address`. `accountCeiling: false` when the account comes from an unverified claim (a Firebase
   * token before its signature is checked), so a forged claim can't spend the real account's ceiling.
   */
  async attempt(account: string, address: string, opts: { accountCeiling?: boolean } = {}): Promise<SignInAttempt> {
    const pairKey = `sign-in:pair:${digest(`${account}|${address}`)}`;
    const knownKey = `sign-in:known:${digest(`${account}|${address}`)}`;
    const accountKey = `sign-in:account:${digest(account)}`;
    const addressKey = `sign-in:address:${digest(address)}`;
    const knownAddress = (await this.limiter.count(knownKey, this.limits.knownAddressSeconds)) > 0;
    const useAccountCeiling = opts.accountCeiling !== false && !knownAddress;

    const keys = [pairKey, addressKey, ...(useAccountCeiling ? [accountKey] : [])];
    const counts = await this.limiter.hitAll(keys, this.limits.windowSeconds);
    const over: number[] = [];
    const check = (key: string, max: number) => {
      const hit = counts.get(key);
      if (hit && hit.count > max) over.push(hit.retryAfterSeconds);
    };
    check(pairKey, this.limits.perAccountAndAddress);
    check(addressKey, this.limits.perAddress);
    if (useAccountCeiling) check(accountKey, this.limits.perAccount);

    return {
      allowed: over.length === 0,
      retryAfterSeconds: over.length ? Math.max(...over) : 0,
      succeeded: async () => {
        await this.limiter.reset(pairKey);
        await this.limiter.forgive(keys.filter((k) => k !== pairKey));
        await this.limiter.hit(knownKey, this.limits.knownAddressSeconds);
      },
    };
  }
}

export function tryAgainText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${countOf(minutes, "minute")}.`;
}
