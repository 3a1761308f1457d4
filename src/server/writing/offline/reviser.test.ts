import { describe, expect, it } from "vitest";
import { finalRewriteOffline, reviseOffline, reviseTextOffline } from "./reviser";

const FLAGGED = [
  "Moreover, Google Business Profile plays a vital role in helping bakeries showcase their products.",
  "It is important to note that photos foster trust, highlighting the importance of visual content.",
];
const DOCUMENT = [
  "# Local SEO for bakeries",
  "",
  `${FLAGGED[0]} Keep your hours current.`,
  "",
  "## Photos",
  "",
  `${FLAGGED[1]}  Post new ones weekly.`,
  "",
  "| Day | Task |",
  "| --- | --- |",
  "| Monday | Post a photo |",
  "",
].join("\n");

describe("reviseOffline", () => {
  it("rewrites the flagged sentences in place and leaves every other byte as it was", () => {
    const out = reviseOffline({ document: DOCUMENT, flaggedSentences: [...FLAGGED, "Not in the document."] });
    const fixed = ["Google Business Profile matters for helping bakeries show their products.", "Photos build trust."];
    expect(out).toBe(DOCUMENT.replace(FLAGGED[0], fixed[0]).replace(FLAGGED[1], fixed[1]));
  });

  it("finds a flagged sentence whose white space differs, and every copy of it", () => {
    const doc = "Moreover,  the oven\nneeds an hour. Bake. Moreover, the oven needs an hour.";
    expect(reviseOffline({ document: doc, flaggedSentences: ["Moreover, the oven needs an hour."] })).toBe(
      "Moreover,  the oven\nneeds an hour. Bake. The oven needs an hour.",
    );
    expect(
      reviseOffline({
        document: "Moreover,  the oven needs an hour.",
        flaggedSentences: ["Moreover, the oven needs an hour."],
      }),
    ).toBe("The oven needs an hour.");
  });

  it("breaks a flagged sentence with no habit it knows at a clause, and leaves one it can't break alone", () => {
    const doc = "Write the numbers down every Friday, so you can compare the weeks later on.";
    expect(reviseOffline({ document: doc, flaggedSentences: [doc] })).toBe(
      "Write the numbers down every Friday. So you can compare the weeks later on.",
    );
  });

  it("returns the document unchanged when no flagged sentence is in it or none can change", () => {
    expect(reviseOffline({ document: DOCUMENT, flaggedSentences: ["Not here."] })).toBe(DOCUMENT);
    expect(reviseOffline({ document: DOCUMENT, flaggedSentences: ["Keep your hours current."] })).toBe(DOCUMENT);
  });

  it("removes a chatbot leftover with the space after it, and never touches a heading", () => {
    const doc = "# I hope this helps\n\nI hope this helps! Bake at 220°C.\n";
    expect(reviseOffline({ document: doc, flaggedSentences: ["I hope this helps!", "# I hope this helps"] })).toBe(
      "# I hope this helps\n\nBake at 220°C.\n",
    );
  });
});

describe("finalRewriteOffline", () => {
  const flagged =
    "Moreover, start with the costs that come back every month, because those decide whether the plan pays.";

  it("applies the same fixes, and also breaks up flagged sentences of middling length for rhythm", () => {
    const doc = `# Costs\n\n${flagged} Then list them.\n`;
    expect(reviseOffline({ document: doc, flaggedSentences: [flagged] })).toBe(
      "# Costs\n\nStart with the costs that come back every month, because those decide whether the plan pays. Then list them.\n",
    );
    expect(finalRewriteOffline({ originalContent: doc, aiDetectedSentences: [flagged] })).toBe(
      "# Costs\n\nStart with the costs that come back every month. That's because those decide whether the plan pays. Then list them.\n",
    );
  });

  it("leaves sentences that were not flagged byte-identical", () => {
    const out = finalRewriteOffline({ originalContent: DOCUMENT, aiDetectedSentences: [FLAGGED[1]] });
    expect(out).toContain(FLAGGED[0]);
    expect(out).not.toContain(FLAGGED[1]);
    expect(out.replace(/^.*Post new ones weekly\.$/m, "")).toBe(DOCUMENT.replace(/^.*Post new ones weekly\.$/m, ""));
  });
});

describe("reviseTextOffline", () => {
  it("fixes the sentences of pasted text that show a habit and only those", () => {
    const text =
      "In today's fast-paced digital landscape, it is important to note that leveraging synergies can unlock growth. Our bread is made daily.\n\nIt is not only fresh but also cheap. I hope this helps!";
    expect(reviseTextOffline(text)).toBe(
      "Using teamwork can open up growth. Our bread is made daily.\n\nIt's fresh and cheap.",
    );
  });

  it("returns plain text as it was", () => {
    const plain = "If you bake every morning, your regulars will notice the difference.";
    expect(reviseTextOffline(plain)).toBe(plain);
  });
});
