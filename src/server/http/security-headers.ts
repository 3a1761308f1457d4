// The security headers of every response (pages: Hono's own secureHeaders, computed once, so the
// values are exactly its; API answers: API_SECURITY_HEADERS), set by requestContext before the
// handler runs: a header set after `next()` on a finished
// response costs a copy of it. Served by @hono/node-server, they go straight onto Node's response
// (its writeHead merges them, a handler's own value winning), which costs a fraction of building a
// Headers object; elsewhere (app.request in tests) they are Hono's prepared headers, completed
// after `next()` on a Response a handler built itself (Better Auth's).
import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders as honoSecureHeaders, type SecureHeadersVariables } from "hono/secure-headers";

type Options = Parameters<typeof honoSecureHeaders>[0];

/** The headers Hono's secureHeaders sets for `options` (no nonces: those vary per request). */
export async function secureHeaderList(options: Options): Promise<[string, string][]> {
  const headers = new Headers();
  const ctx = { res: { headers }, get: () => undefined, set: () => {} } as unknown as Parameters<
    MiddlewareHandler<{ Variables: SecureHeadersVariables }>
  >[0];
  await honoSecureHeaders(options)(ctx, async () => {});
  return [...headers];
}

/** Sets `headers` on a response that lacks them (one the handler built itself). */
export function completeHeaders(res: Response, headers: readonly (readonly [string, string])[]): Response {
  try {
    for (const [name, value] of headers) if (!res.headers.has(name)) res.headers.set(name, value);
    return res;
  } catch {
    // Immutable headers (a fetched Response): copy it once.
    const copy = new Response(res.body, res);
    for (const [name, value] of headers) if (!copy.headers.has(name)) copy.headers.set(name, value);
    return copy;
  }
}

/**
 * Sets `headers` on the response to come, before the handler runs. True on Node, where nothing can
 * drop them; false where they are Hono's prepared headers (see completeAfter).
 */
export function presetHeaders(c: Context, headers: readonly (readonly [string, string])[]): boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && typeof outgoing.setHeader === "function") {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return true;
  }
  for (const [name, value] of headers) c.header(name, value);
  return false;
}

/** After `next()`, where presetHeaders answered false: the headers a self-built Response lacks. */
export function completeAfter(c: Context, headers: readonly (readonly [string, string])[]): void {
  if (c.res.headers.has(headers[0][0])) return;
  const res = completeHeaders(c.res, headers);
  if (res !== c.res) c.res = res;
}

/**
 * What every API answer carries instead of the page set (OWASP's REST Security Cheat Sheet): JSON is
 * never rendered, so the CSP forbids everything (stricter than the pages'), nothing may frame it or
 * sniff it into something else, other sites may not read it, and no cache keeps a user's data. The
 * headers that only mean something for a document (COOP, X-DNS-Prefetch-Control, X-Download-Options,
 * Origin-Agent-Cluster, X-XSS-Protection, X-Permitted-Cross-Domain-Policies, Referrer-Policy) are
 * left off: on a 90-byte answer they were most of its bytes. So is Strict-Transport-Security: a
 * browser learns it for the whole host from any HTTPS answer, and every visit starts with a page,
 * which carries it. A handler's own value still wins.
 */
export const API_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
  ["cross-origin-resource-policy", "same-origin"],
  ["cache-control", "no-store"],
];

/** The security headers of a request's answer, by path: computed once, looked up per request. */
export interface SecurityHeaders {
  /** Settles once the page set is computed (Hono computes it asynchronously). */
  ready: Promise<void>;
  /** The page set (Hono's secureHeaders for the options) everywhere but /api/*; API_SECURITY_HEADERS there. */
  forPath(path: string): readonly (readonly [string, string])[];
}

export function securityHeaders(options: Options): SecurityHeaders {
  let page: [string, string][] = [];
  const ready = secureHeaderList(options).then((list) => {
    page = list;
  });
  return { ready, forPath: (path) => (path.startsWith("/api/") ? API_SECURITY_HEADERS : page) };
}
