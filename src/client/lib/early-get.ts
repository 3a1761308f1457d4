// GETs started before the code that makes them has loaded: the session check every page makes first
// (main.tsx, before the app's own code), and the data of the page opened as soon as the session is
// known (AuthProvider, page-files.ts), so their round trips overlap the scripts' download and
// evaluation. apiFetch takes an answer the first time the app asks for the same URL; later calls go
// to the network as usual. They serve the page opened only: the first navigation drops the rest.
const early = new Map<string, Promise<Response>>();

/** Starts a GET of `url` with the cookies, as apiFetch would send it before any bearer token is set. */
export function startEarlyGet(url: string) {
  if (early.has(url)) return;
  const answer = fetch(url, { method: "GET", credentials: "include" });
  // A network failure is seen by whoever takes the answer, not reported as unhandled meanwhile.
  answer.catch(() => {});
  early.set(url, answer);
}

/** The answer of the early GET of `url`, once; undefined when none was started or it was taken. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const answer = early.get(url);
  early.delete(url);
  return answer;
}

/** Forgets the early GETs not taken (boot.tsx, at the first navigation): later reads go to the network. */
export function dropEarlyGets() {
  early.clear();
}
