// TRUST_PROXY: the client address is read that many hops from the right of X-Forwarded-For (or past
// the trusted proxies), so a client's own entries on the left change nothing.
import { describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app";
import { resolveClientAddress } from "./client-address";

describe("resolveClientAddress", () => {
  const xff = "6.6.6.6, 203.0.113.5, 10.0.0.2";
  it("uses the socket when no proxy is trusted", () => {
    expect(resolveClientAddress("192.0.2.1", xff, false)).toBe("192.0.2.1");
  });
  it("counts hops from the right", () => {
    expect(resolveClientAddress("10.0.0.1", xff, { hops: 1 })).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.1", xff, { hops: 2 })).toBe("203.0.113.5");
    expect(resolveClientAddress("10.0.0.1", "203.0.113.5", { hops: 3 })).toBe("203.0.113.5");
  });
  it("walks past trusted proxy addresses", () => {
    expect(resolveClientAddress("10.0.0.1", xff, { addresses: ["10.0.0.0/8"] })).toBe("203.0.113.5");
    // A socket that is not a trusted proxy: its own address, whatever the header says.
    expect(resolveClientAddress("198.51.100.1", xff, { addresses: ["10.0.0.0/8"] })).toBe("198.51.100.1");
  });
});

describe("TRUST_PROXY behind one proxy", () => {
  it("keeps the sign-up limit when a client rotates the left of X-Forwarded-For", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "true", SIGN_UPS_PER_MINUTE: "3" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.request("/api/auth/sign-up/email", {
          method: "POST",
          // The proxy appends the address it saw (198.51.100.9); the client invents the rest.
          headers: { "content-type": "application/json", "x-forwarded-for": `100.64.0.${i}, 198.51.100.9` },
          body: JSON.stringify({ email: `farm${i}@example.com`, password: "long-enough-1" }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });
});
