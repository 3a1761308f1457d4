import { describe, expect, it } from "vitest";
import { countWords } from "../../shared/text";
import { prose } from "./fixtures";
import { analyzeSeo } from "./report";
import { buildSeoRevisePrompt, reviseForSeo, SEO_REVISE_SYSTEM_PROMPT, splitParagraph } from "./revise";

const DRAFT = `# Ten tips for better loaves

Good bread takes patience and a warm kitchen.

## Introduction

${prose(60)}

## Choosing flour

${prose(170, 2)}

\`\`\`
## not a heading inside code
\`\`\`

- a list item stays
- another

## Conclusion

${prose(40, 3)}
`;

describe("reviseForSeo", () => {
  const { revisedText, keyphrase } = reviseForSeo({ markdown: DRAFT, keyphrase: "sourdough bread" });
  const lines = revisedText.split("\n");

  it("puts the keyphrase in the H1, the first paragraph and an H2", () => {
    expect(keyphrase).toBe("sourdough bread");
    expect(lines[0]).toBe("# Sourdough bread: Ten tips for better loaves");
    expect(revisedText).toContain("This guide is about sourdough bread. Good bread takes patience and a warm kitchen.");
    expect(lines.filter((l) => l.startsWith("## ")).some((l) => l.toLowerCase().includes("sourdough bread"))).toBe(
      true,
    );
  });

  it("puts the keyphrase in 30 % of the subheadings at least, spread out, so Yoast's check passes", () => {
    const md = `# Bread notes\n\nSourdough bread at home.\n\n${Array.from(
      { length: 7 },
      (_, i) => `## Part ${i + 1}\n\n${prose(60, i)}`,
    ).join("\n\n")}`;
    const out = reviseForSeo({ markdown: md, keyphrase: "sourdough bread" }).revisedText;
    const h2s = out.split("\n").filter((l) => l.startsWith("## "));
    const withKp = h2s.filter((l) => l.includes("Sourdough bread"));
    expect(withKp).toEqual(["## Sourdough bread: Part 1", "## Sourdough bread: Part 3", "## Sourdough bread: Part 5"]);
    const report = analyzeSeo({
      markdown: out,
      title: "Sourdough bread: Bread notes",
      keyphrase: "sourdough bread",
      metaDescription: "",
      slug: "",
    });
    expect(report.checks.find((c) => c.id === "keyphrase-subheading")?.status).toBe("good");
  });

  it("makes generic headings descriptive", () => {
    expect(revisedText).toContain("## What to know about sourdough bread");
    expect(revisedText).toContain("## Key takeaways on sourdough bread");
    expect(revisedText).not.toMatch(/^## (Introduction|Conclusion)$/m);
  });

  it("splits over-long paragraphs without changing a word, and leaves code and lists alone", () => {
    const paras = revisedText.split(/\n\n+/).filter((p) => /^[A-Z]/.test(p));
    for (const p of paras) expect(countWords(p)).toBeLessThanOrEqual(150);
    expect(revisedText).toContain("```\n## not a heading inside code\n```");
    expect(revisedText).toContain("- a list item stays\n- another");
    const words = (s: string) => s.replace(/[#\s]+/g, " ").trim();
    expect(words(revisedText)).toContain(words(prose(170, 2)).slice(0, 200));
    const split = splitParagraph(prose(400));
    expect(split.length).toBeGreaterThanOrEqual(3);
    expect(split.join(" ")).toBe(prose(400));
  });

  it("infers the keyphrase from the title when none is given and is deterministic", () => {
    const a = reviseForSeo({
      markdown:
        "# Sourdough starter care\n\nFeed the sourdough starter daily. A sourdough starter needs flour.\n\n## Feeding\n\nText.",
    });
    expect(a.keyphrase).toBe("sourdough starter");
    expect(a.revisedText).toContain("## Sourdough starter: Feeding");
    expect(reviseForSeo({ markdown: DRAFT })).toEqual(reviseForSeo({ markdown: DRAFT }));
  });

  it("adds a title when the draft has none", () => {
    const r = reviseForSeo({ markdown: "Plain text about rye.", keyphrase: "rye bread", title: "Rye bread basics" });
    expect(r.revisedText.startsWith("# Rye bread basics\n\n")).toBe(true);
  });
});

describe("SEO revision prompt", () => {
  it("states the rules and carries the draft and keyphrase", () => {
    expect(SEO_REVISE_SYSTEM_PROMPT).toMatch(/Never change facts/);
    const p = buildSeoRevisePrompt({ markdown: "# T\n\nBody", keyphrase: "rye", platform: "shopify" });
    expect(p).toContain('Focus keyphrase: "rye"');
    expect(p).toContain("Shopify");
    expect(p).toContain("# T\n\nBody");
  });
});
