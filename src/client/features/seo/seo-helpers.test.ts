// The SEO panel's pure helpers: the preview document (escaped title, CSP, the HTML inside an
// article), report ordering and counts, score bands, meta length checks.
import { describe, expect, it } from "vitest";
import type { SeoReport } from "../../../shared/seo";
import {
  buildPreviewDocument,
  CHECK_STATUS,
  escapeHtml,
  metaDescriptionStatus,
  metaTitleStatus,
  prettyJsonLd,
  reportCounts,
  scoreStatus,
  sortedChecks,
} from "./seo-helpers";

describe("buildPreviewDocument", () => {
  it("wraps the body HTML in an article under the title, with a stylesheet and a restrictive CSP", () => {
    const doc = buildPreviewDocument('<h2 id="a">A</h2><p>Text</p>', { title: "My post" });
    expect(doc.startsWith("<!doctype html>")).toBe(true);
    expect(doc).toContain('<html lang="en">');
    expect(doc).toContain('<article><h1>My post</h1><h2 id="a">A</h2><p>Text</p></article>');
    expect(doc).toMatch(
      /Content-Security-Policy" content="default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'"/,
    );
    expect(doc).toContain("<style>");
    expect(doc).toContain("<title>My post</title>");
    // No script of ours: the only scripts are whatever the (sanitised) HTML carries, and the iframe's sandbox blocks them.
    expect(doc).not.toMatch(/<script/i);
  });

  it("escapes the title, which is text, never markup", () => {
    const doc = buildPreviewDocument("<p>x</p>", { title: `</title><script>alert(1)</script> & "q"` });
    expect(doc).not.toContain("<script>");
    expect(doc).toContain("&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;");
  });

  it("uses a neutral title and no H1 without one", () => {
    const doc = buildPreviewDocument("<p>x</p>");
    expect(doc).toContain("<title>Preview</title>");
    expect(doc).not.toContain("<h1>");
  });

  it("escapeHtml covers the five characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("report helpers", () => {
  const report: SeoReport = {
    score: 64,
    checks: [
      { id: "a", label: "A", status: "good", advice: "fine" },
      { id: "b", label: "B", status: "bad", advice: "fix" },
      { id: "c", label: "C", status: "ok", advice: "improve" },
      { id: "d", label: "D", status: "bad", advice: "fix too" },
    ],
  };

  it("orders problems first, then improvements, keeping the server's order within each", () => {
    expect(sortedChecks(report).map((c) => c.id)).toEqual(["b", "d", "c", "a"]);
    expect(report.checks.map((c) => c.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("counts each status", () => {
    expect(reportCounts(report)).toEqual({ good: 1, ok: 1, bad: 2 });
  });

  it("bands the score like Yoast (green above 70, orange above 40, red at 40 and below)", () => {
    expect([100, 71, 70, 41, 40, 0].map(scoreStatus)).toEqual(["good", "good", "ok", "ok", "bad", "bad"]);
  });

  it("names every status in words, not only in colour", () => {
    expect(Object.values(CHECK_STATUS).map((s) => s.label)).toEqual(["Good", "Improve", "Problem"]);
  });
});

describe("meta checks", () => {
  it("meta title: up to 60 characters", () => {
    expect(metaTitleStatus("x".repeat(60))).toBe("good");
    expect(metaTitleStatus("x".repeat(61))).toBe("bad");
    expect(metaTitleStatus(" ")).toBe("bad");
  });

  it("meta description: 120–156 characters", () => {
    expect(metaDescriptionStatus("x".repeat(120))).toBe("good");
    expect(metaDescriptionStatus("x".repeat(156))).toBe("good");
    expect(metaDescriptionStatus("x".repeat(119))).toBe("ok");
    expect(metaDescriptionStatus("x".repeat(157))).toBe("ok");
    expect(metaDescriptionStatus("")).toBe("bad");
  });

  it("pretty-prints one JSON-LD object as itself, several as a list", () => {
    expect(JSON.parse(prettyJsonLd([{ "@type": "Article" }]))).toEqual({ "@type": "Article" });
    expect(JSON.parse(prettyJsonLd([{ "@type": "Article" }, { "@type": "FAQPage" }]))).toHaveLength(2);
  });
});
