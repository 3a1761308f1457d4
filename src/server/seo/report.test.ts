import { h } from "hastscript";
import { describe, expect, it } from "vitest";
import { prose } from "./fixtures";
import {
  type AnalyzeSeoInput,
  analyzeSeo,
  fleschReadingEase,
  hasTransition,
  isPassive,
  keyphraseCountRange,
  scoreOf,
} from "./report";
import { syllables } from "./text";

const GOOD_MD = `# Bakery marketing tips for small shops

Bakery marketing starts with a clear profile. ${prose(60)}

![Bakery marketing: a baker shaping loaves](https://cdn.example.com/a.jpg)

## Bakery marketing on a small budget

${prose(50, 1)} Bakery marketing on a budget is about time. ${prose(50, 2)} Read [our checklist](/checklist) and [Google's guide](https://support.google.com/business/).

## Photos that sell

${prose(50, 2)} Good bakery marketing uses real photos. ${prose(50, 5)}

## Reviews and replies

${prose(50, 3)} Bakery marketing lives on reviews. ${prose(50, 4)}
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
    ["image-alt", { markdown: GOOD_MD.replace("![Bakery marketing: a baker shaping loaves]", "![]") }],
    ["keyphrase-image-alt", { markdown: GOOD_MD.replace("Bakery marketing: a baker", "A baker") }],
    ["images", { markdown: GOOD_MD.replace(/!\[[^\]]*\]\([^)]*\)/, "") }],
    ["keyphrase-length", { keyphrase: "best bakery marketing tips for small rural shops" }],
    ["single-h1", { markdown: GOOD_MD.replace("## Photos that sell", "# Photos that sell") }],
    [
      "keyphrase-distribution",
      {
        markdown: GOOD_MD.replace("Good bakery marketing uses real photos.", "")
          .replace("Bakery marketing lives on reviews.", "")
          .replace("Bakery marketing on a budget is about time.", ""),
      },
    ],
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
    expect(r.checks.find((c) => c.id === "outbound-links")?.status).toBe("bad");
    expect(r.checks.find((c) => c.id === "internal-links")?.status).toBe("good");
  });

  it("accepts plain text", () => {
    const r = analyzeSeo({ ...GOOD, markdown: undefined, text: `Bakery marketing matters.\n\n${prose(300)}` });
    expect(r.checks.find((c) => c.id === "text-length")?.status).toBe("good");
  });

  it("scores as Yoast does: the points (9 = good) over 9 × the checks, penalties pulling it down", () => {
    expect(scoreOf([9])).toBe(100);
    expect(scoreOf([6])).toBe(67);
    expect(scoreOf([9, 3])).toBe(67);
    expect(scoreOf([9, 9, -50])).toBe(0);
    expect(scoreOf([])).toBe(0);
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
    for (const t of [
      "So the loaf stays fresh.",
      "When the dough is ready, shape it.",
      "If it rains, stay in.",
      "Before you bake, weigh the flour.",
      "Whether you use rye or spelt, keep notes.",
      "At first, the starter looks flat.",
      "Not only the flour but also the water counts.",
      "Your oven matters more than your flour.",
    ])
      expect(hasTransition(t), t).toBe(true);
  });
  it("computes Flesch reading ease", () => {
    expect(fleschReadingEase("The cat sat on the mat. The dog ran.")).toBeGreaterThan(90);
    expect(
      fleschReadingEase("Comprehensive organisational considerations necessitate sophisticated methodologies."),
    ).toBeLessThan(10);
  });
});

describe("Yoast's thresholds", () => {
  const base = (md: string, over: Partial<AnalyzeSeoInput> = {}) => ({ ...GOOD, markdown: md, ...over });
  const check = (input: AnalyzeSeoInput, id: string) => statusOf(input, id);
  const body = (n: number, kpEvery: number) =>
    Array.from({ length: n }, (_, i) =>
      i % kpEvery === 0 ? "Bakery marketing pays off for small shops." : "The shop sells fresh rye on weekdays.",
    ).join(" ");

  it("rates keyphrase density by Yoast's minimum and maximum counts for the length", () => {
    expect(keyphraseCountRange(2, 1000)).toEqual([4, 21]);
    expect(keyphraseCountRange(1, 100)).toEqual([2, 2]);
    // 70 sentences of 7 words (490 words), the keyphrase once: present but under the minimum is bad
    const few = check(base(`# T\n\n${body(70, 100)}`), "keyphrase-density");
    expect(few.status).toBe("bad");
    expect(few.advice).toMatch(/fewer than the minimum of 2/);
    expect(check(base(`# T\n\n${body(70, 12)}`), "keyphrase-density").status).toBe("good");
    const stuffed = check(base(`# T\n\n${body(70, 2)}`), "keyphrase-density");
    expect(stuffed.status).toBe("bad");
    expect(stuffed.advice).toMatch(/stuffing/);
  });

  it("lets stuffing and a missing keyphrase move the score as much as Yoast's penalties do", () => {
    const good = analyzeSeo(GOOD).score;
    const stuffed = analyzeSeo(base(GOOD_MD.replace(/\. /g, ". Bakery marketing works. "))).score;
    expect(good - stuffed).toBeGreaterThanOrEqual(20);
    const none = analyzeSeo({ ...GOOD, keyphrase: "" });
    expect(none.score).toBe(0);
  });

  it("wants the keyphrase in 30–75 % of the H2/H3 subheadings", () => {
    const md = (withKp: number) =>
      `# T\n\nBakery marketing intro.\n\n${Array.from(
        { length: 6 },
        (_, i) => `## ${i < withKp ? "Bakery marketing step" : "Another step"} ${i}\n\n${prose(60, i)}`,
      ).join("\n\n")}`;
    expect(check(base(md(1)), "keyphrase-subheading").status).toBe("bad");
    expect(check(base(md(2)), "keyphrase-subheading").status).toBe("good");
    expect(check(base(md(4)), "keyphrase-subheading").status).toBe("good");
    expect(check(base(md(5)), "keyphrase-subheading").status).toBe("bad");
  });

  it("prefers the keyphrase at the start of the title", () => {
    expect(check({ ...GOOD, title: "Bakery marketing for small shops" }, "keyphrase-title").status).toBe("good");
    expect(check({ ...GOOD, title: "The bakery marketing guide" }, "keyphrase-title").status).toBe("good");
    expect(check({ ...GOOD, title: "Small shops: bakery marketing tips" }, "keyphrase-title").status).toBe("ok");
    expect(check({ ...GOOD, title: "Marketing for a bakery" }, "keyphrase-title").status).toBe("ok");
    expect(check({ ...GOOD, title: "Tips for small shops" }, "keyphrase-title").status).toBe("bad");
  });

  it("counts repeated openings up to a heading, leaves lists out, and reads 'The X' as two words", () => {
    const s = (md: string) => check(base(`# T\n\nBakery marketing.\n\n${md}`), "consecutive-sentences").status;
    expect(s("We bake. We sell.\n\nWe grow.")).toBe("bad");
    expect(s("We bake. We sell.\n\n## Next\n\nWe grow.")).toBe("good");
    expect(s("- We bake.\n- We sell.\n- We grow.")).toBe("good");
    expect(s("The shop opens. The bread sells. The owner smiles.")).toBe("good");
    expect(s("The shop opens. The shop sells. The shop closes.")).toBe("bad");
  });

  it("rates no images and no links as problems", () => {
    const bare = base(`# T\n\nBakery marketing for shops. ${prose(320)}`);
    expect(check(bare, "images").status).toBe("bad");
    expect(check(bare, "internal-links").status).toBe("bad");
    expect(check(bare, "outbound-links").status).toBe("bad");
    expect(analyzeSeo(bare).checks.some((c) => c.id === "image-alt")).toBe(false);
  });

  it("never says 'below the minimum' in an advice that is not a problem", () => {
    for (const md of [GOOD_MD, `# T\n\n${body(70, 100)}`, `# T\n\n${body(20, 3)}`, "# T\n\nShort."])
      for (const c of analyzeSeo(base(md)).checks)
        if (c.status !== "bad") expect(c.advice, c.id).not.toMatch(/minimum|below/i);
  });
});
