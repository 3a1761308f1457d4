// SEO HTML + report for a ~3,000-word generated draft: median time over N runs, against the time to
// merely parse the same markdown with remark in the same run.  Run: npx tsx bench/seo.ts [runs]
import { performance } from "node:perf_hooks";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { prose } from "../src/server/seo/fixtures";
import { produceSeoHtml } from "../src/server/seo/html";

const RUNS = Number(process.argv[2] ?? 60);

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

const md = draft();
const words = md.split(/\s+/).length;
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

const produce = (platform: "wordpress" | "shopify") => () =>
  produceSeoHtml({ markdown: md, platform, imageUrls: images, datePublished: "2025-01-01" });
const [parse, wp, sh] = timeInterleaved([() => parser.parse(md), produce("wordpress"), produce("shopify")]).map(
  median,
) as [number, number, number];

console.log(`draft: ${words} words, ${md.length} chars, ${RUNS} runs each (median)`);
console.log(`remark parse only        ${parse.toFixed(2)} ms`);
console.log(`SEO HTML + report (wp)   ${wp.toFixed(2)} ms  (${(wp / parse).toFixed(1)}× parse)`);
console.log(`SEO HTML + report (shop) ${sh.toFixed(2)} ms  (${(sh / parse).toFixed(1)}× parse)`);
console.log("goal (issue 17): SEO HTML + report ≤ 1.5× parse");
