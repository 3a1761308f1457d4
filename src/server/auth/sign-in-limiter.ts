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
//
// Device cookies (issue 26; OWASP's "device cookies" against lockout): a successful sign-in in a
// browser also remembers that browser (a random id in an HttpOnly cookie, auth.routes.ts) as known to
// the account for 90 days. An attempt from a known device is counted in that device's own bucket
// (account + device: 5, like account + address) and in none of the others. Behind a proxy whose
// address every visitor shares (TRUST_PROXY unset), a stranger's failures fill the shared address's
// and the account's buckets; the account's owner, signing in from a browser they used before, is not
// locked out by them. A stranger can't use the bucket: the id is random and never leaves the owner's
// browser.
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
  /**
   * The credential was right: clear and give back this attempt's counts, and remember `device` (the
   * browser's device id, when it has one or was just given one) as known to the account.
   */
  succeeded(device?: string): Promise<void>;
}

/** The limiter's keys for one account (hashed: see `digest`). */
const keys = (account: string) => ({
  pair: (address: string) => `sign-in:pair:${digest(`${account}|${address}`)}`,
  known: (address: string) => `sign-in:known:${digest(`${account}|${address}`)}`,
  device: (device: string) => `sign-in:device:${digest(`${account}|${device}`)}`,
  deviceKnown: (device: string) => `sign-in:known-device:${digest(`${account}|${device}`)}`,
  account: `sign-in:account:${digest(account)}`,
});

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
  async attempt(
    account: string,
    address: string,
    opts: { accountCeiling?: boolean; device?: string } = {},
  ): Promise<SignInAttempt> {
    const k = keys(account);
    if (opts.device && (await this.limiter.count(k.deviceKnown(opts.device), this.limits.knownAddressSeconds)) > 0) {
      const deviceKey = k.device(opts.device);
      const hit = (await this.limiter.hitAll([deviceKey], this.limits.windowSeconds)).get(deviceKey);
      const over = hit !== undefined && hit.count > this.limits.perAccountAndAddress;
      return {
        allowed: !over,
        retryAfterSeconds: over ? hit.retryAfterSeconds : 0,
        succeeded: async () => {
          await this.limiter.reset(deviceKey);
        },
      };
    }

    const pairKey = k.pair(address);
    const addressKey = `sign-in:address:${digest(address)}`;
    const knownAddress = (await this.limiter.count(k.known(address), this.limits.knownAddressSeconds)) > 0;
    const useAccountCeiling = opts.accountCeiling !== false && !knownAddress;

    const all = [pairKey, addressKey, ...(useAccountCeiling ? [k.account] : [])];
    const counts = await this.limiter.hitAll(all, this.limits.windowSeconds);
    const over: number[] = [];
    const check = (key: string, max: number) => {
      const hit = counts.get(key);
      if (hit && hit.count > max) over.push(hit.retryAfterSeconds);
    };
    check(pairKey, this.limits.perAccountAndAddress);
    check(addressKey, this.limits.perAddress);
    if (useAccountCeiling) check(k.account, this.limits.perAccount);

    return {
      allowed: over.length === 0,
      retryAfterSeconds: over.length ? Math.max(...over) : 0,
      succeeded: async (device) => {
        await this.limiter.reset(pairKey);
        await this.limiter.forgive(all.filter((key) => key !== pairKey));
        await this.remember(account, address, device);
      },
    };
  }

  /**
   * The owner proved themselves another way (a sign-in link from their mailbox, counted by its own
   * attempt): the account's count from this address (and `device`) starts again, and both are
   * remembered as the owner's, as after a password sign-in.
   */
  async proven(account: string, address: string, device?: string): Promise<void> {
    const k = keys(account);
    await this.limiter.reset(k.pair(address));
    if (device) await this.limiter.reset(k.device(device));
    await this.remember(account, address, device);
  }

  /** Remembers `address` (and `device`) as the account owner's for 90 days. */
  private async remember(account: string, address: string, device?: string): Promise<void> {
    const k = keys(account);
    await this.limiter.hit(k.known(address), this.limits.knownAddressSeconds);
    if (device) await this.limiter.hit(k.deviceKnown(device), this.limits.knownAddressSeconds);
  }
}

export function tryAgainText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${countOf(minutes, "minute")}.`;
}
