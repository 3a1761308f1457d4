// Which network addresses a user-supplied site may resolve to. Only globally routable unicast
// addresses pass: private (10/8, 172.16/12, 192.168/16), loopback, link-local (169.254/16 — the cloud
// metadata service lives there), CGNAT (100.64/10), reserved and documentation ranges, multicast, and
// on IPv6 loopback, unique-local (fc00::/7), link-local (fe80::/10), NAT64 and tunnels are refused.
// IPv6 forms that carry an IPv4 address — mapped (::ffff:10.0.0.1), translated (::ffff:0:a.b.c.d),
// compatible (::127.0.0.1), NAT64 (64:ff9b::/96), 6to4 (2002::/16) — are named by the IPv4
// range they carry when it is not public, and refused anyway except the mapped and translated forms
// of a public address. Teredo (2001::/32), site-local (fec0::/10), multicast, the unspecified address and any address
// with a zone id are refused.
import ipaddr from "ipaddr.js";

export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js's name for the range: "unicast" for a public address, else "private", "loopback"… */
  range: string;
}

/**
 * An IPv6 text with its dotted IPv4 tail written as two hex groups (::8.8.8.8 → ::808:808):
 * ipaddr.js reads any dotted tail as IPv4-mapped (::ffff:8.8.8.8), hiding the compatible form.
 */
function withHexTail(text: string): string {
  const m = text.match(/^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (!m) return text;
  const [a, b, c, d] = m.slice(2).map(Number);
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** The IPv4 address in bytes 12–15 of an IPv6 address (IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d). */
const lowV4 = (ip: ipaddr.IPv6) => new ipaddr.IPv4(ip.toByteArray().slice(12, 16));

/** Verdict on an IPv4 address that an IPv6 one carries: its own range when that is not public. */
function carried(v4: ipaddr.IPv4, tunnel: string): AddressVerdict {
  const range = v4.range();
  return { allowed: false, range: range === "unicast" ? tunnel : range };
}

export function classifyAddress(address: string): AddressVerdict {
  const bare = address.replace(/^\[|\]$/g, "");
  // A zone id (fe80::1%eth0, %25 in a URL) names a local interface: never a public site.
  if (/%/.test(bare)) return { allowed: false, range: ipaddr.isValid(bare.replace(/%.*$/, "")) ? "zoned" : "invalid" };
  if (!ipaddr.isValid(bare)) return { allowed: false, range: "invalid" };
  const parsed = ipaddr.parse(withHexTail(bare));
  if (parsed.kind() === "ipv4") return verdictOf(parsed.range());
  const ip = parsed as ipaddr.IPv6;
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated) are judged as the IPv4 address they carry.
  if (ip.isIPv4MappedAddress()) return verdictOf(ip.toIPv4Address().range());
  const range = ip.range();
  if (range === "rfc6145") return verdictOf(lowV4(ip).range());
  const parts = ip.parts;
  // IPv4-compatible ::a.b.c.d (deprecated, ::/96 but :: and ::1): ::127.0.0.1 is loopback. Refused whatever it carries.
  if (range === "unicast" && parts.slice(0, 6).every((p) => p === 0)) return carried(lowV4(ip), "ipv4Compatible");
  // NAT64 (64:ff9b::/96 well-known, 64:ff9b:1::/48 local): the gateway reaches the IPv4 address inside.
  if (range === "rfc6052") return carried(lowV4(ip), "nat64");
  // 6to4 (2002:AABB:CCDD::/48) reaches AA.BB.CC.DD.
  if (range === "6to4") return carried(new ipaddr.IPv4(ip.toByteArray().slice(2, 6)), "6to4");
  return verdictOf(range);
}

function verdictOf(range: string): AddressVerdict {
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
  deprecatedSiteLocal: "a private (site-local) IPv6 address",
  ipv4Compatible: "an IPv4-compatible IPv6 address",
  nat64: "a NAT64 address",
  "6to4": "a 6to4 tunnel address",
  teredo: "a Teredo tunnel address",
  zoned: "a scoped address (with a zone id)",
};

/** "a private network address" — for error texts. */
export function describeRange(range: string): string {
  return RANGE_WORDS[range] ?? "a non-public address";
}
