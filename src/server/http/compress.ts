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

// @hono/node-server's Response keeps what a handler gave (status, text or bytes, and headers, often a
// plain object) as it is until something reads it, under a private symbol; found once by its
// description. Reading `res.headers` would turn a plain object into a Headers object for good, and
// the server then writes the answer by its slower path, so the headers are read where they lie.
// Elsewhere (tests' app.request, a fetched Response) there is none: the Response's own headers and,
// for the size, Content-Length decide, else the body is read.
let givenKey: symbol | undefined;
interface Given {
  body: string | Uint8Array | undefined;
  /** The header named (lower case), without turning the Response's headers into a Headers object. */
  header: (name: string) => string | null;
}
function given(res: Response): Given {
  givenKey ??= Object.getOwnPropertySymbols(res).find((s) => s.description === "cache");
  const cache = givenKey ? (res as unknown as Record<symbol, unknown>)[givenKey] : undefined;
  if (!Array.isArray(cache)) return { body: undefined, header: (name) => res.headers.get(name) };
  const body =
    typeof cache[1] === "string" || cache[1] instanceof Uint8Array ? (cache[1] as string | Uint8Array) : undefined;
  const plain = cache[2];
  const isPlain = plain !== null && typeof plain === "object" && !(plain instanceof Headers) && !Array.isArray(plain);
  if (!isPlain) return { body, header: (name) => res.headers.get(name) };
  return { body, header: (name) => plainHeader(plain as Record<string, unknown>, name) };
}

function plainHeader(headers: Record<string, unknown>, name: string): string | null {
  for (const key in headers) {
    if (key.length === name.length && key.toLowerCase() === name) {
      const value = headers[key];
      return value == null ? null : String(value);
    }
  }
  return null;
}

/** The body's size in bytes when it is known without reading it. */
function knownSize({ body, header }: Given): number | undefined {
  if (typeof body === "string") return body.length * 3 < COMPRESS_THRESHOLD ? body.length : Buffer.byteLength(body);
  if (body) return body.byteLength;
  const length = header("content-length");
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
  const kept = given(res);
  const type = kept.header("content-type");
  if (!type || !COMPRESSIBLE.test(type) || kept.header("content-encoding") !== null) return;
  if (/no-transform/i.test(kept.header("cache-control") ?? "")) return;
  const size = knownSize(kept);
  if (size !== undefined && size < COMPRESS_THRESHOLD) return; // untouched, unread

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
