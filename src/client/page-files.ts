// The code of a page loaded before it is needed. Every page but Home loads on demand (routes.tsx),
// which costs a round trip between the app drawing and the page drawing. index.html lists each
// page's files (vite.config.ts writes them into <script type="application/json" id="page-files">);
// main.tsx preloads the files of the page opened before the app's own code has run, and a link's
// page is preloaded when the pointer rests on the link or it takes focus. Only <link
// rel="modulepreload">: nothing is evaluated early, and the chunks stay as Rollup cut them.
import { PAGE_ROUTES } from "../shared/routes";

/** Each page's module under src/client, without its extension: the keys of the list in index.html. */
const BY_PATH: Record<string, string> = {
  [PAGE_ROUTES.generate]: "features/writing/full-app/full-app-page",
  [PAGE_ROUTES.results]: "features/writing/results/results-page",
  [PAGE_ROUTES.billing]: "features/billing/billing-page",
  [PAGE_ROUTES.billingSuccess]: "features/billing/billing-page",
  [PAGE_ROUTES.policy]: "features/pages/policy",
  [PAGE_ROUTES.promptingGuide]: "features/pages/prompting-guide",
  [PAGE_ROUTES.console]: "features/writing/console/console-page",
  [PAGE_ROUTES.adminCampaigns]: "features/admin/campaigns-page",
  [PAGE_ROUTES.adminDirectGrant]: "features/admin/direct-grant-page",
  [PAGE_ROUTES.adminJobs]: "features/admin/jobs-page",
  [PAGE_ROUTES.settings]: "features/account/settings-page",
  [PAGE_ROUTES.resetPassword]: "features/auth/reset-password-page",
  [PAGE_ROUTES.signInLink]: "features/auth/sign-in-link-page",
  [PAGE_ROUTES.documents]: "features/documents/documents-page",
  [PAGE_ROUTES.check]: "features/check/check-page",
  [PAGE_ROUTES.newBatch]: "features/batches/new-batch-page",
  [PAGE_ROUTES.settingsConnections]: "features/publishing/connections-page",
};

/** The module drawing `pathname`, if it is a page loaded on demand. */
export function pageModuleOf(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const named = BY_PATH[path];
  if (named) return named;
  if (/^\/documents\/[^/]+$/.test(path)) return "features/documents/document-page";
  if (/^\/batches\/[^/]+$/.test(path)) return "features/batches/batch-page";
  return undefined;
}

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

/**
 * The GETs the page at `pathname` makes first for a signed-in user, which do not depend on anything
 * else it reads: main.tsx starts them once the session answer names a user (AuthProvider too, when
 * main.tsx has not), alongside the verification.
 */
export function pageGets(pathname: string): string[] {
  const module = pageModuleOf(pathname);
  if (module === "features/documents/document-page") {
    const id = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
    return [`/api/documents/${encodeURIComponent(id)}`];
  }
  if (module === "features/account/settings-page") return ["/api/account"];
  if (module === "features/documents/documents-page") return ["/api/documents", "/api/batches"];
  return [];
}

let files: Record<string, string[]> | undefined;
const preloaded = new Set<string>();

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
  for (const file of pageFiles(doc)[module] ?? []) {
    if (preloaded.has(file)) continue;
    preloaded.add(file);
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = `/${file}`;
    doc.head.appendChild(link);
  }
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
