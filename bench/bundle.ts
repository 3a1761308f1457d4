// Gzip size of the JavaScript and CSS the landing page loads — measured in Chromium, lazy chunks
// included — against React + ReactDOM alone built the same way (Vite, production) in the same run.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
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

/** What a browser fetches for `/`, signed out, until the network is idle. */
async function loadedByBrowser(): Promise<string[]> {
  const port = 5300 + Math.floor(Math.random() * 500);
  const dataDir = mkdtempSync(join(tmpdir(), "bench-bundle-"));
  const server = spawn("node", [join(dist, "server", "main.js")], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-dev-shm-usage"],
    });
    const page = await browser.newPage();
    const assets = new Set<string>();
    page.on("request", (req) => {
      const path = new URL(req.url()).pathname;
      if (/^\/assets\/.+\.(js|css)$/.test(path)) assets.add(path);
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: "networkidle" });
    await browser.close();
    return [...assets];
  } finally {
    server.kill("SIGTERM");
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  }
}

const appFiles = await loadedByBrowser();
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
