// SEO HTML + report for a ~3,000-word generated draft: median time over N runs, against the time to
// merely parse the same markdown with remark in the same run.  Run: npx tsx bench/seo.ts [runs]
// Three drafts: plain prose (no autolink literal possible: our parse leaves them out), the same with
// URLs in the text (e-mail literals left out) and with an e-mail address too (every literal read).
import { performance } from "node:perf_hooks";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { prose } from "../src/server/seo/fixtures";
import { produceSeoHtml } from "../src/server/seo/html";

const RUNS = Number(process.argv[2] ?? process.env.BENCH_RUNS ?? 60);

function draft(): string {
  const parts = ["# Google Business Profile for Bakeries: The Complete Guide", "", prose(120), ""];
  for (let s = 0; s < 10; s++) {
    parts.push(`## Section ${s + 1}: photos, reviews and hours`, "", prose(130, s), "");
    parts.push(`### Detail ${s + 1}`, "", prose(110, s + 3), "", "- first point\n- second point\n- third point", "");
    if (s % 3 === 0) parts.push("| Day | Photos |\n|---|---|\n| Mon | 3 |\n| Tue | 5 |", "");
  }
  parts.push("## FAQ", "", "### Does it work?", "", prose(50), "", "### How long does it take?", "", prose(50, 2));
  return parts.join("\n");
}

const plain = draft();
const linked = `${plain}\n\nSources: https://support.google.com/business/ and www.example.com.\n`;
const mailed = `${linked}Questions to hello@example.com.\n`;
const images = ["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.jpg", "https://cdn.example.com/c.jpg"];
const parser = unified().use(remarkParse).use(remarkGfm);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The three measures interleaved, run by run: a garbage collection or another process's burst then
 * lands on each of them alike instead of on whichever measure happened to be running.
 */
function timeInterleaved(fns: (() => void)[]): number[][] {
  for (let i = 0; i < 5; i++) for (const fn of fns) fn(); // warm-up
  const out = fns.map((): number[] => []);
  for (let i = 0; i < RUNS; i++)
    fns.forEach((fn, k) => {
      const t = performance.now();
      fn();
      out[k]?.push(performance.now() - t);
    });
  return out;
}

const produce = (md: string, platform: "wordpress" | "shopify") => () =>
  produceSeoHtml({ markdown: md, platform, imageUrls: images, datePublished: "2025-01-01" });

const GOAL = 1.2;
console.log(`${RUNS} runs each (median), the measures interleaved run by run`);
for (const [name, md] of [
  ["plain prose", plain],
  ["with URLs", linked],
  ["with URLs + e-mail", mailed],
] as const) {
  const [parse, wp, sh] = timeInterleaved([
    () => parser.parse(md),
    produce(md, "wordpress"),
    produce(md, "shopify"),
  ]).map(median) as [number, number, number];
  const words = md.split(/\s+/).length;
  console.log(`draft "${name}": ${words} words, ${md.length} chars`);
  console.log(`  remark parse only        ${parse.toFixed(2)} ms`);
  for (const [label, t] of [
    ["wp", wp],
    ["shop", sh],
  ] as const) {
    const ratio = t / parse;
    const verdict = ratio <= GOAL ? "met" : "missed";
    console.log(
      `  SEO HTML + report (${label.padEnd(4)}) ${t.toFixed(2)} ms  (${ratio.toFixed(2)}× parse; ${name}; goal ≤ ${GOAL}×: ${verdict})`,
    );
  }
}
