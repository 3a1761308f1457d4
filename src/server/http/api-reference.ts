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
  deepLinking: true,
  tryItOutEnabled: false,
  persistAuthorization: false,
});`;

// Swagger UI's grey texts are lighter than WCAG AA allows on white: darkened here.
const CSS = `.ds-header{font:600 16px system-ui,sans-serif;padding:12px 20px;border-bottom:1px solid #e2e8f0}
.ds-header a{color:#0f172a;text-decoration:none}.ds-header span{color:#334155;font-weight:400;margin-left:8px}
.swagger-ui .info .title small pre,.swagger-ui .opblock-summary-path,.swagger-ui .opblock .opblock-summary-description,
.swagger-ui .parameter__type,.swagger-ui .parameter__in,.swagger-ui .response-col_links,.swagger-ui .model-title,
.swagger-ui .renderedMarkdown p,.swagger-ui .opblock-description-wrapper p,.swagger-ui .tab li,.swagger-ui table thead tr th,
.swagger-ui .info li,.swagger-ui .info p,.swagger-ui .info table,.swagger-ui .model,.swagger-ui .prop-type,.swagger-ui .prop-format{color:#1e293b!important}
.swagger-ui .opblock-tag small{color:#334155}.swagger-ui .info .title small{background:#334155}
.swagger-ui .info .title small.version-stamp{background:#166534}`;

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
