// Gzip size of the JavaScript and CSS the landing page loads, against React + ReactDOM alone built
// the same way (Vite, production) in the same run.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const dist = process.env.DIST_DIR ?? "dist";
if (!existsSync(join(dist, "client", "index.html"))) {
  console.error(`no ${dist}/client/index.html: run npm run build first`);
  process.exit(1);
}

/** Assets index.html loads, plus the chunks they statically import (Vite's modulepreload list). */
function landingAssets(clientDir: string): string[] {
  const html = readFileSync(join(clientDir, "index.html"), "utf8");
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  return [...new Set(refs)];
}
const gz = (clientDir: string, files: string[]) =>
  files.reduce((n, f) => n + gzipSync(readFileSync(join(clientDir, f))).length, 0);

const appFiles = landingAssets(join(dist, "client"));
const appGzip = gz(join(dist, "client"), appFiles);

const tmp = ".tmp/bench-bundle";
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
writeFileSync(
  join(tmp, "index.html"),
  '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>',
);
writeFileSync(
  join(tmp, "main.js"),
  'import { createElement } from "react";\nimport { createRoot } from "react-dom/client";\ncreateRoot(document.getElementById("root")).render(createElement("p", null, "hello"));\n',
);
await build({ root: tmp, logLevel: "silent", build: { outDir: "out", emptyOutDir: true } });
const baseFiles = landingAssets(join(tmp, "out"));
const baseGzip = gz(join(tmp, "out"), baseFiles);
rmSync(tmp, { recursive: true, force: true });

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
console.log(
  JSON.stringify({
    bench: "bundle",
    landingFiles: appFiles,
    landingGzipBytes: appGzip,
    reactOnlyGzipBytes: baseGzip,
    ratio: +(appGzip / baseGzip).toFixed(2),
  }),
);
console.log(
  `bundle: the landing page loads ${kb(appGzip)} gzip of JS+CSS; React + ReactDOM alone ${kb(baseGzip)} (×${(appGzip / baseGzip).toFixed(2)})`,
);
