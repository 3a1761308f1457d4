// Compression of API answers: brotli (or gzip) for JSON and text of 1 KB or more, when the client
// accepts it, with `Vary: Accept-Encoding`. An answer sent as it is needs no Vary: the identity
// encoding suits every client, and API answers are `Cache-Control: no-store` anyway. Small
// answers (the usual API reply) go out as they are, the same Response object: compressing them
// costs more than it saves, and their size is known without reading them (Content-Length, or the
// text the handler gave). Compression runs on libuv's thread pool (zlib's async API), so a large
// answer never holds up the event loop. Event streams are never buffered. Static assets are
// compressed at build time instead (see scripts/precompress.mjs and app.ts).
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler, Next } from "hono";
import type { AppEnv } from "./types";

export const COMPRESS_THRESHOLD = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|xml)|text\/(?!event-stream)|image\/svg\+xml)/i;

/** The encoding to use for an Accept-Encoding header: br, else gzip, else none. */
export function pickEncoding(accept: string | undefined): "br" | "gzip" | null {
  if (!accept) return null;
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

// @hono/node-server's Response keeps the body a handler gave (text or bytes) as it is until
// something reads it, under a private symbol; found once by its description. Elsewhere (tests'
// app.request, a fetched Response) there is none and Content-Length decides, else the body is read.
let givenBodyKey: symbol | undefined;
function givenBody(res: Response): string | Uint8Array | undefined {
  if (!givenBodyKey) {
    givenBodyKey = Object.getOwnPropertySymbols(res).find((s) => s.description === "cache");
    if (!givenBodyKey) return undefined;
  }
  const cache = (res as unknown as Record<symbol, unknown>)[givenBodyKey];
  if (!Array.isArray(cache)) return undefined;
  const body = cache[1];
  return typeof body === "string" || body instanceof Uint8Array ? body : undefined;
}

/** The body's size in bytes when it is known without reading it. */
function knownSize(given: string | Uint8Array | undefined, headers: Headers): number | undefined {
  if (typeof given === "string") return given.length * 3 < COMPRESS_THRESHOLD ? given.length : Buffer.byteLength(given);
  if (given) return given.byteLength;
  const length = headers.get("content-length");
  return length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
}

export const compressApi = (): MiddlewareHandler<AppEnv> => (c, next) => {
  // The answer is only looked at when the client accepts an encoding.
  const encoding = c.req.method === "HEAD" ? null : pickEncoding(c.req.header("accept-encoding"));
  return encoding ? compressAfter(c, next, encoding) : next();
};

async function compressAfter(c: Context<AppEnv>, next: Next, encoding: "br" | "gzip") {
  await next();
  const res = c.res;
  if (res.status === 204 || res.status === 304) return;
  const headers = res.headers;
  const type = headers.get("content-type");
  if (!type || !COMPRESSIBLE.test(type) || headers.has("content-encoding")) return;
  if (/no-transform/i.test(headers.get("cache-control") ?? "")) return;
  const given = givenBody(res);
  const size = knownSize(given, headers);
  if (size !== undefined && size < COMPRESS_THRESHOLD) return; // untouched, unread

  let body: Uint8Array;
  if (given === undefined) {
    const read = new Uint8Array(await res.arrayBuffer());
    if (read.length < COMPRESS_THRESHOLD) {
      // Its size was unknown and reading it used it up: the same bytes, in a new Response.
      c.res = new Response(read, res);
      return;
    }
    body = read;
  } else body = typeof given === "string" ? Buffer.from(given) : given;
  const out = new Response(new Uint8Array(await compressBodyAsync(body, encoding)), res);
  out.headers.set("content-encoding", encoding);
  out.headers.append("vary", "Accept-Encoding");
  out.headers.delete("content-length");
  c.res = out;
}
