// The answer checker createTestApp puts on every test app: an answer that breaks its route's
// declared contract fails the call that got it.
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sseMessages } from "../../shared/writing-stream";
import { doc } from "../http/openapi";
import { AnswerContractError, checkAnswers } from "./answer-check";

const Thing = z.object({ id: z.string(), count: z.number().int(), note: z.string().nullable() });

function app() {
  const a = new Hono();
  const sub = new Hono();
  const thing = doc({ summary: "A thing", tag: "T", caller: "public", response: Thing, errors: ["NOT_FOUND"] });
  sub.get("/things/:id", thing, (c) => {
    const id = c.req.param("id");
    if (id === "missing") return c.json({ id, count: 1 });
    if (id === "mistyped") return c.json({ id, count: "1", note: null });
    if (id === "extra") return c.json({ id, count: 1, note: "n", more: true });
    if (id === "text") return c.text("plain");
    if (id === "created") return c.json({ id, count: 1, note: null }, 201);
    if (id === "bad-error") return c.json({ message: "no" }, 400);
    if (id === "unknown-code") return c.json({ error: "no", code: "NOPE" }, 400);
    if (id === "error") return c.json({ error: "Not here", code: "NOT_FOUND" }, 404);
    if (id === "general-error") return c.json({ error: "Too many", code: "RATE_LIMITED", retryAfter: 3 }, 429);
    if (id === "undeclared-error") return c.json({ error: "Taken", code: "CONFLICT" }, 409);
    return c.json({ id, count: 1, note: null });
  });
  sub.post("/things", doc({ summary: "Make a thing", tag: "T", caller: "public", response: Thing, status: 201 }), (c) =>
    c.json({ id: "new", count: 0, note: null }, 200),
  );
  sub.get("/files/:id", doc({ summary: "A file", tag: "T", caller: "public", file: ["text/csv"] }), (c) =>
    c.req.param("id") === "csv" ? c.body("a,b", 200, { "content-type": "text/csv" }) : c.json({ a: 1 }),
  );
  sub.get("/undeclared", (c) => c.json({ anything: true }));
  sub.post(
    "/stream/:how",
    doc({ summary: "Stream", tag: "T", caller: "public", response: Thing, stream: { start: Thing, done: Thing } }),
    (c) =>
      streamSSE(c, async (s) => {
        const how = c.req.param("how");
        await s.writeSSE({ event: "start", data: JSON.stringify({ id: "s", count: 0, note: null }) });
        if (how === "mistyped") await s.writeSSE({ event: "done", data: JSON.stringify({ id: "s", count: "1" }) });
        else if (how === "undeclared") await s.writeSSE({ event: "surprise", data: "{}" });
        else await s.writeSSE({ event: "done", data: JSON.stringify({ id: "s", count: 1, note: null }) });
      }),
  );
  a.route("/api", sub);
  return checkAnswers(a);
}

describe("checkAnswers", () => {
  const a = app();
  const get = (path: string) => a.request(path);

  it("passes an answer its schema parses, extra fields included", async () => {
    expect((await get("/api/things/ok")).status).toBe(200);
    const res = await get("/api/things/extra");
    expect(await res.json()).toMatchObject({ more: true }); // the body is still there to read
    expect((await get("/api/undeclared")).status).toBe(200);
  });

  it("fails a missing or mistyped field, naming the route, the status and the issue", async () => {
    await expect(get("/api/things/missing")).rejects.toThrow(AnswerContractError);
    await expect(get("/api/things/missing")).rejects.toThrow(/GET \/api\/things\/:id answered 200[\s\S]*note/);
    await expect(get("/api/things/mistyped")).rejects.toThrow(/count/);
  });

  it("fails a status or a media type other than the declared one", async () => {
    await expect(get("/api/things/created")).rejects.toThrow(/declares 200/);
    await expect(a.request("/api/things", { method: "POST" })).rejects.toThrow(/POST \/api\/things answered 200/);
    await expect(get("/api/things/text")).rejects.toThrow(/declares JSON/);
    expect((await get("/api/files/csv")).status).toBe(200);
    await expect(get("/api/files/json")).rejects.toThrow(/declares text\/csv/);
  });

  it("holds every error to the error contract, with a code the route may give", async () => {
    expect((await get("/api/things/error")).status).toBe(404);
    expect((await get("/api/things/general-error")).status).toBe(429);
    await expect(get("/api/things/undeclared-error")).rejects.toThrow(
      /code CONFLICT, which the route does not declare/,
    );
    await expect(get("/api/things/bad-error")).rejects.toThrow(/error contract/);
    await expect(get("/api/things/unknown-code")).rejects.toThrow(/code/);
  });

  it("checks a declared stream's events as they are read", async () => {
    const events = async (how: string) => {
      const res = await a.request(`/api/stream/${how}`, { method: "POST" });
      const seen: string[] = [];
      for await (const m of sseMessages(res.body as ReadableStream<Uint8Array<ArrayBuffer>>)) seen.push(m.event);
      return seen;
    };
    expect(await events("ok")).toEqual(["start", "done"]);
    await expect(events("mistyped")).rejects.toThrow(
      /POST \/api\/stream\/:how streamed a "done" event not as declared/,
    );
    await expect(events("undeclared")).rejects.toThrow(/"surprise" event, which it does not declare/);
  });
});
