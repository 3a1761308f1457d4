import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { produceSeoHtml } from "./html";
import {
  AUTOLINK_START_BUDGET,
  fitsInlineBudgets,
  INLINE_MARKER_BUDGET,
  MAX_DEFINITIONS,
  MAX_LINES,
  MAX_NESTING,
  MAX_TABLE_PIPES,
  MarkdownShapeError,
  markdownShapeProblem,
  remarkInlineBudget,
  SETEXT_BUDGET,
  URL_START_BUDGET,
} from "./markdown-budget";
import { analyzeSeo } from "./report";
import { reviseForSeo } from "./revise";
import { parseMarkdown } from "./text";

const html = (markdown: string) => produceSeoHtml({ markdown, platform: "shopify" }).optimizedHtml;
const count = (s: string, re: RegExp) => s.match(re)?.length ?? 0;

describe("inline budgets", () => {
  it("leaves ordinary emphasis and links alone", () => {
    const out = html(`${"Some *soft*, **bold** and [linked](https://example.com/a) words. ".repeat(20)}`);
    expect(count(out, /<em>/g)).toBe(20);
    expect(count(out, /<strong>/g)).toBe(20);
    expect(count(out, /<a href/g)).toBe(20);
  });

  it("treats markers past a paragraph's budget as text, in every paragraph anew", () => {
    const pairs = INLINE_MARKER_BUDGET; // twice the budget's markers
    const paragraph = "x *a*".repeat(pairs);
    const out = html(`${paragraph}\n\n${paragraph}`);
    // Per paragraph: the budget's markers pair up as emphasis; the rest stays literal.
    expect(count(out, /<em>a<\/em>/g)).toBe(2 * (INLINE_MARKER_BUDGET / 2));
    expect(count(out, /\*a\*/g)).toBe(2 * (pairs - INLINE_MARKER_BUDGET / 2));
  });

  it("reads a marker run longer than eight characters as text", () => {
    const out = html(`${"*".repeat(9)}deep${"*".repeat(9)} and ***fine***`);
    expect(out).toContain("*********deep*********");
    expect(out).toContain("<em><strong>fine</strong></em>");
  });

  it("still links every bare URL of a paragraph past the URL-start budget", () => {
    const out = html(Array.from({ length: URL_START_BUDGET + 5 }, (_, i) => `www.example${i}.com`).join(" "));
    expect(count(out, /<a href="http:\/\/www\.example/g)).toBe(URL_START_BUDGET + 5);
  });

  it("leaves a stretch with more URL starts than a real URL as text", () => {
    expect(html("see www.a_www.b.com")).toContain("<a href");
    const out = html(`see ${"www.a_".repeat(5000)}`);
    expect(out).not.toContain("<a href");
  });

  it("reads setext underlines past the document's budget as paragraph text", () => {
    const md = Array.from({ length: SETEXT_BUDGET + 10 }, (_, i) => `Heading ${i}\n===`).join("\n\n");
    const tree = parseMarkdown(md);
    expect(tree.children.filter((n) => n.type === "heading")).toHaveLength(SETEXT_BUDGET);
  });

  it("keeps the attack's inputs fast enough to finish: emphasis runs and brackets become text", () => {
    const emphasis = html(`# T\n\n${"**_".repeat(3000)}`);
    expect(emphasis.length).toBeGreaterThan(9000);
    const brackets = html("[".repeat(30_000));
    expect(count(brackets, /\[/g)).toBe(30_000);
  });
});

describe("markdownShapeProblem", () => {
  it("accepts a real post", () => {
    const post = `# Title\n\n> A quote\n> > nested\n\n- one\n  - two\n    - three\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[x]: https://example.com\n`;
    expect(markdownShapeProblem(post)).toBeNull();
  });

  it("refuses quotes or lists nested past MAX_NESTING, on one line or by indentation", () => {
    expect(markdownShapeProblem(`${"> ".repeat(MAX_NESTING + 1)}a`)).toMatch(/nests quotes or lists more than/);
    expect(markdownShapeProblem(`${"- ".repeat(MAX_NESTING + 1)}a`)).toMatch(/nests/);
    const indented = Array.from({ length: MAX_NESTING + 2 }, (_, i) => `${"  ".repeat(i)}- a`).join("\n");
    expect(markdownShapeProblem(indented)).toMatch(/nests/);
    expect(markdownShapeProblem(`${"> ".repeat(MAX_NESTING)}a`)).toBeNull();
  });

  it("refuses more definitions, lines or table separators than a post has", () => {
    expect(markdownShapeProblem("[a]: https://x.example\n".repeat(MAX_DEFINITIONS + 1))).toMatch(
      /501 link or footnote definitions/,
    );
    expect(markdownShapeProblem("a\n".repeat(MAX_LINES))).toMatch(/at most 3,000 are accepted/);
    expect(markdownShapeProblem("|".repeat(MAX_TABLE_PIPES + 1))).toMatch(/table separators/);
  });

  it("is what produceSeoHtml, reviseForSeo and the report refuse with", () => {
    const deep = `${"> ".repeat(MAX_NESTING + 5)}a`;
    expect(() => produceSeoHtml({ markdown: deep, platform: "wordpress" })).toThrow(MarkdownShapeError);
    expect(() => reviseForSeo({ markdown: deep })).toThrow(MarkdownShapeError);
    expect(() => analyzeSeo({ markdown: deep, title: "t", keyphrase: "k", metaDescription: "d", slug: "s" })).toThrow(
      MarkdownShapeError,
    );
  });
});

// Hostile markdown assembled from the shapes that make parsers slow or deep: nested emphasis,
// brackets, lists, quotes, tables, raw HTML, autolinks, code spans.
const piece = fc.oneof(
  fc.constantFrom(
    "*",
    "**",
    "_",
    "__",
    "~~",
    "[",
    "]",
    "](",
    ")",
    "![",
    "`",
    "``",
    "<",
    ">",
    "|",
    "\\",
    "&#",
    "\n",
    "\n\n",
  ),
  fc.constantFrom("- ", "1. ", "> ", "# ", "===", "---", "```", "    ", "| a | b |\n|---|---|\n", "[^1]", "[a]: b\n"),
  fc.constantFrom("www.a", "http://a.b/", "a@b.co", "<div>", "</div>", "<script>", "<!--", "javascript:"),
  fc.string({ maxLength: 6 }),
);
const hostileMarkdown = fc
  .tuple(fc.array(piece, { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 400 }))
  .map(([parts, times]) => parts.join("").repeat(times).slice(0, 20_000));

describe("the pipeline on hostile markdown (fast-check)", () => {
  it("finishes with sanitised HTML, or refuses the shape with a message", () => {
    fc.assert(
      fc.property(hostileMarkdown, fc.constantFrom("wordpress", "shopify" as const), (markdown, platform) => {
        let out: string;
        try {
          out = produceSeoHtml({ markdown, platform, revise: true }).optimizedHtml;
        } catch (err) {
          expect(err).toBeInstanceOf(MarkdownShapeError);
          expect((err as Error).message.length).toBeGreaterThan(10);
          return;
        }
        expect(out).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
        expect(out).not.toMatch(/\son\w+\s*=/i);
        expect(out).not.toMatch(/(?:href|src)="\s*(?:javascript|data|vbscript):/i);
      }),
      { numRuns: 60, seed: 16 },
    );
  });
});

// Texts near each budget: a run of one piece repeated around the budget's size.
const nearBudgets = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        "x *a*",
        "a ",
        "a@b.co ",
        "a\n",
        "www.a ",
        "http ",
        "H",
        "w/",
        "x\n=\n",
        "x\n---\n",
        "`",
        "[a](b) ",
        "*",
        "\t",
        "\r\n",
      ),
      fc.integer({ min: 1, max: 260 }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((runs) =>
    fc
      .constantFrom("\n\n", "\n", " ", "\n> ", "\n- ", "\r\r", " | ")
      .map((sep) => runs.map(([p, times]) => p.repeat(times)).join(sep)),
  );

describe("fitsInlineBudgets", () => {
  const budgeted = unified().use(remarkParse).use(remarkGfm).use(remarkInlineBudget);
  const plain = unified().use(remarkParse).use(remarkGfm).use(remarkInlineBudget, { constructs: false });

  it("says a text fits only when the budget constructs would change nothing in its tree", () => {
    let fits = 0;
    let spends = 0;
    fc.assert(
      fc.property(fc.oneof(hostileMarkdown, nearBudgets), (markdown) => {
        if (markdownShapeProblem(markdown)) return;
        const tree = budgeted.parse(markdown);
        if (!fitsInlineBudgets(markdown)) {
          if (!isDeepStrictEqual(tree, plain.parse(markdown))) spends++;
          return;
        }
        fits++;
        expect(plain.parse(markdown)).toEqual(tree);
      }),
      { numRuns: 300, seed: 17 },
    );
    // the generators reach both sides
    expect(fits).toBeGreaterThan(50);
    expect(spends).toBeGreaterThan(10);
  });

  it("fits a paragraph at the marker budget and refuses one marker more", () => {
    expect(fitsInlineBudgets("x *a*".repeat(INLINE_MARKER_BUDGET / 2))).toBe(true);
    expect(fitsInlineBudgets(`${"x *a*".repeat(INLINE_MARKER_BUDGET / 2)}*`)).toBe(false);
    expect(fitsInlineBudgets(`${"x *a*".repeat(INLINE_MARKER_BUDGET / 2)}\n\n*`)).toBe(true);
    expect(fitsInlineBudgets("*".repeat(9))).toBe(false);
  });

  it("counts e-mail starts, URL starts and setext underlines up to their budgets", () => {
    expect(fitsInlineBudgets("a ".repeat(AUTOLINK_START_BUDGET))).toBe(true);
    expect(fitsInlineBudgets("a ".repeat(AUTOLINK_START_BUDGET + 1))).toBe(false);
    expect(fitsInlineBudgets("www.a ".repeat(URL_START_BUDGET))).toBe(true);
    expect(fitsInlineBudgets(`${"www.a ".repeat(URL_START_BUDGET)}HTTP`)).toBe(false);
    expect(fitsInlineBudgets("x\n=\n\n".repeat(SETEXT_BUDGET))).toBe(true);
    expect(fitsInlineBudgets("x\n=\n\n".repeat(SETEXT_BUDGET + 1))).toBe(false);
    expect(fitsInlineBudgets("x\r---\r\r".repeat(SETEXT_BUDGET + 1))).toBe(false);
  });
});
