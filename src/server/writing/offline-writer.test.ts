import { describe, expect, it } from "vitest";
import {
  countTokensOffline,
  finalRewriteOffline,
  reviseOffline,
  reviseTextOffline,
  writeOfflineDraft,
} from "./offline-writer";
import { type DraftRequest, STOCK_PHRASES } from "./prose";
import { countWords, proseSentences } from "./text";

const bakery: DraftRequest = {
  currentDate: "2026-03-14",
  contentType: "How-to guide: how small bakeries can get more local customers with Google Business Profile",
  targetAudience: "owners of small bakeries",
  wordCount: "800",
  additionalContext: "Mention photos and reviews.",
  writingStyle: "prose2",
};

const briefs: DraftRequest[] = [
  bakery,
  {
    ...bakery,
    contentType: "Listicle: 7 ways SaaS startups can reduce churn with onboarding emails",
    targetAudience: "",
  },
  { ...bakery, contentType: "Comparison: Shopify vs WooCommerce for a small clothing store", additionalContext: "" },
  { ...bakery, contentType: "Explain what schema markup is and why it matters for online stores" },
  { ...bakery, contentType: "Guide: choosing a standing desk for remote workers", targetAudience: undefined },
  { ...bakery, contentType: "FAQ: email marketing for dental clinics", additionalContext: "Cover newsletters." },
  { ...bakery, contentType: "Case study: how a plumbing company got more calls with local SEO" },
];

const headings = (md: string) => md.split("\n").filter((l) => /^#{1,3} /.test(l));

describe("writeOfflineDraft", () => {
  for (const words of [300, 800, 1500, 3000]) {
    it(`stays within ±20% of ${words} words for every kind of brief`, () => {
      for (const b of briefs) {
        const n = countWords(writeOfflineDraft({ ...b, wordCount: String(words) }));
        expect(n, b.contentType).toBeGreaterThanOrEqual(words * 0.8);
        expect(n, b.contentType).toBeLessThanOrEqual(words * 1.2);
      }
    });
  }

  it("defaults to about 800 words when the count is missing or unparseable", () => {
    for (const wordCount of [undefined, "", "lots"]) {
      const n = countWords(writeOfflineDraft({ ...bakery, wordCount }));
      expect(n).toBeGreaterThanOrEqual(640);
      expect(n).toBeLessThanOrEqual(960);
    }
  });

  it("never repeats a sentence", () => {
    for (const b of briefs) {
      for (const words of ["300", "1500", "5000"]) {
        const sentences = proseSentences(writeOfflineDraft({ ...b, wordCount: words })).map((s) => s.toLowerCase());
        const dups = sentences.filter((s, i) => sentences.indexOf(s) !== i);
        expect(dups, `${b.contentType} @ ${words}`).toEqual([]);
      }
    }
  });

  it("has one H1, topic-specific headings in sentence case, and mentions the subject and audience", () => {
    const md = writeOfflineDraft({ ...bakery, wordCount: "1500" });
    const hs = headings(md);
    expect(hs.filter((h) => h.startsWith("# "))).toHaveLength(1);
    expect(hs[0]).toMatch(/Google Business Profile/);
    expect(hs[0]).toMatch(/bakeries/);
    const h2 = hs.filter((h) => h.startsWith("## "));
    expect(h2.length).toBeGreaterThanOrEqual(4);
    expect(h2.filter((h) => /Google Business Profile|bakeries|photos|reviews/i.test(h)).length).toBeGreaterThanOrEqual(
      3,
    );
    for (const h of hs) {
      // Sentence case: after the first word, capitals only in the brief's proper nouns.
      const rest = h
        .replace(/^#+ \S+/, "")
        .replace(/Google Business Profile/g, "")
        .replace(/Step \d+/g, "");
      expect(rest, h).not.toMatch(/\b[A-Z][a-z]+\b/);
    }
    expect(md.match(/Google Business Profile/g)!.length).toBeGreaterThanOrEqual(4);
    expect(md.match(/bakeries/g)!.length).toBeGreaterThanOrEqual(3);
    expect(md).toContain("owners of small bakeries");
  });

  it("uses the additional context", () => {
    const md = writeOfflineDraft(bakery);
    const hs = headings(md).join("\n").toLowerCase();
    expect(hs).toContain("photos");
    expect(hs).toContain("reviews");
    expect(md.match(/photos/gi)!.length).toBeGreaterThanOrEqual(3);
    expect(md.match(/reviews/gi)!.length).toBeGreaterThanOrEqual(3);
  });

  it("contains none of the stock phrases", () => {
    for (const b of briefs) {
      for (const words of ["300", "3000"]) {
        const md = writeOfflineDraft({ ...b, wordCount: words }).toLowerCase();
        for (const p of STOCK_PHRASES) expect(md, `${b.contentType}: ${p}`).not.toContain(p);
      }
    }
  });

  it("is deterministic and differs in structure between briefs", () => {
    expect(writeOfflineDraft(bakery)).toBe(writeOfflineDraft({ ...bakery }));
    const structures = briefs.map((b) => headings(writeOfflineDraft(b)).join("\n"));
    expect(new Set(structures).size).toBe(briefs.length);
    const shapes = briefs.map((b) =>
      headings(writeOfflineDraft(b))
        .map((h) => h.split(" ").slice(0, 2).join(" "))
        .join(""),
    );
    expect(new Set(shapes).size).toBe(briefs.length);
  });

  it("ends with a next step", () => {
    const md = writeOfflineDraft(bakery);
    const last = md.slice(md.lastIndexOf("\n## "));
    expect(last).toMatch(/next step|start this week|first/i);
  });
});

describe("reviseOffline", () => {
  const document = [
    "# Local SEO for bakeries",
    "",
    "Moreover, Google Business Profile plays a vital role in helping bakeries showcase their products. Keep your hours current.",
    "",
    "## Photos",
    "",
    "It is important to note that photos foster trust, highlighting the importance of visual content. Post new ones weekly.",
    "",
  ].join("\n");
  const flagged = [
    "Moreover, Google Business Profile plays a vital role in helping bakeries showcase their products.",
    "It is important to note that photos foster trust, highlighting the importance of visual content.",
    "This sentence is not in the document.",
  ];

  it("rewrites only the flagged sentences", () => {
    const out = reviseOffline({ document, flaggedSentences: flagged });
    expect(out).not.toBe(document);
    for (const f of flagged.slice(0, 2)) expect(out).not.toContain(f);
    expect(out).toContain("Keep your hours current.");
    expect(out).toContain("Post new ones weekly.");
    expect(out).toContain("# Local SEO for bakeries");
    expect(out).toContain("## Photos");
    expect(out).toContain("Google Business Profile matters for helping bakeries show their products.");
    expect(out).toContain("Photos build trust.");
    const before = document.split("\n");
    const after = out.split("\n");
    expect(after).toHaveLength(before.length);
  });

  it("returns the document unchanged when nothing matches", () => {
    expect(reviseOffline({ document, flaggedSentences: ["Not here."] })).toBe(document);
  });
});

describe("finalRewriteOffline", () => {
  it("keeps headings and structure and changes the text", () => {
    const draft = writeOfflineDraft(bakery);
    const flaggedSentence = proseSentences(draft)[3];
    const out = finalRewriteOffline({ originalContent: draft, aiDetectedSentences: [flaggedSentence] });
    expect(out).not.toBe(draft);
    expect(headings(out)).toEqual(headings(draft));
    expect(countWords(out)).toBeGreaterThan(countWords(draft) * 0.85);
  });

  it("cleans stock phrasing everywhere", () => {
    const draft =
      "# Title\n\nFurthermore, we delve into the pivotal realm of baking. It is a game-changer, reflecting our values.\n";
    const out = finalRewriteOffline({ originalContent: draft, aiDetectedSentences: [] });
    expect(out.startsWith("# Title\n")).toBe(true);
    for (const p of ["furthermore", "delve", "pivotal", "realm", "game-changer", "reflecting"])
      expect(out.toLowerCase()).not.toContain(p);
  });
});

describe("reviseTextOffline", () => {
  it("turns stock text into plain wording", () => {
    const input =
      "In today's fast-paced digital landscape, it is important to note that leveraging synergies can unlock unprecedented growth.";
    const out = reviseTextOffline(input);
    expect(out).not.toBe(input);
    expect(out.length).toBeGreaterThan(20);
    for (const p of STOCK_PHRASES) expect(out.toLowerCase()).not.toContain(p);
    expect(out).toMatch(/^[A-Z]/);
  });

  it("drops chatbot leftovers and keeps paragraphs", () => {
    const out = reviseTextOffline(
      "Our bread is made daily. It is not only fresh but also cheap.\n\nI hope this helps!",
    );
    expect(out).toContain("Our bread is made daily.");
    expect(out).toContain("It's fresh and cheap.");
    expect(out.toLowerCase()).not.toContain("hope this helps");
  });

  it("changes even plain text slightly", () => {
    const input = "If you bake every morning, your regulars will notice the difference.";
    expect(reviseTextOffline(input)).not.toBe(input);
  });
});

describe("countTokensOffline", () => {
  it("is characters divided by four, rounded up", () => {
    expect(countTokensOffline("")).toBe(0);
    expect(countTokensOffline("abcd")).toBe(1);
    expect(countTokensOffline("abcde")).toBe(2);
  });
});
