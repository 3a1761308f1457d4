// The landing page, and the signed-in pages that have a drawing to show before the session has
// answered, as static HTML for scripts/prerender.mjs at build time: the app's own tree in the state of
// its first render in the browser (the session still loading). main.tsx hydrates the landing page as
// it is; a page shell is shown until the page's code has run (components/page-fallback.tsx). Built
// for Node by Vite (SSR), never shipped to the browser.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, type RouteObject, StaticRouterProvider } from "react-router";
import type { DocumentDetail } from "../shared/documents";
import { shellKey, TODAY_MARK, WRITER_STATES, WRITERS_URL, writersIn } from "../shared/page-data";
import { DOCUMENT_ROUTE, documentPath, PAGE_ROUTES } from "../shared/routes";
import { PAGE_SHELL_ATTRIBUTE } from "./components/page-fallback";
import { ToastHost } from "./components/toast-host";
import { PageSpinner } from "./components/ui/spinner";
import { SettingsPage } from "./features/account/settings-page";
import { AuthProvider } from "./features/auth/auth-context";
import { BillingPage } from "./features/billing/billing-page";
import { parseDraft } from "./features/detection/draft-parser";
import { provideDraftParser } from "./features/detection/use-draft-parser";
import { DocumentBody } from "./features/documents/document-page";
import { DocumentsPage } from "./features/documents/documents-page";
import { todayIso } from "./features/writing/console/session-defaults";
import { FullAppPage } from "./features/writing/full-app/full-app-page";
import { DocumentResults, OpeningDraft } from "./features/writing/results/results-page";
import { resultsOf } from "./features/writing/use-url-document";
import { routes } from "./routes";

/**
 * The pages drawn at build time besides the landing page, by route: those whose first drawing, while
 * the session loads, holds the page's heading (on Documents and Settings, with an introduction: the
 * largest text the page shows a phone; on the full app, its header card while the writers load), and
 * Results and a document's page, whose first drawing is the header and the spinner their data ends:
 * without a shell a phone sees a blank page until the app's code has run. The other signed-in pages
 * draw only a spinner until their code has loaded.
 */
const SHELLS: Record<string, Shell> = {
  [PAGE_ROUTES.generate]: { route: PAGE_ROUTES.generate, element: <FullAppPage /> },
  // The full app sent with the writers answer (shared/page-data.ts): its form, drawn for each state of
  // the notice above it (the server sends the one its writers put the form in).
  ...Object.fromEntries(
    WRITER_STATES.map((state) => [
      shellKey(PAGE_ROUTES.generate, state),
      { route: PAGE_ROUTES.generate, element: <FullAppPage />, data: { [WRITERS_URL]: writersIn(state) } },
    ]),
  ),
  [PAGE_ROUTES.results]: { route: PAGE_ROUTES.results, element: <OpeningDraft /> },
  [PAGE_ROUTES.documents]: { route: PAGE_ROUTES.documents, element: <DocumentsPage /> },
  [DOCUMENT_ROUTE]: { route: DOCUMENT_ROUTE, element: <PageSpinner label="Loading the document" /> },
  [PAGE_ROUTES.billing]: { route: PAGE_ROUTES.billing, element: <BillingPage /> },
  [PAGE_ROUTES.settings]: { route: PAGE_ROUTES.settings, element: <SettingsPage /> },
};

/** A page's drawing: the route it is for, and the public answers its queries hold (shared/page-data.ts). */
type Shell = { route: string; element: React.ReactNode; data?: Record<string, unknown> };

/** A route's path with its parameters filled in (any document id draws the same shell). */
const pathOfRoute = (route: string) => route.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000");

/** The keys of the page shells: a route, or `route#state` for one drawn in a state of its data. */
export const SHELL_PATHS = Object.keys(SHELLS);

export async function render(path: string): Promise<string> {
  return renderRoutes(routes, path);
}

/**
 * The page at route `path` as its first drawing, wrapped in the mark the client's fallback reads: the
 * page's code loads on demand, so it is imported here rather than through routes.tsx's lazy components.
 */
export async function renderShell(key: string): Promise<string> {
  const page = SHELLS[key];
  if (!page) throw new Error(`${key} has no page shell`);
  const html = await renderPageShell(page.route, pathOfRoute(page.route), page.element, serverQueries(page.data));
  // A form's date field shows the day the page is sent: the server writes it over the mark.
  return html.replaceAll(`value="${todayIso()}"`, `value="${TODAY_MARK}"`);
}

/**
 * A user's own document as its page draws it, for the server to send in that page (server/app.ts,
 * at request time, once it has checked whose document it is): the page's shell, inert like the
 * others, in which the page keeps showing it until the browser has the document itself
 * (document-page.tsx). React escapes every text, and the drafts are drawn by the app's own Markdown
 * components (no raw HTML), as in the browser.
 */
export async function renderDocumentPage(doc: DocumentDetail): Promise<string> {
  provideDraftParser(parseDraft);
  return renderPageShell(DOCUMENT_ROUTE, documentPath(doc.id), <DocumentBody doc={doc} />);
}

/** Results reopened from a user's own document (`?document=`), drawn like renderDocumentPage's page. */
export async function renderResultsPage(doc: DocumentDetail): Promise<string> {
  provideDraftParser(parseDraft);
  return renderPageShell(
    PAGE_ROUTES.results,
    resultsOf(doc.id),
    <DocumentResults state={{ status: "ready", id: doc.id, doc }} />,
  );
}

/** The app at `path` with the page of `route` drawn as `element`, wrapped in the mark the client's fallback reads. */
function renderPageShell(route: string, path: string, element: React.ReactNode, queries = serverQueries()) {
  const shell = (
    <div className="contents" inert {...{ [PAGE_SHELL_ATTRIBUTE]: "" }}>
      {element}
    </div>
  );
  const withShell = routes.map((r) =>
    r.children
      ? { ...r, children: r.children.map((child) => (child.path === route ? { ...child, element: shell } : child)) }
      : r,
  ) as RouteObject[];
  return renderRoutes(withShell, path, queries);
}

/**
 * The queries of a drawing: `answers` (by URL) hold their data, the rest stay pending. Nothing is
 * fetched while drawing; the query function only says so (no "no queryFn" warning for each).
 */
function serverQueries(answers: Record<string, unknown> = {}) {
  const queries = new QueryClient({ defaultOptions: { queries: { queryFn: () => new Promise<never>(() => {}) } } });
  for (const [url, answer] of Object.entries(answers)) queries.setQueryData([url], answer);
  return queries;
}

async function renderRoutes(pageRoutes: RouteObject[], path: string, queries = serverQueries()): Promise<string> {
  const handler = createStaticHandler(pageRoutes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queries}>
        <AuthProvider>
          {/* No hydration data: the routes have no loaders, and the CSP allows no inline script. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <ToastHost />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
