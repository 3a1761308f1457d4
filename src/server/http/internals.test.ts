// What http/ relies on inside Hono and @hono/node-server beyond their documented API. Both are
// pinned exactly in package.json; when an upgrade moves one of these, this file fails and says what
// to change, instead of the app quietly taking a slower path or sending other headers.
import type { ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { secureHeaders as honoSecureHeaders } from "hono/secure-headers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { serveOnLoopback } from "../testing/loopback";
import { givenByHandler } from "./compress";
import { requestContext } from "./middleware";
import { secureHeaderList, securityHeaders } from "./security-headers";
import type { AppEnv } from "./types";

const OPTIONS = { xFrameOptions: "DENY", contentSecurityPolicy: { defaultSrc: ["'self'"] } };

describe("@hono/node-server's Response (compress.ts)", () => {
  it("keeps what a handler gave, text and a plain header object, under its 'cache' symbol", () => {
    getRequestListener(() => new Response(null)); // puts the server's own Response in place, as serve() does
    const res = new Response('{"ok":true}', { status: 201, headers: { "content-type": "application/json" } });
    const kept = givenByHandler(res);
    const moved =
      "@hono/node-server no longer keeps [status, body, headers] under a 'cache' symbol: compress.ts " +
      "would read every answer's headers through a Headers object (the server's slower path). Find the new place before raising the pin.";
    expect(kept.body, moved).toBe('{"ok":true}');
    expect(kept.plain, moved).toEqual({ "content-type": "application/json" });
  });
});

describe("Hono's secureHeaders (security-headers.ts)", () => {
  it("gives, called with the bare context secureHeaderList passes, exactly what it sets on a real answer", async () => {
    const reference = new Hono().use(honoSecureHeaders(OPTIONS)).get("/", (c) => c.text(""));
    const expected = [...(await reference.request("/")).headers].filter(([name]) => name !== "content-type");
    expect(
      await secureHeaderList(OPTIONS),
      "Hono's secureHeaders reads more of its context than secureHeaderList's stand-in gives it",
    ).toEqual(expected);
  });
});

describe("@hono/node-server's outgoing response (security-headers.ts presetHeaders)", () => {
  let url = "";
  let close = () => {};
  const sawOutgoing: boolean[] = [];
  beforeAll(async () => {
    const app = new Hono<AppEnv>()
      .use(requestContext(createLogger("silent"), securityHeaders(OPTIONS)))
      .get("/own", (c) => {
        sawOutgoing.push(typeof (c.env as { outgoing?: ServerResponse }).outgoing?.setHeader === "function");
        c.header("x-frame-options", "SAMEORIGIN");
        return c.text("framed");
      })
      .get("/", (c) => c.json({ ok: true }));
    ({ url, close } = await serveOnLoopback(app.fetch));
  });
  afterAll(() => close());

  it("hands the handler Node's response, whose headers set early are merged with the handler's, the handler's winning", async () => {
    const own = await fetch(`${url}/own`);
    expect(sawOutgoing, "@hono/node-server no longer passes Node's response as c.env.outgoing").toEqual([true]);
    expect(own.headers.get("x-frame-options"), "a header set early on Node's response overrode the handler's").toBe(
      "SAMEORIGIN",
    );
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    const plain = await fetch(`${url}/`);
    expect(plain.headers.get("x-frame-options"), "headers set early on Node's response were dropped").toBe("DENY");
    expect(await plain.json()).toEqual({ ok: true });
  });
});
