import { describe, expect, it } from "vitest";
import { InvalidImageUrlError, parseImageUrls, SeoRequest } from "../../shared/seo";
import { ACCEPTANCE_MD, prose, RICH_MD } from "./fixtures";
import { produceSeoHtml } from "./html";
import { buildMetaDescription, buildSlug } from "./meta";

const IMGS = ["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.jpg", "https://cdn.example.com/c.jpg"];
const wp = (markdown: string, extra: Partial<Parameters<typeof produceSeoHtml>[0]> = {}) =>
  produceSeoHtml({ markdown, platform: "wordpress", imageUrls: IMGS, datePublished: "2025-03-04", ...extra });
const shop = (markdown: string, extra: Partial<Parameters<typeof produceSeoHtml>[0]> = {}) =>
  produceSeoHtml({ markdown, platform: "shopify", imageUrls: IMGS, datePublished: "2025-03-04", ...extra });

/** Extracts and parses the JSON-LD scripts of a string. */
const scripts = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

describe("SeoRequest schema", () => {
  it("accepts a valid request and refuses empty content and unknown platforms with the spec messages", () => {
    expect(SeoRequest.safeParse({ content: "# Hi", platform: "shopify" }).success).toBe(true);
    const empty = SeoRequest.safeParse({ content: "   ", platform: "wordpress" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0].message).toBe("Content is required");
    const missing = SeoRequest.safeParse({ platform: "wordpress" });
    expect(missing.error?.issues[0].message).toBe("Content is required");
    const wix = SeoRequest.safeParse({ content: "x", platform: "wix" });
    expect(wix.error?.issues[0].message).toBe("Platform must be wordpress or shopify");
    expect(SeoRequest.safeParse({ content: "x".repeat(200_001), platform: "wordpress" }).success).toBe(false);
    expect(SeoRequest.safeParse({ content: "x", platform: "wordpress", datePublished: "2025-02-31" }).success).toBe(
      false,
    );
    expect(
      SeoRequest.safeParse({ content: "x", platform: "wordpress", datePublished: "2025-02-03T10:00:00Z" }).success,
    ).toBe(true);
    expect(SeoRequest.safeParse({ content: "x", platform: "wordpress", aiProvider: "mistral" }).success).toBe(false);
  });
});

describe("parseImageUrls", () => {
  it("splits, trims and drops empties", () => {
    expect(parseImageUrls(" https://a.example/x.jpg , ,http://b.example/y.png ")).toEqual([
      "https://a.example/x.jpg",
      "http://b.example/y.png",
    ]);
    expect(parseImageUrls(undefined)).toEqual([]);
    expect(parseImageUrls("")).toEqual([]);
  });
  it("refuses anything but http(s) with a clear typed error", () => {
    expect(() => parseImageUrls("https://cdn.example.com/a.jpg, javascript:alert(3)")).toThrow(
      "Image URL 2 is not an http(s) address: javascript:alert(3)",
    );
    for (const bad of ["data:image/png;base64,AAAA", "/relative.jpg", "ftp://x.example/a.jpg", "not a url"]) {
      let err: unknown;
      try {
        parseImageUrls(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(InvalidImageUrlError);
      expect((err as Error).message).toContain("Image URL 1");
    }
  });
});

describe("produceSeoHtml — WordPress block markup", () => {
  const r = wp(RICH_MD);
  const h = r.optimizedHtml;

  it("emits core blocks in the current serialisation", () => {
    expect(h).toContain('<!-- wp:heading -->\n<h2 id="introduction" class="wp-block-heading">');
    expect(h).toMatch(/<!-- wp:heading \{"level":3\} -->\n<h3 id="[^"]+" class="wp-block-heading">/);
    expect(h).toMatch(/<!-- wp:paragraph -->\n<p>[\s\S]*?<\/p>\n<!-- \/wp:paragraph -->/);
    expect(h).toContain('<!-- wp:list {"ordered":true} -->\n<ol class="wp-block-list"><!-- wp:list-item -->\n<li>');
    expect(h).toContain('<li>Verify the address<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->');
    expect(h).toContain("<!-- /wp:list-item --></ol>\n<!-- /wp:list -->");
    expect(h).toContain(
      '<!-- wp:image -->\n<figure class="wp-block-image"><img src="https://cdn.example.com/a.jpg" alt="Illustration: ',
    );
    expect(h).toContain(
      '<!-- wp:table {"hasFixedLayout":true} -->\n<figure class="wp-block-table"><table class="has-fixed-layout"><thead>',
    );
    expect(h).toContain('<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->');
    expect(h).toContain('<!-- wp:code -->\n<pre class="wp-block-code"><code>const hours');
    expect(h).toContain(
      '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity">\n<!-- /wp:separator -->',
    );
    expect(h).toMatch(/<!-- wp:html -->\n<nav aria-label="Table of contents">/);
    // every opened block is closed, in order
    const stack: string[] = [];
    for (const m of h.matchAll(/<!-- (\/?)wp:([a-z-]+)[^>]*?-->/g)) {
      if (m[1]) expect(stack.pop()).toBe(m[2]);
      else stack.push(m[2]);
    }
    expect(stack).toEqual([]);
  });

  it("embeds the JSON-LD as a Custom HTML block with < escaped", () => {
    expect(h).toMatch(/<!-- wp:html -->\n<script type="application\/ld\+json">[\s\S]*<\/script>\n<!-- \/wp:html -->$/);
    const ld = scripts(h);
    expect(ld.map((o) => o["@type"])).toEqual(["Article", "FAQPage"]);
    const evil = wp("# Draft\n\nBody text here.", { title: "Title </script><script>alert(1)</script>" });
    expect(evil.optimizedHtml).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(evil.optimizedHtml).toContain("\\u003c/script\\u003e");
    expect(scripts(evil.optimizedHtml)[0].headline).toBe("Title </script><script>alert(1)</script>");
  });
});

describe("produceSeoHtml — structure", () => {
  it("takes the title from the first H1, removes it and leaves no H1 in the body", () => {
    for (const r of [wp(RICH_MD), shop(RICH_MD)]) {
      expect(r.optimizedHtml).not.toMatch(/<h1/i);
      expect(r.optimizedHtml).not.toContain("Complete Guide</h");
      expect(r.meta.metaTitle).toBe("Google Business Profile for Bakeries: A Complete Guide");
    }
    const titled = shop("# Draft title\n\nIntro.\n\n## Part", { title: "Given title" });
    expect(titled.optimizedHtml).not.toContain("Draft title");
    expect(titled.meta.metaTitle).toBe("Given title");
    const noH1 = shop("### Lead heading\n\nIntro.\n\n#### Sub\n\nText.");
    expect(noH1.meta.metaTitle).toBe("Lead heading");
    expect(noH1.optimizedHtml).toContain('<h2 id="sub">Sub</h2>');
  });

  it("repairs the heading hierarchy and puts a unique id on every heading", () => {
    const h = shop(RICH_MD).optimizedHtml;
    expect(h).toContain('<h3 id="skipped-level-heading">Skipped level heading</h3>'); // was H4 under H2
    expect(h).toContain('<h2 id="a-second-h1-that-must-be-demoted">'); // was a second H1
    const levels = [...h.matchAll(/<h([2-6])/g)].map((m) => Number(m[1]));
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeLessThanOrEqual(levels[i - 1] + 1);
    const dup = shop("# T\n\n## Same\n\nA.\n\n## Same\n\nB.\n\n### Same\n\nC.").optimizedHtml;
    expect([...dup.matchAll(/id="([^"]+)"/g)].map((m) => m[1])).toEqual(["same", "same-1", "same-2"]);
    expect(shop(RICH_MD).optimizedHtml.match(/<h[23](?![^>]*\bid=)/g)).toBeNull();
  });

  it("adds a table of contents after the intro only over ~1,200 words", () => {
    const long = shop(RICH_MD).optimizedHtml;
    const nav = long.indexOf("<nav");
    expect(nav).toBeGreaterThan(long.indexOf("</p>"));
    expect(nav).toBeLessThan(long.indexOf("<h2"));
    expect(long).toContain('<a href="#introduction">Introduction</a><ol><li><a href="#skipped-level-heading">');
    for (const m of long.slice(nav, long.indexOf("</nav>")).matchAll(/href="#([^"]+)"/g)) {
      expect(long).toContain(`id="${m[1]}"`);
    }
    const short = shop(ACCEPTANCE_MD).optimizedHtml;
    expect(short).not.toContain("<nav");
    const justOver = `# T\n\n${prose(100)}\n\n## A\n\n${prose(600)}\n\n## B\n\n${prose(560)}`;
    expect(shop(justOver).optimizedHtml).toContain("<nav");
  });

  it("places images after the intro and between sections with alt, lazy loading and async decoding", () => {
    const h = shop(ACCEPTANCE_MD).optimizedHtml;
    const figs = [...h.matchAll(/<figure><img ([^>]+)><\/figure>/g)].map((m) => m[1]);
    expect(figs).toHaveLength(3);
    expect(figs[0]).toContain('src="https://cdn.example.com/a.jpg"');
    expect(figs[0]).toContain('loading="eager"');
    expect(figs[0]).toContain('fetchpriority="high"');
    expect(figs[0]).not.toContain('loading="lazy"');
    for (const f of figs.slice(1)) {
      expect(f).toContain('loading="lazy"');
      expect(f).toContain('decoding="async"');
    }
    for (const f of figs) expect(f).toMatch(/alt="Illustration: [^"]{3,}"/);
    // first image right after the intro, before the first H2
    expect(h.indexOf("cdn.example.com/a.jpg")).toBeLessThan(h.indexOf("<h2"));
    expect(h.indexOf("cdn.example.com/a.jpg")).toBeGreaterThan(h.indexOf("</p>"));
    // others directly before a later H2, alt from that heading
    expect(h).toMatch(/alt="Illustration: ([^"]+)"[^>]*><\/figure>\n<h2 id="[^"]+">\1<\/h2>/);
    // the WordPress image block keeps only what core/image saves
    const w = wp(ACCEPTANCE_MD).optimizedHtml;
    expect(w).toMatch(
      /<figure class="wp-block-image"><img src="https:\/\/cdn\.example\.com\/b\.jpg" alt="Illustration: [^"]+"><\/figure>/,
    );
    // markdown images keep their alt and get lazy loading
    expect(shop(RICH_MD).optimizedHtml).toContain(
      '<img src="https://cdn.example.com/croissants.jpg" alt="A tray of croissants" loading="lazy" decoding="async" title="Croissants">',
    );
  });

  it("keeps tables with thead/tbody and drops obsolete align attributes", () => {
    const h = shop(RICH_MD).optimizedHtml;
    expect(h).toMatch(/<table>\s*<thead>[\s\S]*<\/thead>\s*<tbody>[\s\S]*<\/tbody>\s*<\/table>/);
    expect(h).not.toMatch(/\salign=/);
  });
});

describe("produceSeoHtml — Shopify", () => {
  const r = shop(RICH_MD);
  it("is clean body HTML with no block comments and no script", () => {
    expect(r.optimizedHtml).not.toContain("<!--");
    expect(r.optimizedHtml).not.toMatch(/<script/i);
    expect(r.meta.jsonLdScript).toMatch(/^<script type="application\/ld\+json">/);
    expect(r.notes.join(" ")).toContain("global.title_tag");
    expect(r.notes.join(" ")).toContain("global.description_tag");
    expect(r.notes.join(" ")).toMatch(/theme/);
  });
});

describe("produceSeoHtml — meta", () => {
  it("feeds the request's keyphrase (the SEO Keywords field) to the meta and the report alike; else the inferred one", () => {
    const given = wp(ACCEPTANCE_MD, { keyphrase: "sourdough starter" });
    expect(given.meta.keyphrase).toBe("sourdough starter");
    const intro = given.report.checks.find((c) => c.id === "keyphrase-intro");
    expect(intro?.status).toBe("bad");
    expect(intro?.advice).toContain('"sourdough starter"');
    const inferred = wp(ACCEPTANCE_MD);
    expect(inferred.notes.join(" ")).toContain(`Keyphrase inferred from the title: "${inferred.meta.keyphrase}"`);
    expect(inferred.report.checks.find((c) => c.id === "keyphrase-length")?.advice).toMatch(
      new RegExp(`has ${inferred.meta.keyphrase.split(" ").length} content word`),
    );
  });

  it("builds a short title, a 120–156 character description with the keyphrase, and a clean slug", () => {
    for (const md of [
      RICH_MD,
      ACCEPTANCE_MD,
      "# Tiny\n\nA tiny draft.",
      `# ${"Very long title words ".repeat(8)}\n\n${prose(300)}`,
    ]) {
      const { meta } = shop(md);
      expect(meta.metaTitle.length).toBeLessThanOrEqual(60);
      expect(meta.metaTitle).not.toMatch(/\s$/);
      expect(meta.metaDescription.length).toBeGreaterThanOrEqual(120);
      expect(meta.metaDescription.length).toBeLessThanOrEqual(156);
      expect(meta.metaDescription.toLowerCase()).toContain(meta.keyphrase.split(" ")[0]);
      expect(meta.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(meta.slug.length).toBeLessThanOrEqual(75);
    }
    expect(shop(ACCEPTANCE_MD).meta.metaTitle).toBe("How Small Bakeries Win Local Customers With Google Business");
    expect(buildSlug("How to Win the Local Customers of a Café in 2025", "")).toBe("win-local-customers-cafe-2025");
    expect(buildSlug("Ten tips", "sourdough starter")).toBe("sourdough-starter-ten-tips");
    const d = buildMetaDescription("Short intro.", "", "rye bread");
    expect(d.length).toBeGreaterThanOrEqual(120);
    expect(d).toContain("Rye bread");
  });

  it("infers the keyphrase from the title or uses the given one", () => {
    expect(shop(RICH_MD).meta.keyphrase).toBe("google business profile");
    expect(shop(RICH_MD, { keyphrase: "bakery photos" }).meta.keyphrase).toBe("bakery photos");
  });

  it("emits Article and FAQPage JSON-LD that parses back", () => {
    const { meta } = shop(RICH_MD, { author: "Ada Baker" });
    const [article, faq] = meta.jsonLd;
    expect(article).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Google Business Profile for Bakeries: A Complete Guide",
      description: meta.metaDescription,
      datePublished: "2025-03-04",
      image: ["https://cdn.example.com/a.jpg"],
      author: { "@type": "Person", name: "Ada Baker" },
    });
    expect(faq["@type"]).toBe("FAQPage");
    const qs = faq.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(qs.map((q) => q.name)).toEqual(["How often should a bakery post photos?", "Do replies to reviews matter?"]);
    for (const q of qs) expect(q.acceptedAnswer.text.length).toBeGreaterThan(50);
    expect(scripts(meta.jsonLdScript)).toEqual(meta.jsonLd);
    const none = shop("# T\n\nNo images, no FAQ.\n\n## Part\n\nText.", { imageUrls: [] });
    expect(none.meta.jsonLd).toHaveLength(1);
    expect(none.meta.jsonLd[0].image).toBeUndefined();
    expect(none.meta.jsonLd[0].datePublished).toBe("2025-03-04");
    expect(produceSeoHtml({ markdown: "# T\n\nx", platform: "shopify" }).meta.jsonLd[0].datePublished).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  it("attaches the report", () => {
    const r = shop(ACCEPTANCE_MD);
    expect(r.report.score).toBeGreaterThan(0);
    expect(r.report.score).toBeLessThanOrEqual(100);
    expect(r.report.checks.length).toBeGreaterThanOrEqual(18);
    expect(r.report.checks.find((c) => c.id === "image-alt")?.status).toBe("good");
  });
});

describe("produceSeoHtml — hostile input", () => {
  const hostile = `# Title

Intro <script>alert('x')</script> text.

<script>alert('block')</script>

<img src="x" onerror="alert(1)">

<iframe src="https://evil.example"></iframe>

<div style="color:red" onclick="alert(1)">styled div</div>

<a href="javascript:alert(1)">raw link</a>

[js link](javascript:alert(2)) [JS upper](JAVASCRIPT:alert(2)) [tab](java&#x09;script:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=) [ok](https://example.com/a) [rel](/about) [mail](mailto:a@example.com)

![x](javascript:alert(4)) ![y](data:image/svg+xml;base64,PHN2Zz4=)

## Part

Text.
`;
  for (const platform of ["wordpress", "shopify"] as const) {
    it(`${platform}: neutralises scripts, handlers, raw HTML, iframes, styles and bad URLs`, () => {
      const h = produceSeoHtml({ markdown: hostile, platform, imageUrls: [] }).optimizedHtml;
      expect(h).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
      expect(h).not.toMatch(/\son\w+\s*=/i);
      expect(h).not.toMatch(/javascript:|data:|vbscript:/i);
      expect(h).not.toMatch(/<iframe|<div|style=|<img src="x"/i);
      // raw HTML is dropped, not escaped
      expect(h).not.toMatch(/&lt;|alert\(/);
      expect(h).not.toContain("styled div");
      // links: text stays, href goes; good links kept, external ones get rel=noopener
      expect(h).toContain("<a>js link</a>");
      expect(h).toContain('<a href="https://example.com/a" rel="noopener">ok</a>');
      expect(h).toContain('<a href="/about">rel</a>');
      expect(h).toContain('<a href="mailto:a@example.com">mail</a>');
    });
  }

  it("is deterministic", () => {
    const a = wp(RICH_MD);
    const b = wp(RICH_MD);
    expect(b).toEqual(a);
    expect(shop(RICH_MD)).toEqual(shop(RICH_MD));
  });

  it("runs the offline revision when asked and returns it", () => {
    const r = shop("# Sourdough at home\n\n## Introduction\n\nSome text here.", {
      revise: true,
      keyphrase: "sourdough",
    });
    expect(r.revisedText).toContain("## What to know about sourdough");
    expect(r.optimizedHtml).toContain("What to know about sourdough");
  });
});
