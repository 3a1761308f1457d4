// A reusable Lighthouse runner on Debian's Chromium: the performance, accessibility and
// best-practices scores (0–100) of one URL under the mobile or desktop preset, optionally signed in
// (a Cookie header sent with every request of the page). Used by bench/bundle.ts; also
//   npx tsx bench/lighthouse.ts <url> [mobile|desktop] [cookie]
// prints the scores as one JSON line (LIGHTHOUSE_JSON=<file> also writes the whole report there). (bench/run.mjs runs it only through bundle.ts.)
// Lighthouse and chrome-launcher are bench-only tools (bench/package.json), loaded through _tools.ts.
import { writeFileSync } from "node:fs";
import { benchTool } from "./_tools";

/** The little of chrome-launcher and Lighthouse used here. */
interface ChromeLauncher {
  launch(opts: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> }>;
}
interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { numericValue?: number } | undefined>;
    runtimeError?: { code: string; message: string };
    environment?: { benchmarkIndex?: number };
  };
}
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<LighthouseResult | undefined>;

export type Preset = "mobile" | "desktop";
export interface LighthouseScores {
  url: string;
  preset: Preset;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The main timings behind the performance score, in ms (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /**
   * Lighthouse's measure of how fast this machine ran a fixed script while the page loaded: scores from
   * machines (or loads) with different indexes are not comparable, since task times are counted 4×.
   */
  benchmarkIndex: number;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function runLighthouse(
  url: string,
  preset: Preset,
  opts: { cookie?: string; chromePath?: string } = {},
): Promise<LighthouseScores> {
  const { launch } = await benchTool<ChromeLauncher>("chrome-launcher");
  const { default: lighthouse } = await benchTool<{ default: Lighthouse }>("lighthouse");
  const { default: desktopConfig } = await benchTool<{ default: unknown }>("lighthouse/core/config/desktop-config.js");
  const chrome = await launch({
    chromePath: opts.chromePath ?? CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices"],
        ...(opts.cookie ? { extraHeaders: { Cookie: opts.cookie } } : {}),
      },
      preset === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // LIGHTHOUSE_JSON=<file>: keep the whole report (layout-shift elements, long tasks, bootup time).
    if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(result.lhr));
    const { categories, audits, runtimeError, environment } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => Math.round((audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000;
    return {
      url,
      preset,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      metrics: {
        fcp: Math.round(value("first-contentful-paint")),
        lcp: Math.round(value("largest-contentful-paint")),
        tbt: Math.round(value("total-blocking-time")),
        cls: value("cumulative-layout-shift"),
        si: Math.round(value("speed-index")),
      },
      benchmarkIndex: Math.round(environment?.benchmarkIndex ?? Number.NaN),
    };
  } finally {
    await chrome.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, preset = "mobile", cookie] = process.argv.slice(2);
  if (!url) {
    console.error("usage: npx tsx bench/lighthouse.ts <url> [mobile|desktop] [cookie]");
    process.exit(2);
  }
  console.log(JSON.stringify(await runLighthouse(url, preset as Preset, { cookie })));
}
