// Which module draws each page loaded on demand: the keys of the page-files list the build writes
// into index.html (vite.config.ts). The client preloads a page's files from it (client/page-files.ts);
// the server names them in the page's head when it sends the page (app.ts), so the browser fetches
// them while it reads the HTML, before any script has run.
import { PAGE_ROUTES } from "./routes";

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
