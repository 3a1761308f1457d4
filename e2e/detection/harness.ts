// A test-only page for the detection and SEO components until the writing screens embed them: the
// harness entry (e2e/<feature>/harness/*.tsx) is bundled with esbuild when a spec starts and served
// through Playwright's routing at /__e2e__/<name> on the app's own origin — so the components talk to
// the real server (session cookie, /api/detect-ai, /api/seo-*) under the app's real CSP — with the
// built app's stylesheet. Nothing of this is in the production bundle or its routes.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { build } from "esbuild";
import { expect, PASSWORD, uniqueEmail } from "../fixtures";

const DIST = process.env.DIST_DIR ?? "dist";
const bundles = new Map<string, Promise<string>>();

function bundle(entry: string): Promise<string> {
  let b = bundles.get(entry);
  if (!b) {
    b = build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      target: "es2022",
      jsx: "automatic",
      minify: true,
      logLevel: "error",
      define: { "process.env.NODE_ENV": '"production"' },
    }).then((r) => r.outputFiles[0].text);
    bundles.set(entry, b);
  }
  return b;
}

/** The built app's stylesheet (Tailwind scans the whole tree, the components' classes included). */
function stylesheet(): string {
  const dir = join(DIST, "client", "assets");
  const css = readdirSync(dir).find((f) => f.endsWith(".css"));
  if (!css) throw new Error(`No stylesheet in ${dir}: run DIST_DIR=${DIST} npm run build first`);
  return `/assets/${css}`;
}

// The app's own Content-Security-Policy (src/server/app.ts), so the preview iframe meets it too.
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; connect-src 'self'; font-src 'self' data:; frame-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/** Opens the harness `name` (bundled from `entry`) at /__e2e__/<name>. */
export async function openHarness(page: Page, name: string, entry: string) {
  const js = await bundle(entry);
  const css = stylesheet();
  await page.route(`**/__e2e__/${name}.js`, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: js }),
  );
  await page.route(`**/__e2e__/${name}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      headers: { "content-security-policy": CSP },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} harness</title><link rel="stylesheet" href="${css}"></head><body><div id="root"></div><script type="module" src="/__e2e__/${name}.js"></script></body></html>`,
    }),
  );
  await page.goto(`/__e2e__/${name}`);
}

const origin = (page: Page) => new URL(page.url() === "about:blank" ? "http://127.0.0.1" : page.url()).origin;

/** One account per spec file (sign-ups are rate-limited per address); returns its e-mail. */
export async function createAccount(browser: Browser, baseURL: string | undefined, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const context = await browser.newContext({ baseURL });
  try {
    const res = await context.request.post("/api/auth/sign-up/email", {
      data: { email, password: PASSWORD },
      headers: { Origin: new URL(baseURL ?? "http://127.0.0.1").origin },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await context.close();
  }
  return email;
}

/** Signs the page's context in (sets the session cookie). */
export async function signIn(page: Page, email: string) {
  await page.goto("/policy");
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
    headers: { Origin: origin(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function availableCredits(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/billing/credits");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { availableCredits: number }).availableCredits;
}

/** Sonner's toasts: the newest shown one with this title (one toast at a time; older ones fade out). */
export const toastWith = (page: Page, title: string) =>
  page.locator("[data-sonner-toast][data-visible='true']").filter({ hasText: title }).first();
