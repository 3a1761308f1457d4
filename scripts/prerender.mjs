// After `vite build`: the landing page (/ and /draftsmith) drawn at build time into
// dist/client/landing.html, so a visitor sees it before any script has run; main.tsx then hydrates
// it. src/client/prerender.tsx is built for Node into a scratch folder, run once, and removed.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

const dist = process.env.DIST_DIR ?? "dist";
const out = join(dist, "prerender");
const ROOT = '<div id="root"></div>';

await build({
  logLevel: "warn",
  build: {
    ssr: "src/client/prerender.tsx",
    outDir: out,
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: "prerender.mjs" } },
  },
});
try {
  const { render } = await import(pathToFileURL(resolve(out, "prerender.mjs")).href);
  const html = await render("/");
  const index = readFileSync(join(dist, "client", "index.html"), "utf8");
  if (!index.includes(ROOT)) throw new Error(`${dist}/client/index.html has no ${ROOT}`);
  writeFileSync(join(dist, "client", "landing.html"), index.replace(ROOT, `<div id="root">${html}</div>`));
  console.log(`prerendered the landing page: ${(html.length / 1024).toFixed(1)} kB of HTML`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
