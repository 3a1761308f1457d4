import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { onError } from "./errors";
import { requestContext } from "./middleware";
import type { AppEnv } from "./types";

function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, false, { destination: { write: (line: string) => lines.push(JSON.parse(line)) } });
  const app = new Hono<AppEnv>()
    .use(requestContext(logger))
    .get("/api/ok", (c) => c.json({ ok: true }))
    .get("/api/boom", () => {
      throw new Error("kaboom");
    })
    .get("/page", (c) => c.text("page"));
  app.onError(onError);
  return { app, lines };
}

describe("requestContext", () => {
  it("answers with the caller's sane X-Request-Id or a new one, and logs one line per API request naming it", async () => {
    const { app, lines } = appWithLog("info");
    const given = await app.request("/api/ok", { headers: { "x-request-id": "abc-12345" } });
    expect(given.headers.get("x-request-id")).toBe("abc-12345");
    const made = await app.request("/api/ok", { headers: { "x-request-id": "no spaces allowed!" } });
    const id = made.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    await app.request("/page");
    const requests = lines.filter((l) => l.event === "http.request");
    expect(requests).toEqual([
      expect.objectContaining({ requestId: "abc-12345", method: "GET", path: "/api/ok", status: 200 }),
      expect.objectContaining({ requestId: id, path: "/api/ok", status: 200 }),
    ]);
    const next = (await app.request("/api/ok")).headers.get("x-request-id");
    expect(next).not.toBe(id);
    expect(next?.split("-")[0]).toBe(id?.split("-")[0]); // one process, one prefix; the counter moves
  });

  it("names the request in the log line of an unhandled error", async () => {
    const { app, lines } = appWithLog("info");
    const res = await app.request("/api/boom", { headers: { "x-request-id": "boom-request-1" } });
    expect(res.status).toBe(500);
    expect(lines.find((l) => l.event === "http.unhandled")).toMatchObject({
      requestId: "boom-request-1",
      path: "/api/boom",
    });
  });

  it("builds no request line when info is not logged", async () => {
    const { app, lines } = appWithLog("warn");
    await app.request("/api/ok");
    expect(lines).toEqual([]);
  });
});
