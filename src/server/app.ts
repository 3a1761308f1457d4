// Composes middleware and feature routers; nothing else.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { sql } from "drizzle-orm";
import { type Context, Hono, type Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HealthSchema, OpenApiDocumentSchema } from "../shared/api-schemas";
import { PAGE_DATA_ID, shellKey, TODAY_MARK, WRITERS_URL, writerStateOf } from "../shared/page-data";
import { pageModuleOf } from "../shared/page-modules";
import {
  DOCUMENT_PARAM,
  DOCUMENT_ROUTE,
  isKnownPage,
  isUuid,
  OPENAPI_PATH,
  PAGE_ROUTES,
  shellRouteOf,
} from "../shared/routes";
import { SESSION_HINT_NAME } from "../shared/session-hint";
import type { WritersResponse } from "../shared/writing";
import { accountRoutes } from "./account/account.routes";
import { adminRoutes } from "./admin/admin.routes";
import { authRoutes } from "./auth/auth.routes";
import { UntrustedProxyNotice } from "./auth/client-address";
import { sessionUser } from "./auth/session";
import { adminJobsRoutes, batchesRoutes } from "./batches/batches.routes";
import { billingRoutes } from "./billing/billing.routes";
import type { Deps } from "./deps";
import { detectionRoutes } from "./detection/detection.routes";
import { documentsRoutes } from "./documents/documents.routes";
import { AppError } from "./errors";
import { mountApiReference } from "./http/api-reference";
import { compressBody, compressBodyAsync, pickEncoding } from "./http/compress";
import { onError } from "./http/errors";
import { authTextFields, rejectHostileInput } from "./http/input-guard";
import { checks, requestContext, requireAdmin, sameOriginMutations, under } from "./http/middleware";
import { doc, openApiDocument } from "./http/openapi";
import { type DrawnPage, type DrawPage, pooledPageDrawer } from "./http/page-renderer";
import { MemoRouter } from "./http/router";
import { securityHeaders } from "./http/security-headers";
import type { AppEnv } from "./http/types";
import { keyCaller, keysRoutes } from "./keys/index";
import { loadVersionFromDocuments } from "./publishing/document-versions";
import { connectionRoutes, publishRoutes } from "./publishing/publishing.routes";
import { seoRoutes } from "./seo/seo.routes";
import { writingRoutes } from "./writing/writing.routes";

export const API_BODY_LIMIT = 1024 * 1024;
/** The API's version in the OpenAPI document. */
const APP_VERSION = "1.0.0";

export interface AppOptions {
  /** The built client (index.html, assets, page shells); default dist/client beside the server. */
  clientDir?: string;
  /** Draws pages at request time; default the build's renderer beside clientDir, in the CPU pool (http/page-renderer.ts). */
  pageRenderer?: () => Promise<DrawPage | null>;
}

export function createApp(deps: Deps, opts: AppOptions = {}) {
  const { config, logger, auth } = deps;
  const proxyNotice = new UntrustedProxyNotice(config.trustProxy);
  const app = new Hono<AppEnv>({ router: new MemoRouter() });

  const security = securityHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:", "http:"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      frameSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", "https://checkout.stripe.com"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: "same-origin-allow-popups",
  });
  app.use("*", requestContext(logger, security, "/api/"));
  app.onError(onError);

  const limitBody = bodyLimit({
    maxSize: API_BODY_LIMIT,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", "Request body is too large (1 MB at most).");
    },
  });
  // Only where a body is read: bodyLimit builds the full Request to look.
  app.on(["POST", "PUT", "PATCH", "DELETE"], "/api/*", limitBody);
  app.use(
    "/api/*",
    checks(
      sessionUser(auth, deps.sessionCache),
      keyCaller(deps.apiKeys, deps.limiter, config.apiKeyRequestsPerMinute),
      (c) => proxyNotice.check(c, logger),
      sameOriginMutations(config.publicUrl, ["/api/billing/webhook"]),
      under("/api/admin", requireAdmin),
      // After the admin gate (a non-admin learns nothing about input), before every handler.
      rejectHostileInput({ exempt: ["/api/billing/webhook", "/api/batches/csv"], textFields: authTextFields }),
    ),
  );

  app.get(
    "/api/health",
    doc({ summary: "Is the app up", tag: "Health", caller: "public", response: HealthSchema }),
    async (c) => {
      try {
        await deps.db.execute(sql`select 1`);
        // Whether batch workers are alive: pg-boss's instance registry, heard from within three heartbeats.
        const queue = await deps.batches.queueState().catch(() => null);
        return c.json({
          status: "ok",
          database: { kind: deps.database.kind, reachable: true },
          workers: { alive: (queue?.workers.alive ?? 0) > 0, count: queue?.workers.alive ?? 0 },
        });
      } catch {
        return c.json(
          {
            status: "error",
            error: "Database unreachable",
            code: "DATABASE_UNREACHABLE",
            database: { kind: deps.database.kind, reachable: false },
          },
          503,
        );
      }
    },
  );
  app.route(
    "/api/auth",
    authRoutes({
      auth,
      db: deps.db,
      limiter: deps.limiter,
      signInLimiter: deps.signInLimiter,
      sessionCache: deps.sessionCache,
      signUpsPerMinute: config.signUpsPerMinute,
      trustProxy: config.trustProxy,
      googleConfigured: Boolean(config.google),
      tokenSyncUrl: config.tokenSyncUrl,
    }),
  );
  app.route(
    "/api/account",
    accountRoutes({
      db: deps.db,
      auth,
      account: deps.account,
      sessionCache: deps.sessionCache,
      signInLimiter: deps.signInLimiter,
      trustProxy: config.trustProxy,
      googleConfigured: Boolean(config.google),
      requireEmailVerification: config.requireEmailVerification,
    }),
  );
  app.route("/api/keys", keysRoutes({ apiKeys: deps.apiKeys }));
  app.route(
    "/api/billing",
    billingRoutes({ ledger: deps.ledger, billing: deps.billing, limiter: deps.limiter, publicUrl: config.publicUrl }),
  );
  app.route("/api/admin", adminRoutes({ campaigns: deps.campaigns, directGrants: deps.directGrants, proxyNotice }));
  app.route("/api", writingRoutes(deps));
  app.route("/api", detectionRoutes(deps));
  app.route("/api", seoRoutes(deps));
  app.route("/api", documentsRoutes(deps));
  app.route("/api/batches", batchesRoutes(deps));
  app.route("/api/admin/jobs", adminJobsRoutes(deps));
  app.route("/api/connections", connectionRoutes({ connections: deps.publishing.connections, limiter: deps.limiter }));
  app.route(
    "/api/documents",
    publishRoutes({ publishing: deps.publishing.publishing, loadVersion: loadVersionFromDocuments(deps.documents) }),
  );

  // The OpenAPI document of every route above (http/openapi.ts), built once on first request.
  let openapi: Promise<unknown> | undefined;
  app.get(
    OPENAPI_PATH,
    doc({ summary: "This OpenAPI document", tag: "Health", caller: "public", response: OpenApiDocumentSchema }),
    async (c) => {
      openapi ??= openApiDocument(app, APP_VERSION);
      c.header("Cache-Control", "no-cache");
      return c.json(await openapi);
    },
  );

  app.all("/api/*", (c) => {
    throw new AppError("NOT_FOUND", `No API endpoint at ${c.req.method} ${c.req.path}`);
  });

  mountApiReference(app);
  const clientDir = opts.clientDir ?? join(dirname(fileURLToPath(import.meta.url)), "..", "client");
  const renderer = opts.pageRenderer ?? pooledPageDrawer(deps.cpu, join(clientDir, "..", "render", "page-render.mjs"));
  const checkSession = sessionUser(auth, deps.sessionCache);
  mountClient(app, clientDir, {
    writers: () => deps.writing.writers(),
    // A signed-in owner's document, drawn as its page (or Results reopened on it): the session and
    // the document are checked here as the API checks them; anyone else (no session, someone else's
    // id, a deleted document) gets the page as built. Never an error page: a failure is logged and the
    // built page sent.
    drawDocument: async (c, id, page) => {
      try {
        const draw = await renderer();
        if (!draw) return null;
        await checkSession(c);
        const user = c.get("user");
        if (!user) return null;
        const doc = await deps.documents.get(user.id, id).catch((err: unknown) => {
          if (err instanceof AppError && err.code === "NOT_FOUND") return null;
          throw err;
        });
        return doc ? await draw(page, doc, user.id) : null;
      } catch (err) {
        logger.error({ err }, "drawing a document's page failed: sent as built");
        return null;
      }
    },
  });
  return app;
}

/** The built React app: static assets, and index.html for every page (404 status for unknown paths). */
// Built, the server is dist/server/main.js and the client sits beside it in dist/client.
function mountClient(
  app: Hono<AppEnv>,
  clientDir: string,
  pages: {
    writers: () => WritersResponse;
    /** The page of document `id` (or Results on it) drawn for the request's signed-in owner, or null (sent as built). */
    drawDocument: (c: Context<AppEnv>, id: string, page: DrawnPage) => Promise<string | null>;
  },
) {
  const indexFile = join(clientDir, "index.html");
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, "utf8")
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Draftsmith</title></head><body><div id="root"></div><script>document.getElementById("root").textContent="The client is not built: run npm run build."</script></body></html>';
  // Hashed file names: a changed file is a new URL, so assets are cached for good. Build-time
  // brotli/gzip copies (scripts/precompress.mjs) are sent to clients that accept them.
  const assets = serveStatic({
    root: clientDir,
    precompressed: true,
    onNotFound: (_p, c) => {
      c.header("Cache-Control", undefined);
      c.header("Vary", undefined);
    },
  });
  const staticFile = (cacheControl: string) => (c: Context<AppEnv>, next: Next) => {
    c.header("Cache-Control", cacheControl);
    // serveStatic adds Vary itself when it sends a compressed copy; the plain copy needs it too.
    if (!pickEncoding(c.req.header("accept-encoding"))) c.header("Vary", "Accept-Encoding");
    return assets(c, next);
  };
  app.use("/assets/*", staticFile("public, max-age=31536000, immutable"));
  app.use("/favicon.svg", staticFile("public, max-age=86400"));

  // index.html: never cached without a check (it names the current hashed assets), compressed once.
  // The landing page's routes get landing.html, the same page with the landing drawn in it at build
  // time (scripts/prerender.mjs); a build without it serves index.html everywhere.
  // A request with a session cookie gets the same page marked so (SESSION_HINT): main.tsx then starts
  // the signed-in reads beside the session check instead of after its answer, one round trip sooner.
  // Only the cookie's presence is read (no lookup): a stale cookie costs those reads a 401, unused.
  // A page loaded on demand gets its own files named in the head (<link rel="modulepreload">, from
  // the build's page-files list): the browser fetches them while it reads the HTML, and main.tsx's
  // script adds no links of its own (each was a DOM insertion on the first long task). A page with a
  // shell (page-shells.json: its heading as drawn while the session loads, made at build time by
  // scripts/prerender.mjs) is sent with it in #root, so a phone paints the page's text before any
  // script has run. Each page's variant is made at its first request.
  const landingFile = join(clientDir, "landing.html");
  const index = htmlVariants(indexHtml);
  const landing = existsSync(landingFile) ? htmlVariants(readFileSync(landingFile, "utf8")) : index;
  const landingPaths = new Set<string>([PAGE_ROUTES.home, PAGE_ROUTES.product]);
  const filesByPage = pageFilesOf(indexHtml);
  const shells = pageShellsOf(join(clientDir, "page-shells.json"));
  // The full app is sent with the writers answer (public, the same for everyone: shared/page-data.ts)
  // and its form drawn in the state that answer puts it in, with today's date in its date field.
  const byPage = new Map<string, ReturnType<typeof htmlVariants>>();
  const pageVariants = (path: string) => {
    const module = pageModuleOf(path);
    const files = module ? filesByPage[module] : undefined;
    // A shell is kept by route: every document's page gets the one drawing (and one cached variant).
    const route = shellRouteOf(path);
    const writers = route === PAGE_ROUTES.generate ? pages.writers() : undefined;
    const answers = writers ? { [WRITERS_URL]: writers } : undefined;
    const stateKey = writers && route !== null ? shellKey(route, writerStateOf(writers)) : undefined;
    const shellAt = stateKey !== undefined && Object.hasOwn(shells, stateKey) ? stateKey : route;
    const shell = shellAt !== null && Object.hasOwn(shells, shellAt) ? shells[shellAt] : undefined;
    if (!module || (!files?.length && !shell)) return index;
    const today = new Date().toISOString().slice(0, 10);
    const key = shell === undefined || shellAt === null ? module : `${shellAt} ${today} ${JSON.stringify(answers)}`;
    const made = byPage.get(key);
    if (made) return made;
    let html = shell === undefined ? indexHtml : withShell(indexHtml, shell.replaceAll(TODAY_MARK, today));
    if (answers) html = withPageData(html, answers);
    const variants = htmlVariants(withModulePreloads(html, files ?? []));
    // One variant per page and day: yesterday's is dropped.
    for (const old of byPage.keys()) if (old.startsWith(`${shellAt} `)) byPage.delete(old);
    byPage.set(key, variants);
    return variants;
  };
  // A document's page, and Results reopened on a document (?document=<id>), asked for with a session
  // cookie, are drawn for the document's owner at request time (prerender.tsx): its text is on the
  // phone's first paint, not after the app's code, the session and the document have all arrived.
  // Compressed per request, off the event loop.
  const drawnPage = async (c: Context<AppEnv>, path: string) => {
    if (!hasSessionCookie(c.req.header("cookie"))) return null;
    const route = shellRouteOf(path);
    const resultsOn = route === PAGE_ROUTES.results ? c.req.query(DOCUMENT_PARAM) : undefined;
    let drawn: string | null = null;
    if (route === DOCUMENT_ROUTE)
      drawn = await pages.drawDocument(c, path.slice(path.lastIndexOf("/") + 1), "document");
    else if (resultsOn !== undefined && isUuid(resultsOn)) drawn = await pages.drawDocument(c, resultsOn, "results");
    if (drawn === null) return null;
    const files = filesByPage[pageModuleOf(path) ?? ""] ?? [];
    return withModulePreloads(withSessionHint(withShell(indexHtml, drawn)), files);
  };
  app.get("*", async (c) => {
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, "") : c.req.path;
    c.header("Cache-Control", "private, no-cache");
    c.header("Vary", "Accept-Encoding, Cookie");
    const encoding = pickEncoding(c.req.header("accept-encoding"));
    const drawn = await drawnPage(c, path);
    if (drawn !== null) {
      if (!encoding) return c.html(drawn, 200);
      const body = await compressBodyAsync(Buffer.from(drawn), encoding);
      return c.body(new Uint8Array(body), 200, {
        "Content-Type": "text/html; charset=UTF-8",
        "Content-Encoding": encoding,
      });
    }
    const variants = landingPaths.has(path) ? landing : pageVariants(path);
    const page = hasSessionCookie(c.req.header("cookie")) ? variants.withSession : variants.plain;
    const status = isKnownPage(c.req.path) ? 200 : 404;
    if (!encoding) return c.html(page.text, status);
    return c.body(new Uint8Array(page[encoding]), status, {
      "Content-Type": "text/html; charset=UTF-8",
      "Content-Encoding": encoding,
    });
  });
}

/** Each page module's files, from the list the build writes into index.html (vite.config.ts). */
export function pageFilesOf(html: string): Record<string, string[]> {
  const list = html.match(/<script type="application\/json" id="page-files">([^<]*)<\/script>/)?.[1];
  if (!list) return {};
  try {
    const parsed = JSON.parse(list) as Record<string, unknown>;
    const files: Record<string, string[]> = {};
    for (const [module, names] of Object.entries(parsed))
      if (Array.isArray(names))
        files[module] = names.filter((n): n is string => typeof n === "string" && ASSET.test(n));
    return files;
  } catch {
    return {};
  }
}

/** The build's page shells by path (scripts/prerender.mjs); none when the file is missing or unreadable. */
export function pageShellsOf(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return {};
  }
}

const ROOT = '<div id="root"></div>';

/** `html` with `shell` drawn in its #root (unchanged if it has no empty #root). */
export function withShell(html: string, shell: string): string {
  return html.replace(ROOT, () => `<div id="root">${shell}</div>`);
}

/**
 * `html` carrying `answers` (public answers by URL: shared/page-data.ts) for the client to read before
 * it renders. JSON in a script the browser never runs (the CSP allows no inline script), with every
 * `<` escaped so no answer can close the element.
 */
export function withPageData(html: string, answers: Record<string, unknown>): string {
  const json = JSON.stringify(answers).replace(/</g, "\\u003c");
  return html.replace(
    "</body>",
    () => `  <script type="application/json" id="${PAGE_DATA_ID}">${json}</script>\n  </body>`,
  );
}

/** A built asset's path as the list gives it: nothing else is written into a page. */
const ASSET = /^assets\/[\w.-]+\.js$/;

/** `html` with a <link rel="modulepreload"> for each of `files` at the end of its head. */
export function withModulePreloads(html: string, files: string[]): string {
  if (!files.length) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("\n    ");
  return html.replace("</head>", `    ${links}\n  </head>`);
}

/** The mark main.tsx reads: the request carried a session cookie (client/lib/session-hint.ts). */
export const SESSION_HINT = `<meta name="${SESSION_HINT_NAME}" content="cookie" />`;

const withSessionHint = (html: string) => html.replace("<head>", `<head>\n    ${SESSION_HINT}`);

/** A page as sent without a session cookie and with one (SESSION_HINT in its head). */
function htmlVariants(html: string) {
  return { plain: htmlPage(html), withSession: htmlPage(withSessionHint(html)) };
}

/** Whether a Cookie header carries Better Auth's session cookie (its value is not checked here). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return cookie !== undefined && /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;\s]/.test(cookie);
}

/** An HTML page and its brotli and gzip copies, compressed once at start-up. */
function htmlPage(text: string) {
  const body = Buffer.from(text);
  return { text, br: compressBody(body, "br"), gzip: compressBody(body, "gzip") };
}
