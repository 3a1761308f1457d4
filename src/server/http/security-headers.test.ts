import { Hono } from "hono";
import { secureHeaders as honoSecureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { secureHeaders } from "./security-headers";

const OPTIONS = { xFrameOptions: "DENY", contentSecurityPolicy: { defaultSrc: ["'self'"] } };

describe("secureHeaders (computed once, set before the handler)", () => {
  it("sets exactly what Hono's secureHeaders sets, on a c.json answer and on a Response the handler built", async () => {
    const reference = new Hono().use(honoSecureHeaders(OPTIONS)).get("/", (c) => c.json({}));
    const ours = new Hono()
      .use(secureHeaders(OPTIONS))
      .get("/", (c) => c.json({}))
      .get("/raw", () => new Response("raw", { headers: { "content-type": "text/plain" } }));
    const expected = [...(await reference.request("/")).headers].filter(([k]) => k !== "content-type");
    expect(expected.length).toBeGreaterThan(5);
    for (const path of ["/", "/raw"]) {
      const res = await ours.request(path);
      for (const [name, value] of expected) expect([path, name, res.headers.get(name)]).toEqual([path, name, value]);
    }
  });

  it("lets a handler's own value stand", async () => {
    const app = new Hono().use(secureHeaders(OPTIONS)).get("/", (c) => {
      c.header("x-frame-options", "SAMEORIGIN");
      return c.text("framed");
    });
    expect((await app.request("/")).headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
