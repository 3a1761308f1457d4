import { describe, expect, it } from "vitest";
import {
  countTokensOffline,
  finalRewriteOffline,
  reviseOffline,
  reviseTextOffline,
  varySentence,
  writeOfflineDraft,
} from "./offline-writer";
import { type DraftRequest, STOCK_PHRASES } from "./prose";
import { countWords, headingProblems, proseSentences } from "./text";

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

// ---------------------------------------------------------------------------------------------
// Brief parsing and grammar across varied briefs
// ---------------------------------------------------------------------------------------------

const LONG_BRIEF = [
  "Write a detailed blog post about how small garden design studios can win more repeat clients with email newsletters.",
  ...Array.from(
    { length: 40 },
    (_, i) =>
      `Point ${i + 1}: keep the tone friendly and practical, use examples from spring and autumn projects, and avoid jargon the client would not use.`,
  ),
]
  .join(" ")
  .slice(0, 4000);

/** Briefs of every shape, with a phrase the title must contain. */
const varied: { brief: string; mention: RegExp }[] = [
  { brief: "Write a blog post about how remote teams can run better weekly meetings", mention: /weekly meetings/ },
  { brief: "Explain how solar panels work for homeowners considering installation", mention: /solar panels/ },
  { brief: "Guide: choosing a CRM for a 10-person sales team", mention: /CRM/ },
  {
    brief: "How-to guide: how small bakeries can get more local customers with Google Business Profile",
    mention: /Google Business Profile/,
  },
  { brief: "Top 10 tips for first-time home buyers", mention: /home buyers/ },
  { brief: "Notion vs Obsidian: which is better for students", mention: /Notion vs Obsidian/ },
  { brief: "What is a Roth IRA?", mention: /Roth IRA/ },
  { brief: "Case study: how a plumbing company got more calls with local SEO", mention: /local SEO/ },
  { brief: "FAQ about composting at home", mention: /composting at home/i },
  { brief: "Productivity", mention: /productivity/i },
  { brief: LONG_BRIEF, mention: /email newsletters|repeat clients/ },
  { brief: "Cómo mejorar la atención al cliente en restaurantes", mention: /atención al cliente/ },
  { brief: "HOW TO START A PODCAST 🎙️🔥", mention: /podcast/ },
  { brief: "Checklist: moving house with kids", mention: /moving house/i },
  { brief: "Review: the Kindle Paperwhite for heavy readers", mention: /Kindle Paperwhite/ },
  { brief: "I need an article on why sleep matters for teenagers", mention: /sleep/i },
  {
    brief:
      "Blog post for owners of independent coffee shops on how to build a loyalty program that brings regulars back twice a week, with the costs, the tools and the mistakes to avoid.",
    mention: /loyalty program/,
  },
  {
    brief:
      "Explainer for startup founders on the difference between a SAFE and a convertible note, so they can choose one for their first funding round.",
    mention: /SAFE/,
  },
];

const A_BEFORE_VOWEL_OK = /^(?:one\S*|once|use\S*|usual\S*|unique|uni\S*|euro\S*|u)$/i;

/** Breakage a template can cause: doubled words, dangling question words, stacked articles, a/an slips, empty slots. */
function sentenceProblems(sentence: string): string[] {
  const problems: string[] = [];
  const ws = sentence.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  for (let i = 1; i < ws.length; i++) {
    if (ws[i].toLowerCase() === ws[i - 1].toLowerCase()) problems.push(`doubled "${ws[i]}"`);
    const prev = ws[i - 1];
    if (prev === "a" || prev === "A") {
      if (/^[aeiou]/i.test(ws[i]) && !A_BEFORE_VOWEL_OK.test(ws[i])) problems.push(`"a ${ws[i]}"`);
    }
    if ((prev === "an" || prev === "An") && /^[b-df-hj-np-tv-z]/.test(ws[i]) && !/^(?:hour|honest)/i.test(ws[i]))
      problems.push(`"an ${ws[i]}"`);
  }
  if (/\b(?:with|for|to|of|about|on|in|at|by|from|into)\s+(?:how|what|why|which)\s*(?:[.,;:!?)]|$)/i.test(sentence))
    problems.push("dangling question word");
  if (/\b(?:a|an|the|your|our|their|its)\s+(?:a|an|the|your|our|their|its)\b/i.test(sentence))
    problems.push("two articles");
  // A slot that filled to nothing leaves "with ." or "the ,"; particles ("move on", "agree to") are fine.
  if (/\b(?:with|of|about|from|into|the|a|an|your|our|their)\s*[,;:.!?]/i.test(sentence))
    problems.push("dangling preposition or article");
  if (/\{\w+\}|undefined|NaN/.test(sentence)) problems.push("unfilled slot");
  return problems;
}

describe("writeOfflineDraft on varied briefs", () => {
  it("the checkers catch the breakage they are meant to catch", () => {
    expect(headingProblems("How solar panels work works")).toContain('doubled "works"');
    expect(headingProblems("## Step 1: set up set up properly")).toEqual([]); // only adjacent words count
    expect(headingProblems("How to get more out of how with how")).toContain('ends with "how"');
    expect(headingProblems("Your next step with")).toContain('ends with "with"');
    expect(headingProblems("One two three four five six seven eight nine ten eleven twelve thirteen")).toHaveLength(1);
    expect(headingProblems("Who is it for?")).toEqual([]);
    expect(sentenceProblems("Every hour goes into how with how.")).not.toEqual([]);
    expect(sentenceProblems("Start with the the setup.")).not.toEqual([]);
    expect(sentenceProblems("Budget for a your CRM.")).toContain("two articles");
    expect(sentenceProblems("Give {focus} ten minutes.")).toContain("unfilled slot");
    expect(sentenceProblems("Open a account today.")).toContain('"a account"');
    expect(sentenceProblems("Check it on a phone, since that's where most people will see it.")).toEqual([]);
  });

  for (const { brief, mention } of varied) {
    it(`reads cleanly: ${brief.slice(0, 70)}`, () => {
      for (const words of [300, 1500]) {
        const md = writeOfflineDraft({
          currentDate: "2026-11-22",
          contentType: brief,
          writingStyle: "prose2",
          wordCount: String(words),
        });
        const hs = headings(md);
        expect(
          hs.filter((h) => h.startsWith("# ")),
          brief,
        ).toHaveLength(1);
        expect(hs[0], brief).toMatch(mention);
        for (const h of hs) expect(headingProblems(h), h).toEqual([]);
        // Sentence case: no heading capitalises a word the brief didn't.
        for (const h of hs) {
          for (const w of h.replace(/^#+ (?:Step \d+: |\d+\. )?\S+/, "").match(/\b[A-Z][a-z]+\b/g) ?? [])
            expect(`${brief} Step`, `${h}: ${w}`).toContain(w);
        }
        for (const s of proseSentences(md)) expect(sentenceProblems(s), s).toEqual([]);
        const n = countWords(md);
        expect(n, `${brief} @ ${words}`).toBeGreaterThanOrEqual(words * 0.8);
        expect(n, `${brief} @ ${words}`).toBeLessThanOrEqual(words * 1.2);
        const lower = md.toLowerCase();
        for (const p of STOCK_PHRASES) expect(lower, `${brief}: ${p}`).not.toContain(p);
        const sentences = proseSentences(md).map((s) => s.toLowerCase());
        expect(sentences.filter((s, i) => sentences.indexOf(s) !== i)).toEqual([]);
      }
    });
  }

  it("repeats the main subject in the body, not only the title", () => {
    for (const { brief, mention } of varied.filter((v) => !/Cómo|Point 1/.test(v.brief))) {
      const md = writeOfflineDraft({
        currentDate: "2026-11-22",
        contentType: brief,
        writingStyle: "prose2",
        wordCount: "800",
      });
      const body = md.split("\n").slice(1).join("\n");
      expect(body.match(new RegExp(mention.source, `g${mention.flags}`))?.length ?? 0, brief).toBeGreaterThanOrEqual(1);
    }
  });

  it("gives the four reported briefs clean, specific headings", () => {
    const hs = (brief: string) =>
      headings(
        writeOfflineDraft({ currentDate: "2026-11-22", contentType: brief, writingStyle: "prose2", wordCount: "600" }),
      );
    const meetings = hs("Write a blog post about how remote teams can run better weekly meetings");
    expect(meetings[0]).toBe("# How remote teams can run better weekly meetings");
    expect(meetings.join("\n")).not.toMatch(/set up run|with run better/);
    const solar = hs("Explain how solar panels work for homeowners considering installation");
    expect(solar[0]).toBe("# How solar panels work: what homeowners considering installation should know");
    expect(solar.join("\n")).not.toMatch(/works works|solar panels work matters|installations/);
    const crm = hs("Guide: choosing a CRM for a 10-person sales team");
    expect(crm[0]).toBe("# Choosing a CRM for a 10-person sales team");
    expect(crm.join("\n")).not.toMatch(/for 10-person sales team\b|with CRM\b/);
    const sample = hs(
      "Blog post for owners of independent coffee shops on how to build a loyalty program that brings regulars back twice a week, with the costs, the tools and the mistakes to avoid.",
    );
    expect(sample[0]).toBe("# How to build a loyalty program that brings regulars back");
    expect(sample.join("\n")).not.toMatch(/\bhow with how\b|get more out of how/);
  });
});

describe("varySentence", () => {
  it.each([
    [
      "This post is for small bakeries, so the advice assumes limited time.",
      "This post is for small bakeries. So the advice assumes limited time.",
    ],
    [
      "Here's a quick way in: pick one part and change it today.",
      "Here's a quick way in. Pick one part and change it today.",
    ],
    [
      "Google is a cheap place to start, as long as you treat it as a habit.",
      "Google is a cheap place to start, but only if you treat it as a habit.",
    ],
    [
      "Don't compare your first attempt with someone else's tenth.",
      "Try not to compare your first attempt with someone else's tenth.",
    ],
  ])("recasts %s", (input, expected) => {
    expect(varySentence(input)).toBe(expected);
  });

  it("leaves a sentence it cannot recast alone", () => {
    expect(varySentence("Bread sells.")).toBe("Bread sells.");
  });

  it("lets Revise Content change a flagged sentence that holds no stock phrase", () => {
    const doc = "# Title\n\nThis post is for small bakeries, so the advice assumes limited time. Bread sells.";
    const revised = reviseOffline({
      document: doc,
      flaggedSentences: ["This post is for small bakeries, so the advice assumes limited time."],
    });
    expect(revised).toContain("So the advice assumes limited time.");
    expect(revised).toContain("Bread sells.");
  });
});
