// The main thread while a signed-in page loads on a slow phone (issue 30): Chromium with its CPU
// slowed 4× (as Lighthouse's mobile preset), 412 px wide, the built app signed in as a fresh user;
// every long task (the browser's `longtask` entries) from navigation until the page is drawn, and
// their time over 50 ms (what Lighthouse's total blocking time adds up). Steadier than a Lighthouse
// score from one run, whose TBT swings 2–4× between runs of one build on a shared machine.
//   npx tsx bench/long-tasks.ts                          the built app (dist), 2 loads per page
//   BENCH_BEFORE_DIST=<dist of another build> npx tsx bench/long-tasks.ts
//                                                        both builds, loads alternated, side by side
// BENCH_RUNS sets the loads per page and build. The baseline is the other build in the same run,
// when given; the figure has no goal of its own (Lighthouse's is in bench/signed-in.ts).
import { chromium } from "@playwright/test";
import { ensureBuilt, startBuiltServer } from "./_harness";
import { CHROMIUM } from "./lighthouse";

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const builds: [string, string][] = [["this build", process.env.DIST_DIR ?? "dist"]];
if (process.env.BENCH_BEFORE_DIST) builds.unshift(["before", process.env.BENCH_BEFORE_DIST]);

/** Each page: its path, and a text that is there once the page is drawn with its data. */
const PAGES: [string, string, string][] = [
  ["Settings", "/settings", "Delete my account"],
  ["Full app", "/draftsmith/generate", "Reset and Clear History"],
  ["Documents", "/documents", "No documents yet"],
  ["Billing", "/billing", "How Credits Work"],
];

interface Load {
  blocking: number;
  longest: number;
}

ensureBuilt();
// A fresh account per load, all from 127.0.0.1: past the default sign-ups per minute per address
// (the bench stopped at a 429 once runs × pages passed it).
const servers = await Promise.all(
  builds.map(([, dist]) => startBuiltServer({ SIGN_UPS_PER_MINUTE: "1000" }, [], dist)),
);
const browser = await chromium.launch({ executablePath: CHROMIUM });
const results = new Map<string, Load[]>();
try {
  for (let run = 0; run < RUNS; run++)
    for (const [page, path, drawn] of PAGES)
      for (const [b, [name]] of builds.entries()) {
        const load = await measure(servers[b].url, path, drawn, `${run}-${b}`);
        const key = `${page}\t${name}`;
        results.set(key, [...(results.get(key) ?? []), load]);
      }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}

async function measure(url: string, path: string, drawn: string, tag: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/policy`);
    const signUp = await page.request.post(`${url}/api/auth/sign-up/email`, {
      data: { email: `long-tasks-${Date.now()}-${tag}@example.com`, password: "bench-password-1" },
      headers: { origin: url },
    });
    if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${url}${path}`);
    await page.getByText(drawn).first().waitFor({ timeout: 120_000 });
    // The tasks that draw the page end shortly after its text appears; a late one is still counted.
    await page.waitForLoadState("networkidle");
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    return {
      blocking: Math.round(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
      longest: Math.round(Math.max(0, ...tasks)),
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  JSON.stringify({
    bench: "long-tasks",
    runs: RUNS,
    rows: [...results].map(([key, loads]) => {
      const [page, build] = key.split("\t");
      return { page, build, blocking: loads.map((l) => l.blocking), longest: loads.map((l) => l.longest) };
    }),
  }),
);
console.log(`long tasks while a signed-in page loads, Chromium at 4× CPU, ${RUNS} load(s) per page and build:`);
for (const [page] of PAGES) {
  const line = builds.map(([name]) => {
    const loads = results.get(`${page}\t${name}`) ?? [];
    return `${name}: over 50 ms ${loads.map((l) => l.blocking).join(", ")} ms (median ${median(loads.map((l) => l.blocking))}), longest ${median(loads.map((l) => l.longest))} ms`;
  });
  console.log(`  ${page.padEnd(10)} ${line.join(" | ")}`);
}
