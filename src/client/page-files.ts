// The code of a page loaded before it is needed. Every page but Home loads on demand (routes.tsx),
// which costs a round trip between the app drawing and the page drawing. index.html lists each
// page's files (vite.config.ts writes them into <script type="application/json" id="page-files">);
// the server names the opened page's files in its head (server/app.ts), and main.tsx preloads any
// it did not (the dev server's page) before the app's own code has run, and a link's
// page is preloaded when the pointer rests on the link or it takes focus, and any page when the router
// moves to it. Only <link
// rel="modulepreload">: nothing is evaluated early, and the chunks stay as Rollup cut them.
import { pageModuleOf } from "../shared/page-modules";
import { DOCUMENT_PARAM, isUuid } from "../shared/routes";

export { pageModuleOf };

/**
 * The public GETs the page at `pathname` makes first (answered signed in or out): main.tsx starts
 * them with the session check, before the app's code has loaded.
 */
export function pagePublicGets(pathname: string): string[] {
  const module = pageModuleOf(pathname);
  if (module === "features/billing/billing-page") return ["/api/billing/packages", "/api/billing/config"];
  if (module === "features/writing/full-app/full-app-page") return ["/api/writers"];
  return [];
}

/** Pages that reopen the document their URL names (`?document=<id>`: use-url-document.ts) on opening. */
const OPENS_URL_DOCUMENT = new Set([
  "features/writing/results/results-page",
  "features/writing/full-app/full-app-page",
]);

/**
 * The GETs the page at `pathname` (with its query, `search`) makes first for a signed-in user, which
 * do not depend on anything else it reads: main.tsx starts them once the session answer names a user
 * (AuthProvider too, when main.tsx has not), alongside the verification. Results and the full app
 * opened on a document (`?document=<id>`) read it first: without this its read waited for their code.
 */
export function pageGets(pathname: string, search = ""): string[] {
  const module = pageModuleOf(pathname);
  if (module === "features/documents/document-page") {
    const id = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
    return [`/api/documents/${encodeURIComponent(id)}`];
  }
  if (module && OPENS_URL_DOCUMENT.has(module)) {
    // Only an id the server would look up: anything else is answered 400 whenever the page asks.
    const id = new URLSearchParams(search).get(DOCUMENT_PARAM);
    return id && isUuid(id) ? [`/api/documents/${encodeURIComponent(id)}`] : [];
  }
  if (module === "features/account/settings-page") return ["/api/account"];
  if (module === "features/documents/documents-page") return ["/api/documents", "/api/batches"];
  return [];
}

let files: Record<string, string[]> | undefined;
let preloaded: Set<string> | undefined;

/** The files preloaded so far: at first those the server put in the page's head (app.ts). */
function preloadedFiles(doc: Document): Set<string> {
  if (!preloaded) {
    preloaded = new Set();
    for (const link of doc.head.querySelectorAll('link[rel="modulepreload"]'))
      preloaded.add((link.getAttribute("href") ?? "").replace(/^\//, ""));
  }
  return preloaded;
}

function pageFiles(doc: Document): Record<string, string[]> {
  if (!files) {
    try {
      files = JSON.parse(doc.getElementById("page-files")?.textContent ?? "{}") as Record<string, string[]>;
    } catch {
      files = {};
    }
  }
  return files;
}

/** Preloads the files of the page at `pathname` (none for Home or an unknown path; each file once). */
export function preloadPage(pathname: string, doc: Document = document) {
  const module = pageModuleOf(pathname);
  if (!module) return;
  const done = preloadedFiles(doc);
  for (const file of pageFiles(doc)[module] ?? []) {
    if (done.has(file)) continue;
    done.add(file);
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = `/${file}`;
    doc.head.appendChild(link);
  }
}

/**
 * Preloads the page the router moves to, beside React's import of its chunk: Vite writes no list of a
 * page's files into the app's code (vite.config.ts), so without this the chunks a page imports would
 * be fetched only once its own chunk had been read.
 */
export function preloadOnNavigation(router: {
  subscribe(listener: (state: { location: { pathname: string } }) => void): unknown;
}) {
  router.subscribe((state) => preloadPage(state.location.pathname));
}

/** Preloads the page of an in-app link under the pointer or taking focus, anywhere in `doc`. */
export function preloadLinkTargets(doc: Document = document) {
  const onIntent = (e: Event) => {
    const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
    if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) preloadPage(link.pathname, doc);
  };
  doc.addEventListener("pointerover", onIntent, { passive: true });
  doc.addEventListener("focusin", onIntent);
}
