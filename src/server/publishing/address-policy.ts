// Which network addresses a user-supplied site may resolve to. Only globally routable unicast
// addresses pass: private (10/8, 172.16/12, 192.168/16), loopback, link-local (169.254/16 — the cloud
// metadata service lives there), CGNAT (100.64/10), reserved and documentation ranges, multicast, and
// on IPv6 loopback, unique-local (fc00::/7), link-local (fe80::/10), NAT64 and tunnels are refused.
// IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
import ipaddr from "ipaddr.js";

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js's name for the range: "unicast" for a public address, else "private", "loopback"… */
  range: string;
}

export function classifyAddress(address: string): AddressVerdict {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return { allowed: false, range: "invalid" };
  // process() turns ::ffff:a.b.c.d into the IPv4 address it carries.
  const ip = ipaddr.process(bare);
  const range = ip.range();
  return { allowed: range === "unicast", range };
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address).allowed;
}

/** An IP literal (IPv4 dotted or IPv6, bracketed or not), as opposed to a name DNS must resolve. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ""));
}

const RANGE_WORDS: Record<string, string> = {
  private: "a private network address",
  loopback: "a loopback address",
  linkLocal: "a link-local address",
  carrierGradeNat: "a carrier-grade NAT address",
  uniqueLocal: "a private (unique-local) IPv6 address",
  unspecified: "an unspecified address",
  multicast: "a multicast address",
  broadcast: "a broadcast address",
  reserved: "a reserved address",
};

/** "a private network address" — for error texts. */
export function describeRange(range: string): string {
  return RANGE_WORDS[range] ?? "a non-public address";
}
