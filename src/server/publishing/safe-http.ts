// The one HTTP client for addresses users type in (their WordPress site, their Shopify store, a
// featured image URL). Server-side request forgery is refused here, in one place:
//   - https only; a literal IP must be public (Node never asks DNS for a literal, so it is checked
//     before connecting);
//   - a host name is resolved by our own `lookup` on the connection itself, and every address it
//     resolves to must be public: the address checked is the address connected to, so DNS rebinding
//     (public at check time, 127.0.0.1 at connect time) has no window;
//   - redirects are followed by hand, at most MAX_REDIRECTS, each hop checked again; credentials are
//     dropped when a redirect leaves the origin;
//   - every exchange has a deadline and a response-size ceiling.
// PUBLISH_ALLOW_PRIVATE_HOSTS=true (self-hosters with an intranet WordPress; tests) lifts the
// address and https rules, nothing else.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { Agent, request as undiciRequest } from "undici";
import { countOf } from "../../shared/plural";
import { firstUse } from "../first-use";
import { type AddressVerdict, classifyAddress, describeRange, isIpLiteral } from "./address-policy";

export const MAX_REDIRECTS = 3;
const HTTPS_PORTS = ["443", "8443"];

export type SafeHttpFailure =
  | "bad-url"
  | "insecure-scheme"
  | "private-address"
  | "unresolvable"
  | "timeout"
  | "too-large"
  | "unreachable"
  | "too-many-redirects";

/** Why a request never got an answer (the remote's own errors are answers: see SafeResponse.status). */
export class SafeHttpError extends Error {
  constructor(
    readonly failure: SafeHttpFailure,
    message: string,
  ) {
    super(message);
    this.name = "SafeHttpError";
  }
}

/** Resolves a host name to all of its addresses (dns.lookup by default; tests pass a fake DNS). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

export interface SafeHttpOptions {
  /** PUBLISH_ALLOW_PRIVATE_HOSTS: plain http and any address. */
  allowPrivate: boolean;
  /** Deadline of one exchange (all redirects included), ms. */
  timeoutMs: number;
  /** Largest response body read, bytes. */
  maxResponseBytes: number;
  resolver?: Resolver;
  /** Tests only: which addresses count as public (default: classifyAddress), and whether plain http on
   *  any port is allowed without allowPrivate — so a loopback server can stand in for a public host
   *  while every other rule stays real. */
  testing?: { addressPolicy?: (address: string) => AddressVerdict; allowHttpOnAnyPort?: boolean };
}

export interface SafeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Overrides the client's ceiling for this request (an image download may be larger than JSON). */
  maxResponseBytes?: number;
  signal?: AbortSignal;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  /** The URL that answered (after redirects). */
  url: string;
  body: Uint8Array;
  text(): string;
  /** The body as JSON, or undefined when it is not JSON. */
  json<T = unknown>(): T | undefined;
}

/** Headers that carry credentials: never sent to another origin by a redirect. */
const CREDENTIAL_HEADERS = ["authorization", "x-shopify-access-token", "cookie"];

export class SafeHttp {
  /**
   * undici and the agent that checks every address it connects to, loaded at the first request:
   * publishing is rare, and undici is a megabyte of code for the server to load at every start.
   */
  private readonly undici = firstUse(() => this.loadClient());
  private readonly resolver: Resolver;
  private readonly verdictOf: (address: string) => AddressVerdict;
  private readonly allowHttpOnAnyPort: boolean;

  constructor(private readonly opts: SafeHttpOptions) {
    this.resolver = opts.resolver ?? systemResolver;
    this.verdictOf = opts.testing?.addressPolicy ?? classifyAddress;
    this.allowHttpOnAnyPort = opts.allowPrivate || Boolean(opts.testing?.allowHttpOnAnyPort);
  }

  private loadClient(): Promise<{ agent: Agent; request: typeof undiciRequest }> {
    // The default export: undici is CommonJS, and a bundle's chunk of it has no named exports.
    return import("undici").then(({ default: { Agent, request } }) => ({
      request,
      agent: new Agent({
        connect: {
          timeout: Math.min(this.opts.timeoutMs, 10_000),
          // Called by net/tls.connect for a host name (never for a literal IP): the checked address is the
          // one the socket then connects to.
          lookup: (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
            this.resolveChecked(hostname).then(
              (addresses) => {
                if (options.all) callback(null, addresses);
                else callback(null, addresses[0]?.address ?? "", addresses[0]?.family ?? 4);
              },
              (err: Error) => callback(err as NodeJS.ErrnoException, ""),
            );
          },
        },
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
        // A publishing client talks to a handful of hosts; no need to keep sockets around for long.
        keepAliveTimeout: 4_000,
      }),
    }));
  }

  get allowsPrivate(): boolean {
    return this.opts.allowPrivate;
  }

  /** Parses and checks a URL's scheme and literal address (names are checked when connecting). */
  checkUrl(raw: string | URL): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new SafeHttpError("bad-url", `"${String(raw).slice(0, 200)}" is not a web address.`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:")
      throw new SafeHttpError("bad-url", `Only https:// addresses can be used (got ${url.protocol}).`);
    if (url.username || url.password)
      throw new SafeHttpError("bad-url", "The address must not contain a user name or password.");
    if (!this.allowHttpOnAnyPort) {
      if (url.protocol !== "https:")
        throw new SafeHttpError(
          "insecure-scheme",
          `${url.host} must be reached over https:// (credentials are never sent over plain http).`,
        );
      // The standard https ports only: the server must not become a port scanner of other people's hosts.
      if (url.port && !HTTPS_PORTS.includes(url.port))
        throw new SafeHttpError("bad-url", `${url.host}: only the standard https port (443, or 8443) can be used.`);
    }
    if (!this.opts.allowPrivate && isIpLiteral(url.hostname)) {
      const verdict = this.verdictOf(url.hostname);
      if (!verdict.allowed) throw privateAddress(url.hostname, url.hostname, verdict.range);
    }
    return url;
  }

  /** All addresses of `hostname`, each public (unless private hosts are allowed). */
  async resolveChecked(hostname: string): Promise<LookupAddress[]> {
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolver(hostname);
    } catch {
      throw new SafeHttpError("unresolvable", `${hostname} could not be found (DNS lookup failed).`);
    }
    if (addresses.length === 0) throw new SafeHttpError("unresolvable", `${hostname} could not be found (no address).`);
    if (!this.opts.allowPrivate)
      for (const a of addresses) {
        const verdict = this.verdictOf(a.address);
        // One private answer is enough to refuse: the connection could land on any of them.
        if (!verdict.allowed) throw privateAddress(hostname, a.address, verdict.range);
      }
    return addresses;
  }

  async request(rawUrl: string | URL, req: SafeRequest = {}): Promise<SafeResponse> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const maxBytes = req.maxResponseBytes ?? this.opts.maxResponseBytes;
    let url = this.checkUrl(rawUrl);
    let method = (req.method ?? "GET").toUpperCase();
    let headers = { ...(req.headers ?? {}) };
    let body = req.body;

    for (let hop = 0; ; hop++) {
      let res: Awaited<ReturnType<typeof undiciRequest>>;
      try {
        const { agent, request } = await this.undici.get();
        res = await request(url, {
          dispatcher: agent,
          method: method as "GET",
          headers,
          body,
          signal,
        });
      } catch (err) {
        throw this.failureOf(err, url, timeout);
      }
      const status = res.statusCode;
      const location = headerValue(res.headers.location);
      const follow =
        location &&
        [301, 302, 303, 307, 308].includes(status) &&
        // A redirected POST would silently become a GET (301/302/303): report it instead.
        (method === "GET" || method === "HEAD" || status === 307 || status === 308);
      if (!follow) return await this.readResponse(res, url, maxBytes, timeout);

      res.body.resume(); // discard the redirect's body
      if (hop + 1 > MAX_REDIRECTS)
        throw new SafeHttpError("too-many-redirects", `${url.host} redirected more than ${MAX_REDIRECTS} times.`);
      let target: URL;
      try {
        target = new URL(location, url);
      } catch {
        throw new SafeHttpError("bad-url", `${url.host} redirected to an address that is not valid.`);
      }
      const next = this.checkUrl(target);
      if (next.origin !== url.origin) {
        headers = Object.fromEntries(
          Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())),
        );
      }
      if (status === 303) {
        method = "GET";
        body = undefined;
      }
      url = next;
    }
  }

  async close(): Promise<void> {
    const client = this.undici.made();
    if (client) await (await client).agent.close();
  }

  private async readResponse(
    res: Awaited<ReturnType<typeof undiciRequest>>,
    url: URL,
    maxBytes: number,
    timeout: AbortSignal,
  ): Promise<SafeResponse> {
    const declared = Number(headerValue(res.headers["content-length"]) ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.body.destroy();
      throw tooLarge(url, maxBytes);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of res.body) {
        total += (chunk as Buffer).length;
        if (total > maxBytes) {
          res.body.destroy();
          throw tooLarge(url, maxBytes);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if (err instanceof SafeHttpError) throw err;
      throw this.failureOf(err, url, timeout);
    }
    const bytes = Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = headerValue(v) ?? "";
    let text: string | undefined;
    const textOf = () => {
      text ??= bytes.toString("utf8");
      return text;
    };
    return {
      status: res.statusCode,
      headers,
      url: url.toString(),
      body: new Uint8Array(bytes),
      text: textOf,
      json<T>() {
        try {
          return JSON.parse(textOf()) as T;
        } catch {
          return undefined;
        }
      },
    };
  }

  private failureOf(err: unknown, url: URL, timeout: AbortSignal): Error {
    if (err instanceof SafeHttpError) return err;
    for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
      if (e instanceof SafeHttpError) return e;
    }
    const code = (err as { code?: string }).code ?? "";
    if (timeout.aborted || /TIMEOUT/i.test(code))
      return new SafeHttpError(
        "timeout",
        `${url.host} did not answer within ${countOf(Math.round(this.opts.timeoutMs / 1000), "second")}.`,
      );
    if ((err as Error).name === "AbortError") return err as Error; // the caller's own cancellation
    return new SafeHttpError("unreachable", `${url.host} could not be reached (${code || (err as Error).message}).`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function privateAddress(host: string, address: string, range: string): SafeHttpError {
  const shown = host === address ? address : `${host} (${address})`;
  return new SafeHttpError(
    "private-address",
    `${shown} is ${describeRange(range)}: Draftsmith only connects to public sites. ` +
      "A self-hosted Draftsmith can allow private addresses with PUBLISH_ALLOW_PRIVATE_HOSTS=true.",
  );
}

function tooLarge(url: URL, maxBytes: number): SafeHttpError {
  return new SafeHttpError(
    "too-large",
    `${url.host} answered with more than ${Math.round(maxBytes / 1024 / 1024) || 1} MB; the answer was dropped.`,
  );
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
