import { describe, expect, it } from "vitest";
import { diffVersions, readableText, sentenceSpans } from "./version-diff";

const join = (segments: { text: string; type: string }[], keep: string[]) =>
  segments
    .filter((s) => keep.includes(s.type))
    .map((s) => s.text)
    .join("");

describe("diffVersions", () => {
  it("rebuilds both texts from its segments", () => {
    const a = "# Title\n\nBread costs money. Flour is dear. We bake at dawn.\n";
    const b = "# Title\n\nBread costs real money. Flour is dear. We bake before dawn, every day.\n";
    const d = diffVersions(a, b);
    expect(join(d.segments, ["same", "removed"])).toBe(a);
    expect(join(d.segments, ["same", "added"])).toBe(b);
  });

  it("marks only the sentences that changed, and counts the words added and removed", () => {
    const a = "Bread costs money. Flour is dear. We bake at dawn.";
    const b = "Bread costs real money. Flour is dear. We bake before dawn.";
    const d = diffVersions(a, b);
    expect(d.changedSentences).toBe(2);
    expect(d.sentences).toBe(3);
    expect(d.addedWords).toBe(2); // "real", "before"
    expect(d.removedWords).toBe(1); // "at"
    const unchanged = d.segments.filter((s) => !s.inChangedSentence).map((s) => s.text);
    expect(unchanged.join("")).toContain("Flour is dear.");
    expect(
      d.segments
        .filter((s) => s.inChangedSentence && s.type === "same")
        .map((s) => s.text)
        .join(""),
    ).toContain("Bread costs");
  });

  it("finds nothing changed in identical texts", () => {
    const d = diffVersions("One. Two.", "One. Two.");
    expect(d).toMatchObject({ changedSentences: 0, addedWords: 0, removedWords: 0 });
    expect(d.segments.every((s) => s.type === "same" && !s.inChangedSentence)).toBe(true);
  });

  it("counts a sentence with words only removed as changed", () => {
    const d = diffVersions("Keep this. Drop the extra words here.", "Keep this. Drop here.");
    expect(d.changedSentences).toBe(1);
    expect(d.removedWords).toBe(3);
  });
});

describe("sentenceSpans", () => {
  it("cuts at end marks and line breaks, covering the whole text", () => {
    const text = "# Head\nOne. Two!\n\nThree?";
    const spans = sentenceSpans(text);
    expect(spans.map(([s, e]) => text.slice(s, e))).toEqual(["# Head\n", "One.", " Two!", "\n\n", "Three?"]);
  });
});

describe("readableText: versions compared by what a reader reads (issue 31, item 8)", () => {
  const markdown =
    "# Bread prices\n\nWe raised **prices** in [spring](https://example.com). Nobody left.\n\n- Flour is dear\n- Ovens are hot\n";
  const html =
    '<!-- wp:heading --><h2 id="bread-prices">Bread prices</h2><!-- /wp:heading -->\n<!-- wp:paragraph --><p>We raised <strong>prices</strong> in <a href="https://example.com">spring</a>. Nobody left.</p><!-- /wp:paragraph -->\n<ul><li>Flour is dear</li><li>Ovens are hot &amp; busy</li></ul>';

  it("reads Markdown and HTML as the same words, markup and block comments gone", () => {
    const a = readableText({ format: "markdown", content: markdown });
    const b = readableText({ format: "html", content: html });
    expect(a).toBe("Bread prices\n\nWe raised prices in spring. Nobody left.\n\nFlour is dear\nOvens are hot");
    expect(b).not.toMatch(/wp:|<|&amp;/);
    expect(b).toContain("Ovens are hot & busy");
  });

  it("finds only the real change between a draft and the SEO HTML made from it", () => {
    const d = diffVersions(
      readableText({ format: "markdown", content: markdown }),
      readableText({ format: "html", content: html }),
    );
    expect(d.addedWords).toBe(1); // "busy" ("&" is not a word)
    expect(d.removedWords).toBe(0);
    expect(d.changedSentences).toBe(1);
    expect(d.changedSentences).toBeLessThanOrEqual(d.sentences);
  });

  it("never counts more changed sentences than there are", () => {
    const d = diffVersions("One.\n\n\nTwo.\n\nThree.", "Alpha beta.\n\nGamma.\n\n\n\nDelta epsilon zeta.\n");
    expect(d.changedSentences).toBeLessThanOrEqual(d.sentences);
    expect(d.sentences).toBe(3);
  });
});
