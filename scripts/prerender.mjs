// After `vite build`: the landing page (/ and /draftsmith) drawn at build time into
// dist/client/landing.html, so a visitor sees it before any script has run; main.tsx then hydrates
// it. Some signed-in pages' first drawings (their heading while the session loads) go into
// dist/client/page-shells.json, which the server puts in those pages. src/client/prerender.tsx is built for Node into
// dist/render/page-render.mjs, run here once, and kept: the server loads it to draw a document's page
// for its owner at request time (server/http/page-renderer.ts).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const dist = process.env.DIST_DIR ?? "dist";
const out = join(dist, "render");
const ROOT = '<div id="root"></div>';

await build({
  logLevel: "warn",
  // One file with its packages in it, as production: the server imports it at its first drawing
  // (a tree of packages resolved from node_modules, CommonJS and development builds, took 1.2 s).
  ssr: { noExternal: true },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    ssr: "src/client/prerender.tsx",
    outDir: out,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: "page-render.mjs" } },
  },
});
try {
  const { render, renderShell, SHELL_PATHS } = await import(pathToFileURL(resolve(out, "page-render.mjs")).href);
  const html = await render("/");
  const index = readFileSync(join(dist, "client", "index.html"), "utf8");
  if (!index.includes(ROOT)) throw new Error(`${dist}/client/index.html has no ${ROOT}`);
  writeFileSync(join(dist, "client", "landing.html"), index.replace(ROOT, `<div id="root">${html}</div>`));
  console.log(`prerendered the landing page: ${(html.length / 1024).toFixed(1)} kB of HTML`);
  // Page shells: what the server puts in #root of these pages (server/app.ts). React draws over them
  // rather than hydrating, so each is inert (a field in one would lose what was typed in it), and
  // holds no script (the CSP would refuse it).
  const shells = {};
  for (const path of SHELL_PATHS) {
    const shell = await renderShell(path);
    if (!/<div class="contents" inert="" data-page-shell="">/.test(shell) || /<script\b/i.test(shell))
      throw new Error(`the page shell of ${path} is not inert or holds a script`);
    shells[path] = shell;
  }
  writeFileSync(join(dist, "client", "page-shells.json"), JSON.stringify(shells));
  console.log(`prerendered ${SHELL_PATHS.length} page shells (${SHELL_PATHS.join(", ")})`);
} catch (err) {
  rmSync(out, { recursive: true, force: true });
  throw err;
}
