// Compression of API answers: brotli (or gzip) for JSON and text of 1 KB or more, when the client
// accepts it; `Vary: Accept-Encoding` on every answer that could have been compressed. Small
// answers (the usual API reply) go out as they are: compressing them costs more than it saves.
// Event streams are never buffered. Static assets are compressed at build time instead (see
// scripts/precompress.mjs and app.ts).
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { completeAfter, presetHeaders } from "./security-headers";
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

export function compressBody(body: Uint8Array, encoding: "br" | "gzip"): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

const VARY = [["vary", "Accept-Encoding"]] as const;

export const compressApi = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  // Vary on every API answer, set before the handler (cheap); the answer is only looked at when the
  // client accepts an encoding.
  const preset = presetHeaders(c, VARY);
  await next();
  if (!preset) completeAfter(c, VARY);
  const encoding = pickEncoding(c.req.header("accept-encoding"));
  if (!encoding || c.req.method === "HEAD") return;
  const res = c.res;
  const type = res.headers.get("content-type");
  if (
    res.status === 204 ||
    res.status === 304 ||
    !type ||
    !COMPRESSIBLE.test(type) ||
    res.headers.has("content-encoding")
  )
    return;
  if (/no-transform/i.test(res.headers.get("cache-control") ?? "")) return;
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.length < COMPRESS_THRESHOLD) {
    c.res = new Response(body, res);
    return;
  }
  const compressed = compressBody(body, encoding);
  const out = new Response(new Uint8Array(compressed), res);
  out.headers.set("content-encoding", encoding);
  out.headers.delete("content-length");
  c.res = out;
};
