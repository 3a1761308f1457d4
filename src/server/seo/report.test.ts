import { h } from "hastscript";
import { describe, expect, it } from "vitest";
import { prose } from "./fixtures";
import { type AnalyzeSeoInput, analyzeSeo, fleschReadingEase, hasTransition, isPassive, scoreOf } from "./report";
import { syllables } from "./text";

const GOOD_MD = `# Bakery marketing tips for small shops

Bakery marketing starts with a clear profile. ${prose(60)}

![A baker shaping loaves](https://cdn.example.com/a.jpg)

## Bakery marketing on a small budget

${prose(100, 1)} Read [our checklist](/checklist) and [Google's guide](https://support.google.com/business/).

## Photos that sell

${prose(100, 2)} Good bakery marketing uses real photos.

## Reviews and replies

${prose(100, 3)}
`;

const GOOD: AnalyzeSeoInput = {
  markdown: GOOD_MD,
  title: "Bakery marketing tips for small shops",
  keyphrase: "bakery marketing",
  metaDescription:
    "Bakery marketing for small shops: set up your profile, post fresh photos every morning and answer reviews fast to win local customers.",
  slug: "bakery-marketing-tips-small-shops",
};

const statusOf = (input: AnalyzeSeoInput, id: string) => {
  const c = analyzeSeo(input).checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
};

const longSentence =
  "Bakers who post fresh photos every single morning of the week usually see many more visits from people who live in the same neighbourhood and walk past.";

describe("analyzeSeo", () => {
  it("passes every check on a well-made draft", () => {
    const r = analyzeSeo(GOOD);
    const notGood = r.checks.filter((c) => c.status !== "good");
    expect(notGood).toEqual([]);
    expect(r.score).toBe(100);
    for (const c of r.checks) expect(c.advice.length).toBeGreaterThan(5);
  });

  const cases: [string, Partial<AnalyzeSeoInput>][] = [
    ["keyphrase-title", { title: "Tips for small shops that sell bread" }],
    ["keyphrase-intro", { markdown: GOOD_MD.replace("Bakery marketing starts", "Everything starts") }],
    [
      "keyphrase-subheading",
      { markdown: GOOD_MD.replace("## Bakery marketing on a small budget", "## Spending a small budget") },
    ],
    ["keyphrase-slug", { slug: "tips-small-shops" }],
    ["keyphrase-meta", { metaDescription: GOOD.metaDescription.replace("Bakery marketing", "Promotion") }],
    [
      "keyphrase-density",
      { markdown: GOOD_MD.replace(/(\.)( |$)/gm, ". Bakery marketing works. ").replace(/\n\n/g, "\n\n") },
    ],
    ["title-length", { title: "Bakery marketing tips for small shops that want to win local customers every day" }],
    ["meta-length", { metaDescription: "Bakery marketing for small shops." }],
    [
      "text-length",
      { markdown: `# T\n\nBakery marketing is simple. ${prose(60)}\n\n## Bakery marketing now\n\nShort.` },
    ],
    [
      "subheading-distribution",
      { markdown: `${GOOD_MD}\n\n## Long part\n\n${prose(140)}\n\n${prose(140, 2)}\n\n${prose(100, 4)}` },
    ],
    ["paragraph-length", { markdown: `${GOOD_MD}\n\n## Long paragraph\n\n${prose(210)}` }],
    [
      "sentence-length",
      {
        markdown: GOOD_MD.replace(
          /^(Bakers who post fresh photos every morning see more visits, because people trust what they can see\.)/gm,
          longSentence,
        )
          .replaceAll(
            "Bakers who post fresh photos every morning see more visits, because people trust what they can see.",
            longSentence,
          )
          .replaceAll("Customers compare two or three shops before they choose one.", longSentence)
          .replaceAll("Most visitors read the first three reviews and skip the rest.", longSentence)
          .replaceAll("The owner answers reviews within a day and thanks every customer by name.", longSentence),
      },
    ],
    [
      "passive-voice",
      {
        markdown: GOOD_MD.replaceAll(
          "The owner answers reviews within a day and thanks every customer by name.",
          "Reviews are answered within a day. Every customer is thanked by name. The menu was written by hand.",
        ),
      },
    ],
    [
      "transition-words",
      {
        markdown: `# T\n\nBakery marketing starts with a clear profile. ${"The shop opens at seven. Bread sells out by noon. Customers like the rye. The owner posts photos daily. Reviews stay friendly. ".repeat(12)}\n\n## Bakery marketing today\n\nThe end.`,
      },
    ],
    [
      "flesch-reading-ease",
      {
        markdown: `${GOOD_MD}\n\n## Terminology\n\n${"Comprehensive organisational considerations necessitate sophisticated promotional methodologies, particularly regarding differentiated communication infrastructures. ".repeat(8)}`,
      },
    ],
    [
      "consecutive-sentences",
      {
        markdown: GOOD_MD.replace(
          "Bakery marketing starts with a clear profile.",
          "We bake. We sell. We grow. Bakery marketing starts with a clear profile.",
        ),
      },
    ],
    ["image-alt", { markdown: GOOD_MD.replace("![A baker shaping loaves]", "![]") }],
    ["internal-links", { markdown: GOOD_MD.replace("[our checklist](/checklist)", "our checklist") }],
    [
      "outbound-links",
      { markdown: GOOD_MD.replace("[Google's guide](https://support.google.com/business/)", "the guide") },
    ],
  ];

  for (const [id, bad] of cases) {
    it(`${id}: good on the good draft, flagged on a draft made to fail it`, () => {
      expect(statusOf(GOOD, id).status).toBe("good");
      const c = statusOf({ ...GOOD, ...bad }, id);
      expect(c.status, `${id}: ${c.advice}`).not.toBe("good");
      expect(c.advice.length).toBeGreaterThan(5);
    });
  }

  it("reads images and links from the produced HTML's tree when given", () => {
    const r = analyzeSeo({
      ...GOOD,
      html: h(null, [
        h("p", [h("a", { href: "/x" }, "x")]),
        h("figure", [h("img", { src: "https://a/b.jpg", alt: "" })]),
      ]),
    });
    expect(r.checks.find((c) => c.id === "image-alt")?.status).toBe("bad");
    expect(r.checks.find((c) => c.id === "outbound-links")?.status).toBe("ok");
    expect(r.checks.find((c) => c.id === "internal-links")?.status).toBe("good");
  });

  it("accepts plain text", () => {
    const r = analyzeSeo({ ...GOOD, markdown: undefined, text: `Bakery marketing matters.\n\n${prose(300)}` });
    expect(r.checks.find((c) => c.id === "text-length")?.status).toBe("good");
  });

  it("scores good as 1, ok as a half, bad as 0 (weighted)", () => {
    expect(scoreOf([{ id: "text-length", label: "", status: "good", advice: "" }])).toBe(100);
    expect(scoreOf([{ id: "text-length", label: "", status: "ok", advice: "" }])).toBe(50);
    expect(
      scoreOf([
        { id: "text-length", label: "", status: "good", advice: "" },
        { id: "image-alt", label: "", status: "bad", advice: "" },
      ]),
    ).toBe(75);
  });
});

describe("text heuristics", () => {
  it("counts syllables", () => {
    expect(syllables("bread")).toBe(1);
    expect(syllables("bakery")).toBe(3);
    expect(syllables("table")).toBe(2);
    expect(syllables("baked")).toBe(1);
    expect(syllables("wanted")).toBe(2);
    expect(syllables("makes")).toBe(1);
    expect(syllables("customers")).toBe(3);
  });
  it("detects passive voice incl. irregular participles", () => {
    expect(isPassive("The bread was baked at dawn.")).toBe(true);
    expect(isPassive("The menu is written by hand.")).toBe(true);
    expect(isPassive("Reviews are usually answered fast.")).toBe(true);
    expect(isPassive("The baker writes the menu.")).toBe(false);
    expect(isPassive("We are interested in bread.")).toBe(false);
  });
  it("finds transition words", () => {
    expect(hasTransition("For example, post daily.")).toBe(true);
    expect(hasTransition("However, it rains.")).toBe(true);
    expect(hasTransition("Post daily.")).toBe(false);
  });
  it("computes Flesch reading ease", () => {
    expect(fleschReadingEase("The cat sat on the mat. The dog ran.")).toBeGreaterThan(90);
    expect(
      fleschReadingEase("Comprehensive organisational considerations necessitate sophisticated methodologies."),
    ).toBeLessThan(10);
  });
});
