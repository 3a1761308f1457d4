// Every answer a route test gets is checked against what its route declares (issue 28): createTestApp
// wraps `app.request` with `checkAnswers`, so each of the route tests is also a test of the OpenAPI
// document. For a request to /api/…:
//   - a 2xx answer of a route that declares `response` (doc({...}), http/openapi.ts) has the declared
//     status and is JSON that the schema parses (a missing or mistyped field fails; an extra one
//     passes), or a stream when the route declares one, or the declared file type;
//   - a declared stream's events are checked as the test reads them (an undeclared event, or data
//     its schema does not parse, errors the stream);
//   - a 4xx/5xx answer is the error contract, `{ error, code, … }`, with a code the route may give
//     (its own `errors` and the general ones: errorCodesOf).
// An answer that breaks its contract makes `app.request` throw, naming the route, the status and
// zod's issues, so the test that made the call fails there.
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { createParser } from "eventsource-parser";
import type { Hono } from "hono";
import { z } from "zod";
import { ErrorBodySchema } from "../../shared/api-schemas";
import { declarationOf, errorCodesOf, type RouteDoc } from "../http/openapi";

/** The declaring route of a request: its path pattern and what it declares (null: none declares). */
interface Declared {
  path: string;
  doc: RouteDoc;
}

/** Thrown by a checked app.request when an answer breaks its route's declared contract. */
export class AnswerContractError extends Error {
  override name = "AnswerContractError";
}

// biome-ignore lint/suspicious/noExplicitAny: any app (only its router and request are used)
type AnyHono = Hono<any>;

/** Wraps `app.request` so every answer is checked (see the top of this file). Returns the app. */
export function checkAnswers<A extends AnyHono>(app: A): A {
  const request = app.request;
  const routes = new Map<string, Declared | null>();

  /** The route that declares the answers of `method path`: the first declared one the router matches. */
  const declaredFor = (method: string, path: string): Declared | null => {
    const key = `${method} ${path}`;
    let found = routes.get(key);
    if (found === undefined) {
      found = null;
      const [matches] = app.router.match(method === "HEAD" ? "GET" : method, path);
      for (const [[handler, route]] of matches) {
        const d = declarationOf(handler);
        if (d) {
          found = { path: route.path, doc: d };
          break;
        }
      }
      if (routes.size > 5000) routes.clear();
      routes.set(key, found);
    }
    return found;
  };

  app.request = (async (...args: Parameters<AnyHono["request"]>) => {
    const res = await request(...args);
    const [input, init] = args;
    const req = input instanceof Request ? input : undefined;
    const method = (init?.method ?? req?.method ?? "GET").toUpperCase();
    const path = new URL(req ? req.url : String(input), "http://localhost").pathname;
    if (!path.startsWith("/api/")) return res;
    const declared = declaredFor(method, path);
    await checkAnswer(method, path, res, declared);
    const events = declared?.doc.stream;
    if (events && res.body && res.ok && /^text\/event-stream\b/i.test(res.headers.get("content-type") ?? ""))
      return new Response(checkedEvents(`${method} ${declared.path}`, events, res.body), res);
    return res;
  }) as A["request"];
  return app;
}

async function checkAnswer(method: string, path: string, res: Response, declared: Declared | null) {
  const type = res.headers.get("content-type") ?? "";
  const isJson = /\bjson\b/i.test(type);
  const route = `${method} ${declared?.path ?? path}`;
  const fail = (what: string): never => {
    throw new AnswerContractError(`${route} answered ${res.status}: ${what}`);
  };
  const body = async () => {
    const text = decoded(res.headers.get("content-encoding"), Buffer.from(await res.clone().arrayBuffer()));
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return fail(`its ${type} body is not JSON: ${text.slice(0, 200)}`);
    }
  };
  const parse = async (schema: z.ZodType, what: string) => {
    const json = await body();
    const result = schema.safeParse(json);
    if (!result.success)
      fail(
        `not ${what}:\n${z.prettifyError(result.error)}\nissues: ${JSON.stringify(result.error.issues)}\nbody: ${JSON.stringify(json).slice(0, 2000)}`,
      );
  };

  if (res.status >= 400) {
    // 499: the client left, and nobody reads the answer (http/errors.ts).
    if (res.status === 499) return;
    if (!isJson) fail(`an error that is not JSON (${type || "no content type"})`);
    await parse(ErrorBodySchema, "the error contract {error, code}");
    // A declared route answers only its own codes and the general ones (errorCodesOf).
    const codes = declared && errorCodesOf(declared.doc);
    const { code } = (await body()) as { code: string };
    if (codes && !codes.has(code)) fail(`code ${code}, which the route does not declare (doc({ errors }))`);
    return;
  }
  if (res.status < 200 || res.status >= 300 || !declared) return;
  const d = declared.doc;
  if (res.status !== (d.status ?? 200)) fail(`the route declares ${d.status ?? 200}`);
  if (d.file) {
    const mediaType = type.split(";")[0]?.trim().toLowerCase();
    if (![d.file].flat().includes(mediaType ?? "")) fail(`a ${type} answer where the route declares ${d.file}`);
    return;
  }
  if (d.stream && /^text\/event-stream\b/i.test(type)) return;
  if (!isJson) fail(`a ${type || "bodiless"} answer where the route declares JSON`);
  if (!d.response) fail("the route declares no response schema");
  await parse(d.response as z.ZodType, "the declared response schema");
}

/**
 * The stream of events, checked as it is read: an event the route does not declare, or whose data
 * its schema does not parse, errors the stream, so the test reading it fails there.
 */
function checkedEvents(
  route: string,
  events: Record<string, z.ZodType>,
  body: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  let problem: AnswerContractError | undefined;
  const parser = createParser({
    onEvent: ({ event = "message", data }) => {
      if (problem) return;
      const schema = events[event];
      if (!schema) {
        problem = new AnswerContractError(`${route} streamed a "${event}" event, which it does not declare`);
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        problem = new AnswerContractError(`${route} streamed a "${event}" event whose data is not JSON: ${data}`);
        return;
      }
      const result = schema.safeParse(json);
      if (!result.success)
        problem = new AnswerContractError(
          `${route} streamed a "${event}" event not as declared:\n${z.prettifyError(result.error)}\ndata: ${data.slice(0, 2000)}`,
        );
    },
  });
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        parser.feed(decoder.decode(chunk, { stream: true }));
        if (problem) controller.error(problem);
        else controller.enqueue(chunk);
      },
      flush(controller) {
        parser.feed("\n\n"); // a last event with no blank line after it
        if (problem) controller.error(problem);
      },
    }),
  );
}

/** A body as sent, decompressed (http/compress.ts compresses large answers). */
function decoded(encoding: string | null, bytes: Buffer): string {
  const e = encoding?.trim().toLowerCase();
  const plain =
    e === "br"
      ? brotliDecompressSync(bytes)
      : e === "gzip"
        ? gunzipSync(bytes)
        : e === "deflate"
          ? inflateSync(bytes)
          : bytes;
  return plain.toString("utf8");
}
