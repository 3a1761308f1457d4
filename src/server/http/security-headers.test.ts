import { Hono } from "hono";
import { secureHeaders as honoSecureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { requestContext } from "./middleware";
import { API_SECURITY_HEADERS, securityHeaders } from "./security-headers";
import type { AppEnv } from "./types";

const OPTIONS = { xFrameOptions: "DENY", contentSecurityPolicy: { defaultSrc: ["'self'"] } };
const withHeaders = () => new Hono<AppEnv>().use(requestContext(createLogger("silent"), securityHeaders(OPTIONS)));

describe("security headers (computed once, set before the handler by requestContext)", () => {
  it("sets exactly what Hono's secureHeaders sets on pages, on a c.json answer and on a Response the handler built", async () => {
    const reference = new Hono().use(honoSecureHeaders(OPTIONS)).get("/", (c) => c.json({}));
    const ours = withHeaders()
      .get("/", (c) => c.json({}))
      .get("/raw", () => new Response("raw", { headers: { "content-type": "text/plain" } }));
    const expected = [...(await reference.request("/")).headers].filter(([k]) => k !== "content-type");
    expect(expected.length).toBeGreaterThan(5);
    for (const path of ["/", "/raw"]) {
      const res = await ours.request(path);
      for (const [name, value] of expected) expect([path, name, res.headers.get(name)]).toEqual([path, name, value]);
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    }
  });

  it("gives API answers the REST set: a CSP that forbids everything, no-store, and none of the document-only headers", async () => {
    const app = withHeaders()
      .get("/api/thing", (c) => c.json({ ok: true }))
      .get("/api/raw", () => new Response("{}", { headers: { "content-type": "application/json" } }));
    for (const path of ["/api/thing", "/api/raw"]) {
      const res = await app.request(path);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      for (const pageOnly of ["cross-origin-opener-policy", "x-dns-prefetch-control", "strict-transport-security"])
        expect([path, pageOnly, res.headers.get(pageOnly)]).toEqual([path, pageOnly, null]);
    }
    expect(API_SECURITY_HEADERS.length).toBe(5);
  });

  it("lets a handler's own value stand", async () => {
    const app = withHeaders()
      .get("/", (c) => {
        c.header("x-frame-options", "SAMEORIGIN");
        return c.text("framed");
      })
      .get("/api/cached", (c) => {
        c.header("cache-control", "private, max-age=60");
        return c.json({});
      });
    expect((await app.request("/")).headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect((await app.request("/api/cached")).headers.get("cache-control")).toBe("private, max-age=60");
  });
});
