// The JavaScript and CSS the landing page loads — measured in Chromium, lazy chunks included — as
// sent over the wire (the server's compression: Chromium's own Accept-Encoding), and gzip-9 for the
// goal (≤ 150 KB), against React + ReactDOM alone built the same way (Vite, production) in the
// same run; then Lighthouse (bench/lighthouse.ts) on the landing page, mobile and desktop presets,
// goal ≥ 95 performance.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { build } from "vite";
import { type LighthouseScores, runLighthouse } from "./lighthouse";

const GOAL_GZIP_KB = 150;
const GOAL_PERFORMANCE = 95;

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
  files.reduce((n, f) => n + gzipSync(readFileSync(join(clientDir, f)), { level: 9 }).length, 0);

/** What a browser fetches for `/`, signed out, until the network is idle: paths, bytes as sent, encodings. */
async function loadedByBrowser(): Promise<{
  files: string[];
  sentBytes: number;
  encodings: string[];
  lighthouse: LighthouseScores[];
}> {
  const port = 5300 + Math.floor(Math.random() * 500);
  const dataDir = mkdtempSync(join(tmpdir(), "bench-bundle-"));
  const server = spawn(process.execPath, [join(dist, "server", "main.js")], {
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
    const assets = new Map<string, Promise<{ bytes: number; encoding: string }>>();
    page.on("requestfinished", (req) => {
      const path = new URL(req.url()).pathname;
      if (!/^\/assets\/.+\.(js|css)$/.test(path)) return;
      assets.set(
        path,
        Promise.all([req.sizes(), req.response()]).then(([sizes, res]) => ({
          bytes: sizes.responseBodySize,
          encoding: res?.headers()["content-encoding"] ?? "identity",
        })),
      );
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: "networkidle" });
    const sent = await Promise.all(assets.values());
    await browser.close();
    const lighthouse: LighthouseScores[] = [];
    if (!process.env.BENCH_NO_LIGHTHOUSE)
      for (const preset of ["mobile", "desktop"] as const)
        lighthouse.push(await runLighthouse(`http://127.0.0.1:${port}/`, preset));
    return {
      files: [...assets.keys()],
      sentBytes: sent.reduce((n, s) => n + s.bytes, 0),
      encodings: [...new Set(sent.map((s) => s.encoding))],
      lighthouse,
    };
  } finally {
    server.kill("SIGTERM");
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  }
}

const landing = await loadedByBrowser();
const appFiles = landing.files;
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
    landingSentBytes: landing.sentBytes,
    sentEncodings: landing.encodings,
    landingGzipBytes: appGzip,
    reactOnlyGzipBytes: baseGzip,
    ratio: +(appGzip / baseGzip).toFixed(2),
    lighthouse: landing.lighthouse,
  }),
);
const mark = (ok: boolean) => (ok ? "met" : "MISSED");
console.log(
  `bundle: the landing page loads ${kb(appGzip)} gzip of JS+CSS (goal ≤ ${GOAL_GZIP_KB} kB: ${mark(appGzip <= GOAL_GZIP_KB * 1024)}); ` +
    `${kb(landing.sentBytes)} sent over the wire (${landing.encodings.join(", ")}); React + ReactDOM alone ${kb(baseGzip)} gzip (×${(appGzip / baseGzip).toFixed(2)})`,
);
for (const l of landing.lighthouse)
  console.log(
    `lighthouse (${l.preset}): performance ${l.performance} (goal ≥ ${GOAL_PERFORMANCE}: ${mark(l.performance >= GOAL_PERFORMANCE)}), ` +
      `accessibility ${l.accessibility}, best practices ${l.bestPractices}; FCP ${l.metrics.fcp} ms, LCP ${l.metrics.lcp} ms, TBT ${l.metrics.tbt} ms, CLS ${l.metrics.cls}`,
  );
