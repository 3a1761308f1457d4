// Requests started before the code that makes them has loaded: the session check every page makes
// first (main.tsx, before the app's own code), and, as soon as that answer names a user, what
// AuthProvider asks next (the verify call, the credits) and the data of the page opened
// (page-files.ts), so their round trips overlap the scripts' download and evaluation. apiFetch takes
// an answer the first time the app makes the same request; later calls go to the network as usual.
// They serve the page opened only: the first navigation drops the rest.
import { SESSION_HINT_NAME } from "../../shared/session-hint";

const early = new Map<string, Promise<Response>>();

/** The one POST made early: a body-less call as `apiPost(url)` sends it (an empty JSON object). */
const EMPTY_POST = "{}";

function start(method: "GET" | "POST", url: string): Promise<Response> {
  const key = `${method} ${url}`;
  const started = early.get(key);
  if (started) return started;
  const answer = fetch(
    url,
    method === "GET"
      ? { method, credentials: "include" }
      : { method, headers: { "Content-Type": "application/json" }, body: EMPTY_POST, credentials: "include" },
  );
  // A network failure is seen by whoever takes the answer, not reported as unhandled meanwhile.
  answer.catch(() => {});
  early.set(key, answer);
  return answer;
}

/** Starts a GET of `url` with the cookies, as apiFetch would send it before any bearer token is set. */
export function startEarlyGet(url: string): Promise<Response> {
  return start("GET", url);
}

/** Starts `apiPost(url)` (no body of its own: `{}`) with the cookies, before any bearer token is set. */
export function startEarlyPost(url: string): Promise<Response> {
  return start("POST", url);
}

/**
 * The answer of the early request apiFetch is about to make, once; undefined when none was started,
 * it was taken, or the request differs (a POST is taken only with the empty body `apiPost(url)` sends).
 */
export function takeEarly(method: string, url: string, body?: unknown): Promise<Response> | undefined {
  if (method !== "GET" && !(method === "POST" && JSON.stringify(body) === EMPTY_POST)) return undefined;
  const key = `${method} ${url}`;
  const answer = early.get(key);
  early.delete(key);
  return answer;
}

/** Forgets the early requests not taken (boot.tsx, at the first navigation): later ones go to the network. */
export function dropEarlyGets() {
  early.clear();
}

/** index.html carries it when the server saw a session cookie on the page's request. */
export const SESSION_HINT_SELECTOR = `meta[name="${SESSION_HINT_NAME}"]`;

/**
 * The session check every page starts with, and for a signed-in user what AuthProvider asks next (the
 * verification, the credits) and the page's own first reads (`pageGets`). Without `hinted` those start
 * once the session answer names a user. With it (the server saw a session cookie on the page's
 * request: server/app.ts) they start at once, beside the session check, one round trip sooner; if the
 * answer then names no user (a stale cookie) they are dropped, so their 401s never reach a sign-in
 * made on this page without a token (a popup's, which only sets the cookie). Resolves once decided.
 */
export function startSessionReads(pageGets: string[], hinted: boolean): Promise<void> {
  const session = startEarlyGet("/api/auth/get-session");
  const reads: [method: "GET" | "POST", url: string][] = [
    ["POST", "/api/auth/verify"],
    ["GET", "/api/billing/credits"],
    ...pageGets.map((url): ["GET", string] => ["GET", url]),
  ];
  if (hinted) for (const [method, url] of reads) start(method, url);
  return session
    .then((res) => (res.ok ? (res.clone().json() as Promise<{ user?: unknown } | null>) : null))
    .then((answer) => {
      // Started already when hinted: starting again after one was taken would send a second read.
      if (answer?.user && !hinted) for (const [method, url] of reads) start(method, url);
      if (!answer?.user && hinted) for (const [method, url] of reads) early.delete(`${method} ${url}`);
    })
    .catch(() => {});
}
