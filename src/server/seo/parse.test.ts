// gfmTree leaves out the GFM autolink literals a text cannot hold (and the budget constructs when no
// budget can be spent): its tree must be the one remark-gfm with everything reads, position for position.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { ACCEPTANCE_MD, prose, RICH_MD } from "./fixtures";
import { remarkInlineBudget } from "./markdown-budget";
import { gfmTree } from "./text";

const full = unified().use(remarkParse).use(remarkGfm).use(remarkInlineBudget).freeze();

const corpus = () => {
  const dir = join(import.meta.dirname, "yoast-corpus");
  return readdirSync(dir).map((f) => readFileSync(join(dir, f), "utf8"));
};

const EDGES = [
  "plain words only, no links at all",
  "visit www.example.com today and WWW.EXAMPLE.ORG too",
  "see https://a.com/x_y_ *em* _u_ and HTTP://B.COM",
  "mail a@b.co, or x&#64;y.com, or z&commat;w.org",
  "h&#116;tps://x.com/a_b_c and &amp; Q&A and R&D",
  "ww&#119;.example.com and &#119;ww.example.com",
  "[a link with www.inside.com](https://x.com) and [open www.x.com",
  "foo_bar_baz@example.com and _emph@asis_ and **bold@x.com**",
  "| a | b |\n|---|---|\n| www.x.com | c@d.ef |",
  "- item http://x.y\n  - nested a@b.cd\n> quote www.q.com",
  "> - a.b+c@d.ef\r\n>   x_y@z.com\tand\thttps://t.co and hTTp://u.v w.www.x.com",
  "[open a@b.cd [x](y) c@d.ef] and a@b@c.de, a.@b.c, -@x.y, path/a@b.cd",
];

describe("gfmTree", () => {
  it("reads the corpus, the fixtures and edge cases exactly as the full GFM parser does", () => {
    for (const md of [...corpus(), ACCEPTANCE_MD, RICH_MD, prose(500), ...EDGES]) {
      expect(gfmTree(md)).toEqual(full.parse(md));
    }
  });

  it("reads random markdown-like text exactly as the full GFM parser does", () => {
    const piece = fc.constantFrom(
      ..."a b W w . : / @ & # ; * _ ~ [ ] ( ) ! ` < > | - = \n \n\n h t p s x 1 ".split(" "),
      " ",
      "www.",
      "http://",
      "https://",
      "&#64;",
      "&#x40;",
      "&commat;",
      "&amp;",
      "mailto:",
      "a@b.co",
      "# ",
      "- ",
      "> ",
      "|---|",
      "\r\n",
      "\t",
      "+",
      "a.b_c-d",
      "x@y",
      "@",
      "[",
      "](u)",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const md = pieces.join("");
        expect(gfmTree(md)).toEqual(full.parse(md));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("remark-gfm's internals that gfmTree relies on", () => {
  // gfmTree leaves constructs out by their names: renamed in an upgrade, nothing would break but the
  // saving would silently vanish. This fails instead.
  it("names the autolink literal constructs and their mdast transform as gfmTree expects", () => {
    const data = full.data() as {
      micromarkExtensions?: { text?: Record<number, { name?: string } | { name?: string }[]> }[];
      fromMarkdownExtensions?: unknown[];
    };
    const names = new Set(
      (data.micromarkExtensions ?? []).flatMap((ext) =>
        Object.values(ext.text ?? {}).flatMap((list) => (Array.isArray(list) ? list : [list]).map((c) => c.name)),
      ),
    );
    for (const name of ["emailAutolink", "wwwAutolink", "protocolAutolink"]) expect(names).toContain(name);
    const entersLiteral = (ext: unknown): boolean =>
      Array.isArray(ext)
        ? ext.some(entersLiteral)
        : "literalAutolink" in ((ext as { enter?: Record<string, unknown> }).enter ?? {});
    expect((data.fromMarkdownExtensions ?? []).some(entersLiteral)).toBe(true);
  });
});
