// What a campaign keeps to grant itself once per e-mail address, not once per account: an HMAC of
// the normalised address under the server's secret. The address itself is not kept (a deleted
// account's address must not outlive it), and without the secret the hash can't be checked against
// a list of guessed addresses.
import { createHmac } from "node:crypto";

export type AddressHasher = (email: string) => string;

/** HMAC-SHA-256 (hex) of the address trimmed and lower-cased, keyed by `secret`. */
export function addressHasher(secret: string): AddressHasher {
  return (email) => createHmac("sha256", secret).update(`campaign-address:${email.trim().toLowerCase()}`).digest("hex");
}
