// Compression of API answers: brotli (or gzip) for JSON and text of 1 KB or more, when the client
// accepts it, with `Vary: Accept-Encoding`. An answer sent as it is needs no Vary: the identity
// encoding suits every client, and API answers are `Cache-Control: no-store` anyway. Small
// answers (the usual API reply) go out as they are, the same Response object: compressing them
// costs more than it saves, and their size is known without reading them (Content-Length, or the
// text the handler gave). Compression runs on libuv's thread pool (zlib's async API), so a large
// answer never holds up the event loop. Event streams are never buffered. Static assets are
// compressed at build time instead (see scripts/precompress.mjs and app.ts).
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./types";

export const COMPRESS_THRESHOLD = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|xml)|text\/(?!event-stream)|image\/svg\+xml)/i;

/** The encoding to use for an Accept-Encoding header: br, else gzip, else none. */
export function pickEncoding(accept: string | undefined): "br" | "gzip" | null {
  if (!accept) return null;
  // Browsers send a handful of distinct values, each on every request: parsed once each.
  const known = picked.get(accept);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(accept);
  if (picked.size >= 100) picked.clear();
  picked.set(accept, encoding);
  return encoding;
}
const picked = new Map<string, "br" | "gzip" | null>();

function parseAcceptEncoding(accept: string): "br" | "gzip" | null {
  let gzip = false;
  for (const part of accept.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "*") gzip = true;
  }
  return gzip ? "gzip" : null;
}

const brotliOptions = (length: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: length },
});

/** Compresses once, synchronously: for start-up work (index.html), never for a request. */
export function compressBody(body: Uint8Array, encoding: "br" | "gzip"): Buffer {
  return encoding === "br" ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body, { level: 6 });
}

/** Compresses on the thread pool: the event loop goes on answering meanwhile. */
export function compressBodyAsync(body: Uint8Array, encoding: "br" | "gzip"): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (encoding === "br") brotliCompress(body, brotliOptions(body.length), done);
    else gzip(body, { level: 6 }, done);
  });
}

// @hono/node-server's Response keeps what a handler gave (status, text or bytes, and headers, often a
// plain object) as it is until something reads it, under a private symbol; found once by its
// description. (@hono/node-server is pinned exactly in package.json; http/internals.test.ts fails
// when an upgrade moves this.) Reading `res.headers` would turn a plain object into a Headers object for good, and
// the server then writes the answer by its slower path, so the headers are read where they lie.
// Elsewhere (tests' app.request, a fetched Response) there is none: the Response's own headers and,
// for the size, Content-Length decide, else the body is read.
let givenKey: symbol | undefined;
/** What the handler gave: its body when it is text or bytes, its headers when still a plain object. */
export interface Given {
  res: Response;
  body: string | Uint8Array | undefined;
  plain: Record<string, unknown> | undefined;
}
export function givenByHandler(res: Response): Given {
  givenKey ??= Object.getOwnPropertySymbols(res).find((s) => s.description === "cache");
  const cache = givenKey ? (res as unknown as Record<symbol, unknown>)[givenKey] : undefined;
  if (!Array.isArray(cache)) return { res, body: undefined, plain: undefined };
  const body =
    typeof cache[1] === "string" || cache[1] instanceof Uint8Array ? (cache[1] as string | Uint8Array) : undefined;
  const headers = cache[2];
  const plain =
    headers !== null && typeof headers === "object" && !(headers instanceof Headers) && !Array.isArray(headers)
      ? (headers as Record<string, unknown>)
      : undefined;
  return { res, body, plain };
}

/** The header `name` (lower case), read without turning a plain object into a Headers object. */
function headerOf({ res, plain }: Given, name: string): string | null {
  if (!plain) return res.headers.get(name);
  for (const key in plain) {
    if (key.length === name.length && key.toLowerCase() === name) {
      const value = plain[key];
      return value == null ? null : String(value);
    }
  }
  return null;
}

/** The body's size in bytes when it is known without reading it. */
function knownSize(kept: Given): number | undefined {
  const { body } = kept;
  if (typeof body === "string") return body.length * 3 < COMPRESS_THRESHOLD ? body.length : Buffer.byteLength(body);
  if (body) return body.byteLength;
  const length = headerOf(kept, "content-length");
  return length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
}

/** The encoding this request's answer may be compressed with: none for HEAD or without Accept-Encoding. */
export function answerEncoding(c: Context<AppEnv>): "br" | "gzip" | null {
  return c.req.method === "HEAD" ? null : pickEncoding(c.req.header("accept-encoding"));
}

/** Compression as a middleware of its own (the app folds it into requestContext instead). */
export const compressApi = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  // The answer is only looked at when the client accepts an encoding.
  const encoding = answerEncoding(c);
  await next();
  if (encoding) await compressAnswer(c, encoding);
};

/**
 * Compresses the finished answer `c.res` when it is worth it. Decides without reading it and
 * returns nothing (no promise to wait for) when it is left as it is, the usual case.
 */
export function compressAnswer(c: Context<AppEnv>, encoding: "br" | "gzip"): Promise<void> | undefined {
  const res = c.res;
  if (res.status === 204 || res.status === 304) return;
  const kept = givenByHandler(res);
  const type = headerOf(kept, "content-type");
  if (!type || !COMPRESSIBLE.test(type) || headerOf(kept, "content-encoding") !== null) return;
  if (/no-transform/i.test(headerOf(kept, "cache-control") ?? "")) return;
  const size = knownSize(kept);
  if (size !== undefined && size < COMPRESS_THRESHOLD) return; // untouched, unread
  return compressRead(c, res, kept, encoding);
}

async function compressRead(c: Context<AppEnv>, res: Response, kept: Given, encoding: "br" | "gzip") {
  let body: Uint8Array;
  if (kept.body === undefined) {
    const read = new Uint8Array(await res.arrayBuffer());
    if (read.length < COMPRESS_THRESHOLD) {
      // Its size was unknown and reading it used it up: the same bytes, in a new Response.
      c.res = new Response(read, res);
      return;
    }
    body = read;
  } else body = typeof kept.body === "string" ? Buffer.from(kept.body) : kept.body;
  const out = new Response(new Uint8Array(await compressBodyAsync(body, encoding)), res);
  out.headers.set("content-encoding", encoding);
  out.headers.append("vary", "Accept-Encoding");
  out.headers.delete("content-length");
  c.res = out;
}
