// Every page route of spec §2. The server answers these with the app and 200, anything else with
// the app and a real 404 (the client shows 'Page Not Found').
export const PRODUCT = "draftsmith";

export const PAGE_ROUTES = {
  home: "/",
  product: `/${PRODUCT}`,
  generate: `/${PRODUCT}/generate`,
  results: `/${PRODUCT}/results`,
  billing: "/billing",
  billingSuccess: "/billing/success",
  policy: "/policy",
  promptingGuide: "/prompting-guide",
  console: "/prose-console",
  adminCampaigns: "/admin/bonus-credits",
  adminDirectGrant: "/admin/direct-grant",
  adminJobs: "/admin/jobs",
  settings: "/settings",
  resetPassword: "/reset-password",
  /** Where an e-mailed sign-in link lands: it signs in and goes Home, or says why it can't. */
  signInLink: "/sign-in-link",
  documents: "/documents",
  check: "/check",
  newBatch: "/batches/new",
  settingsConnections: "/settings/connections",
  oauthPopup: "/auth/popup-complete",
} as const;

/** The interactive API reference (served by the server from its own assets, not a page of the app). */
export const API_REFERENCE_PATH = "/docs/api";
/** The OpenAPI document it reads. */
export const OPENAPI_PATH = "/api/openapi.json";

const KNOWN = new Set<string>(Object.values(PAGE_ROUTES));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `id` is written as the server's ids are (a UUID): anything else names no document. */
export const isUuid = (id: string) => UUID.test(id);
/** /documents/<uuid>: one document's page. */
const DOCUMENT_PAGE = /^\/documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query parameter of Results and the full app that names the document they reopen. */
export const DOCUMENT_PARAM = "document";

export const documentPath = (id: string) => `${PAGE_ROUTES.documents}/${id}`;
/** The router's path of a document's page. */
export const DOCUMENT_ROUTE = `${PAGE_ROUTES.documents}/:id`;

/**
 * The route a page shell is kept under (scripts/prerender.mjs, server/app.ts): a page's own path, or
 * for a document's page (/documents/<uuid>) the route all of them share. A path written like a
 * route ("/documents/:id") is no page's: null.
 */
export function shellRouteOf(path: string): string | null {
  if (DOCUMENT_PAGE.test(path)) return DOCUMENT_ROUTE;
  return path.includes(":") ? null : path;
}
/** /batches/<uuid>: one batch's page. */
const BATCH_PAGE = /^\/batches\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const batchPath = (id: string) => `/batches/${id}`;

export function isKnownPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return KNOWN.has(path) || DOCUMENT_PAGE.test(path) || BATCH_PAGE.test(path);
}
