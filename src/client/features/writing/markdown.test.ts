// The draft renderer: GFM structure as remark-rehype rendered it, and the safety rules that
// rehype-sanitize (GitHub's schema) used to enforce, each checked with an input that breaks it.
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "../detection/draft-parser-now";
import { Markdown } from "./markdown";

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));
/** The rendered draft inside the wrapper, for exact comparisons. */
const inner = (text: string) => render(text).replace(/^<div class="prose-draft">|<\/div>$/g, "");

describe("Markdown structure", () => {
  it("wraps the draft in the product's long-text style", () => {
    expect(renderToStaticMarkup(createElement(Markdown, { text: "x", className: "mt-2" }))).toBe(
      '<div class="prose-draft mt-2"><p>x</p></div>',
    );
  });

  it("renders headings, paragraphs and inline formatting", () => {
    expect(inner("# 1\n## 2\n### 3\n#### 4\n##### 5\n###### 6")).toBe(
      "<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>",
    );
    expect(inner("*em* **strong** ~~del~~ `a<b`  \nnext")).toBe(
      "<p><em>em</em> <strong>strong</strong> <del>del</del> <code>a&lt;b</code><br/>next</p>",
    );
    expect(inner("> quoted\n\n---")).toBe("<blockquote><p>quoted</p></blockquote><hr/>");
  });

  it("renders code blocks with a class only for a plain language name", () => {
    expect(inner("```js\nlet a = 1;\n```")).toBe('<pre><code class="language-js">let a = 1;\n</code></pre>');
    expect(inner("```c++ meta\nx\n```")).toBe('<pre><code class="language-c++">x\n</code></pre>');
    expect(inner("```\nplain\n```")).toBe("<pre><code>plain\n</code></pre>");
    expect(inner('```a"onclick=x\nx\n```')).toBe("<pre><code>x\n</code></pre>");
    expect(inner("```\n```")).toBe("<pre><code></code></pre>");
  });

  it("renders ordered lists with their start, and tight items without paragraphs", () => {
    expect(inner("3. three\n4. four")).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(inner("1. one")).toBe("<ol><li>one</li></ol>");
    expect(inner("- a\n  - nested")).toBe("<ul><li>a<ul><li>nested</li></ul></li></ul>");
    expect(inner("- a\n\n- b")).toBe("<ul><li><p>a</p></li><li><p>b</p></li></ul>");
  });

  it("renders task items as disabled, labelled checkboxes", () => {
    expect(inner("- [x] done\n- [ ] todo\n- plain")).toBe(
      '<ul class="contains-task-list">' +
        '<li class="task-list-item"><input type="checkbox" disabled="" readOnly="" aria-label="Done" checked=""/> done</li>' +
        '<li class="task-list-item"><input type="checkbox" disabled="" readOnly="" aria-label="Not done"/> todo</li>' +
        "<li>plain</li></ul>",
    );
    // In a loose list the checkbox sits in the item's first paragraph.
    expect(inner("- [x] done\n\n  more")).toContain('<li class="task-list-item"><p><input');
  });

  it("renders tables with a head, a body and column alignment, rows padded to the head", () => {
    expect(inner("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 |")).toBe(
      "<table><thead><tr>" +
        '<th style="text-align:left">a</th><th style="text-align:center">b</th><th style="text-align:right">c</th><th>d</th>' +
        "</tr></thead><tbody><tr>" +
        '<td style="text-align:left">1</td><td style="text-align:center">2</td><td style="text-align:right"></td><td></td>' +
        "</tr></tbody></table>",
    );
    expect(inner("| a |\n|---|")).toBe("<table><thead><tr><th>a</th></tr></thead></table>");
  });

  it("renders links, autolinks and images", () => {
    expect(inner('[doc](/docs "Docs") [top](#top) <https://a.example> www.b.example c@d.example')).toBe(
      '<p><a href="/docs" title="Docs">doc</a> <a href="#top">top</a> ' +
        '<a href="https://a.example" rel="noopener noreferrer nofollow" target="_blank">https://a.example</a> ' +
        '<a href="http://www.b.example" rel="noopener noreferrer nofollow" target="_blank">www.b.example</a> ' +
        '<a href="mailto:c@d.example">c@d.example</a></p>',
    );
    expect(inner('![chart](https://e.example/c.png "T") ![](/x.png)')).toBe(
      '<p><img src="https://e.example/c.png" alt="chart" title="T" loading="lazy"/> ' +
        '<img src="/x.png" alt="" loading="lazy"/></p>',
    );
  });

  it("resolves link and image references through definitions, which render nothing", () => {
    const html = inner(
      '[full][r] [r] [Collapsed][] ![pic][r]\n\n[r]: https://r.example "RT"\n[collapsed]: /c\n[r]: /ignored',
    );
    expect(html).toBe(
      '<p><a href="https://r.example" title="RT" rel="noopener noreferrer nofollow" target="_blank">full</a> ' +
        '<a href="https://r.example" title="RT" rel="noopener noreferrer nofollow" target="_blank">r</a> ' +
        '<a href="/c">Collapsed</a> <img src="https://r.example" alt="pic" title="RT" loading="lazy"/></p>',
    );
  });

  it("renders footnotes in order of reference, with ids that every link finds", () => {
    const html = inner("A[^b] B[^a] again[^b] none[^zz].\n\n[^a]: Note *a*.\n[^b]: Note b\n\n    second para");
    expect(html).toContain(
      '<sup><a href="#user-content-fn-b" id="user-content-fnref-b" aria-describedby="user-content-footnote-label">1</a></sup>',
    );
    expect(html).toContain(
      '<a href="#user-content-fn-a" id="user-content-fnref-a" aria-describedby="user-content-footnote-label">2</a>',
    );
    expect(html).toContain('id="user-content-fnref-b-2"');
    expect(html).toContain("none[^zz].");
    expect(html).toContain(
      '<section class="footnotes"><h2 class="sr-only" id="user-content-footnote-label">Footnotes</h2><ol>' +
        '<li id="user-content-fn-b"><p>Note b</p><p>second para' +
        ' <a href="#user-content-fnref-b" class="data-footnote-backref" aria-label="Back to reference 1">↩</a>' +
        ' <a href="#user-content-fnref-b-2" class="data-footnote-backref" aria-label="Back to reference 1-2">↩<sup>2</sup></a></p></li>' +
        '<li id="user-content-fn-a"><p>Note <em>a</em>.' +
        ' <a href="#user-content-fnref-a" class="data-footnote-backref" aria-label="Back to reference 2">↩</a></p></li>' +
        "</ol></section>",
    );
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const targets = [...html.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets).toHaveLength(6);
    for (const target of targets) expect(ids).toContain(target);
  });

  it("renders no footnotes section without references", () => {
    expect(inner("text\n\n[^x]: unused")).toBe("<p>text</p>");
  });
});

describe("Markdown safety", () => {
  it("never renders raw HTML from model output", () => {
    const html = inner(
      'Hi <script>alert(1)</script> <img src=x onerror="alert(1)"> <a href="https://x.example" onclick="y">a</a>\n\n<div onmouseover="z">\nblock\n</div>\n\n<iframe src="https://x.example"></iframe>',
    );
    expect(html).toBe("<p>Hi alert(1)  a</p>");
  });

  it("keeps only http, https, mailto and relative link targets", () => {
    const cases: [string, string][] = [
      ["javascript:alert(1)", "<a>x</a>"],
      ["JaVaScRiPt:alert(1)", "<a>x</a>"],
      ["&#106;avascript:alert(1)", "<a>x</a>"],
      ["&#x6A;avascript&colon;alert(1)", "<a>x</a>"],
      ["java&#x09;script:alert(1)", "<a>x</a>"],
      ["<java\tscript:alert(1)>", "<a>x</a>"],
      ["< javascript:alert(1)>", "<a>x</a>"],
      ["<\u0001javascript:alert(1)>", "<a>x</a>"],
      ["data:text/html,<script>alert(1)</script>", "<a>x</a>"],
      ["vbscript:msgbox(1)", "<a>x</a>"],
      ["ftp://files.example", "<a>x</a>"],
      [
        "https://ok.example/a:b",
        '<a href="https://ok.example/a:b" rel="noopener noreferrer nofollow" target="_blank">x</a>',
      ],
      ["HTTPS://OK.EXAMPLE", '<a href="HTTPS://OK.EXAMPLE" rel="noopener noreferrer nofollow" target="_blank">x</a>'],
      ["//cdn.example/x", '<a href="//cdn.example/x" rel="noopener noreferrer nofollow" target="_blank">x</a>'],
      ["mailto:a@b.example", '<a href="mailto:a@b.example">x</a>'],
      ["../up/page:1", '<a href="../up/page:1">x</a>'],
      ["?q=a:b", '<a href="?q=a:b">x</a>'],
      ["#part", '<a href="#part">x</a>'],
    ];
    for (const [url, expected] of cases) expect(inner(`[x](${url})`), url).toBe(`<p>${expected}</p>`);
  });

  it("applies the same rules to links through references", () => {
    expect(inner("[x][bad]\n\n[bad]: javascript:alert(1)")).toBe("<p><a>x</a></p>");
  });

  it("keeps only http, https and relative image sources", () => {
    const noSrc = '<img alt="i" loading="lazy"/>';
    const cases: [string, string][] = [
      ["data:image/png;base64,AA", noSrc],
      ["javascript:alert(1)", noSrc],
      ["JaVaScRiPt:alert(1)", noSrc],
      ["&#100;ata:image/png;base64,AA", noSrc],
      ["mailto:a@b.example", noSrc],
      ["https://ok.example/i.png", '<img src="https://ok.example/i.png" alt="i" loading="lazy"/>'],
      ["img/i.png", '<img src="img/i.png" alt="i" loading="lazy"/>'],
    ];
    for (const [url, expected] of cases) expect(inner(`![i](${url})`), url).toBe(`<p>${expected}</p>`);
    expect(inner("![i][d]\n\n[d]: data:image/png;base64,AA")).toBe('<p><img alt="i" loading="lazy"/></p>');
  });

  it("builds elements, never HTML strings, and leaves rehype out of the client", () => {
    const source = readFileSync(new URL("./markdown.tsx", import.meta.url), "utf8");
    expect(source).not.toMatch(/dangerouslySetInnerHTML|innerHTML\s*=/);
    expect(source).not.toMatch(/from "(hast|rehype-[\w-]+|remark-rehype|hast-util-[\w-]+)"/);
  });
});
