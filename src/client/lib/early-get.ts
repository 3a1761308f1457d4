// Requests started before the code that makes them has loaded: the session check every page makes
// first (main.tsx, before the app's own code), and, as soon as that answer names a user, what
// AuthProvider asks next (the verify call, the credits) and the data of the page opened
// (page-files.ts), so their round trips overlap the scripts' download and evaluation. apiFetch takes
// an answer the first time the app makes the same request; later calls go to the network as usual.
// They serve the page opened only: the first navigation drops the rest.
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

/** Forgets one early request not taken: its answer no longer fits (a guess that proved wrong). */
export function dropEarly(method: "GET" | "POST", url: string) {
  early.delete(`${method} ${url}`);
}

/** Forgets the early requests not taken (boot.tsx, at the first navigation): later ones go to the network. */
export function dropEarlyGets() {
  early.clear();
}
