// The client's address for rate limits and the sessions list. Behind proxies, X-Forwarded-For is
// read from the right: each proxy appends the address it saw, so only the entries our own proxies
// wrote can be trusted; whatever a client puts on the left is theirs to invent. proxy-addr (Express's
// `trust proxy`) walks the list the same way for a hop count or a set of trusted proxy addresses.

import type { Socket } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import proxyAddr from "proxy-addr";
import type { TrustProxy } from "../config";
import { connectionFromAncestor } from "./peer-process";

export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: TrustProxy,
): string {
  if (!trust) return socketAddress || "unknown";
  const req = { connection: { remoteAddress: socketAddress }, headers: { "x-forwarded-for": forwardedFor } };
  const trustFn = "hops" in trust ? (_addr: string, i: number) => i < trust.hops : proxyAddr.compile(trust.addresses);
  // proxy-addr's types want an IncomingMessage; it reads only these two fields.
  return proxyAddr(req as unknown as Parameters<typeof proxyAddr>[0], trustFn) || socketAddress || "unknown";
}

export function clientAddress(c: Context, trust: TrustProxy): string {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined; // app.request() in tests has no socket
  }
  return resolveClientAddress(socket, c.req.header("x-forwarded-for"), trust);
}

/** Headers a proxy adds on the way in: any of them means the request did not come straight from this machine. */
export const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "via", "x-forwarded-host"];

const isLoopback = (address: string | undefined) =>
  !!address && (/^127\./.test(address) || address === "::1" || /^::ffff:127\./i.test(address));

/**
 * The operator at the server's own console: the connection comes straight from this machine (its
 * peer is loopback, no proxy is configured and none added its headers) AND its client end is held by
 * a process that started this server (an ancestor: the shell, `npm start`, a script that launched it;
 * peer-process.ts). A reverse proxy on the same host is never an ancestor of the server, so a request
 * through any proxy setup never counts; a browser is not one either. Without /proc, never.
 */
export async function fromOperatorConsole(c: Context, trust: TrustProxy): Promise<boolean> {
  if (trust) return false;
  if (FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined)) return false;
  let socket: Socket | undefined;
  try {
    socket = (c.env as { incoming?: { socket?: Socket } } | undefined)?.incoming?.socket;
  } catch {
    socket = undefined;
  }
  if (!socket || !isLoopback(socket.remoteAddress)) return false; // app.request() in tests has no socket
  return connectionFromAncestor(socket);
}

/** What the admin screen says while requests arrive through a proxy this server does not trust. */
export const UNTRUSTED_PROXY_NOTICE =
  "Requests reach this server through a proxy (they carry forwarding headers), but TRUST_PROXY is not set: every visitor shares the proxy's address, so one visitor's failed sign-ins and sign-ups count against everyone's. Set TRUST_PROXY to the proxy's address or hop count (.env.example).";

/**
 * Notices requests that carry forwarding headers while TRUST_PROXY is unset: says so once in the log
 * (warn) and keeps the notice for the admin screen (GET /api/admin/status).
 */
export class UntrustedProxyNotice {
  private seen: { header: string; at: string } | undefined;

  constructor(private readonly trust: TrustProxy) {}

  get notice(): string | null {
    return this.seen ? UNTRUSTED_PROXY_NOTICE : null;
  }

  check(c: Context, logger: { warn(obj: object, msg: string): void }): void {
    if (this.trust || this.seen) return;
    const header = FORWARDING_HEADERS.find((h) => c.req.header(h) !== undefined);
    if (!header) return;
    this.seen = { header, at: new Date().toISOString() };
    logger.warn({ event: "http.untrusted_proxy", header }, UNTRUSTED_PROXY_NOTICE);
  }
}
