import { describe, expect, it } from "vitest";
import { classifyAddress, isIpLiteral, isPublicAddress } from "./address-policy";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "192.0.2.1",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "not-an-address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:93.184.216.34"])(
    "allows %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it("names the range it refused", () => {
    expect(classifyAddress("169.254.169.254").range).toBe("linkLocal");
    expect(classifyAddress("[::1]").range).toBe("loopback");
  });

  it("tells literals from names", () => {
    expect(isIpLiteral("10.0.0.1")).toBe(true);
    expect(isIpLiteral("[fe80::1]")).toBe(true);
    expect(isIpLiteral("blog.example.com")).toBe(false);
  });

  // Issue 26: https://[::127.0.0.1] was classed as public. Every IPv6 form, with the range it is named by.
  it.each([
    // loopback and unspecified, compressed and expanded
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["0000:0000:0000:0000:0000:0000:0000:0001", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["0:0:0:0:0:0:0:0", "unspecified"],
    // IPv4-mapped and translated: judged as the IPv4 address
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["0:0:0:0:0:ffff:7f00:0001", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:0:127.0.0.1", "loopback"],
    // IPv4-compatible (deprecated): the IPv4 range, or refused as such
    ["::127.0.0.1", "loopback"],
    ["[::127.0.0.1]", "loopback"],
    ["::7f00:1", "loopback"],
    ["0:0:0:0:0:0:7f00:1", "loopback"],
    ["::10.0.0.1", "private"],
    ["::169.254.169.254", "linkLocal"],
    ["::8.8.8.8", "ipv4Compatible"],
    // NAT64
    ["64:ff9b::127.0.0.1", "loopback"],
    ["64:ff9b::a00:1", "private"],
    ["64:ff9b::a9fe:a9fe", "linkLocal"],
    ["64:ff9b::8.8.8.8", "nat64"],
    ["64:ff9b:1::a00:1", "private"],
    // 6to4 embedding a private or public IPv4
    ["2002:7f00:1::", "loopback"],
    ["2002:c0a8:101::1", "private"],
    ["2002:a9fe:a9fe::", "linkLocal"],
    ["2002:808:808::1", "6to4"],
    // Teredo
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    ["2001::7f00:1", "teredo"],
    // link-local, unique-local, site-local, multicast, documentation, discard
    ["fe80::1", "linkLocal"],
    ["febf:ffff::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456:789a::1", "uniqueLocal"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["feff::1", "deprecatedSiteLocal"],
    ["ff02::1", "multicast"],
    ["ff05::1:3", "multicast"],
    ["2001:db8::1", "reserved"],
    ["100::1", "discard"],
    // zone ids
    ["fe80::1%eth0", "zoned"],
    ["fe80::1%25eth0", "zoned"],
    ["[fe80::1%eth0]", "zoned"],
    ["2606:4700:4700::1111%1", "zoned"],
  ])("refuses %s as %s", (address, range) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, range });
  });

  it.each([
    "2606:4700:4700::1111",
    "2606:4700:4700:0:0:0:0:1111",
    "2606:4700:4700:0000:0000:0000:0000:1111",
    "[2a00:1450:4001:80b::200e]",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
  ])("allows the public IPv6 address %s", (address) => {
    expect(classifyAddress(address)).toEqual({ allowed: true, range: "unicast" });
  });
});
