// The interactive API reference at /docs/api (issue 28): Swagger UI from the swagger-ui-dist
// package, served by this app (no CDN), reading /api/openapi.json. The page's own script is a file
// too (the CSP allows no inline script).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Hono } from "hono";
import { API_REFERENCE_PATH, OPENAPI_PATH } from "../../shared/routes";
import type { AppEnv } from "./types";

const ASSETS = `${API_REFERENCE_PATH}/assets`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Draftsmith</title>
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
<link rel="stylesheet" href="${ASSETS}/reference.css">
</head>
<body>
<header class="ds-header"><a href="/">Draftsmith</a> <span>API reference</span></header>
<main id="swagger-ui" aria-label="API reference"><h1 class="ds-fallback">Draftsmith API reference</h1><p class="ds-fallback">The reference needs JavaScript. The document itself: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p></main>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="${ASSETS}/reference.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: "#swagger-ui",
  // Deep links put a link inside each operation's toggle button (axe: nested-interactive).
  deepLinking: false,
  tryItOutEnabled: false,
  persistAuthorization: false,
  // Its colour themes are below WCAG AA contrast on their dark background.
  syntaxHighlight: false,
});
// Scrolling code samples must be reachable by keyboard (axe: scrollable-region-focusable).
new MutationObserver(() => {
  for (const el of document.querySelectorAll(".swagger-ui pre:not([tabindex])")) el.setAttribute("tabindex", "0");
}).observe(document.body, { childList: true, subtree: true });`;

// Swagger UI's light texts and method badges are below WCAG AA contrast: darkened here (axe-checked
// by e2e/account/api-keys.spec.ts).
const CSS = `.ds-header{font:600 16px system-ui,sans-serif;padding:12px 20px;border-bottom:1px solid #e2e8f0}
.ds-header a{color:#0f172a;text-decoration:underline}.ds-header span{color:#334155;font-weight:400;margin-left:8px}
.swagger-ui .info .title small{background:#334155}.swagger-ui .info .title small.version-stamp{background:#166534}
.swagger-ui .info .title small pre{color:#fff}
.swagger-ui .info .url,.swagger-ui .info a{color:#1d4ed8}
.swagger-ui .btn.authorize{color:#166534;border-color:#166534}.swagger-ui .btn.authorize span{color:#166534}
.swagger-ui .btn.authorize svg{fill:#166534}
.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1d4ed8}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#166534}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#b91c1c}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#0f766e}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#c2410c}
.swagger-ui .json-schema-2020-12-expand-deep-button{color:#334155}
.swagger-ui .opblock-summary-path,.swagger-ui .opblock .opblock-summary-description,.swagger-ui .parameter__type,
.swagger-ui .parameter__in,.swagger-ui .renderedMarkdown p,.swagger-ui .opblock-description-wrapper p,
.swagger-ui table thead tr th,.swagger-ui .info li,.swagger-ui .info p,.swagger-ui .info table,.swagger-ui .prop-format{color:#1e293b}
.swagger-ui .opblock-tag small{color:#334155}`;

export function mountApiReference(app: Hono<AppEnv>) {
  const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const files: Record<string, { body: string | Buffer; type: string }> = {
    "swagger-ui.css": { body: readFileSync(join(dist, "swagger-ui.css")), type: "text/css; charset=utf-8" },
    "swagger-ui-bundle.js": {
      body: readFileSync(join(dist, "swagger-ui-bundle.js")),
      type: "text/javascript; charset=utf-8",
    },
    "reference.js": { body: INIT, type: "text/javascript; charset=utf-8" },
    "reference.css": { body: CSS, type: "text/css; charset=utf-8" },
  };
  app.get(API_REFERENCE_PATH, (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(PAGE);
  });
  app.get(`${ASSETS}/:file`, (c) => {
    const file = files[c.req.param("file")];
    if (!file) return c.notFound();
    c.header("Content-Type", file.type);
    c.header("Cache-Control", "public, max-age=86400");
    return c.body(typeof file.body === "string" ? file.body : new Uint8Array(file.body));
  });
}
