// The highlight view's pure helpers: score → level (colour + underline cue), the detector's
// sentences as ranges of the text (drifted offsets relocated), and markdown text nodes cut along
// them, including with the built-in detector's real offsets on a markdown draft.
import type { Root, RootContent } from "mdast";
import { describe, expect, it } from "vitest";
import { detectBuiltin } from "../../../server/detection/builtin";
import type { DetectionResult, SentenceScore } from "../../../shared/detection";
import { parseDraft } from "./draft-parser";
import {
  type Fragment,
  LEVEL_STYLES,
  moveSentence,
  percentDelta,
  plainSentence,
  type SentenceRange,
  scoreLevel,
  sentenceHint,
  sentenceRanges,
  textFragments,
} from "./highlight";
import { formatPercent } from "./percent";

const sentence = (text: string, source: string, score: number, reasons: string[] = []): SentenceScore => {
  const start = source.indexOf(text);
  return { text, start, end: start + text.length, score, reasons };
};

/** Every sentence's rendered text: the fragments of all text nodes, joined per sentence. */
function renderedSentences(
  text: string,
  ranges: SentenceRange[],
): { bySentence: Map<number, string>; outside: string[] } {
  const tree: Root = parseDraft(text);
  const bySentence = new Map<number, string>();
  const outside: string[] = [];
  const walk = (nodes: RootContent[]) => {
    for (const n of nodes) {
      if (n.type === "text" || n.type === "inlineCode") {
        const frags: Fragment[] = textFragments(
          n.value,
          n.position?.start.offset,
          n.position?.end.offset,
          text,
          ranges,
        );
        for (const f of frags) {
          if (f.sentence === null) outside.push(f.text);
          else bySentence.set(f.sentence, (bySentence.get(f.sentence) ?? "") + f.text);
        }
      } else if ("children" in n) walk(n.children as RootContent[]);
    }
  };
  walk(tree.children);
  return { bySentence, outside };
}

describe("scoreLevel and LEVEL_STYLES", () => {
  it("maps scores to four levels, flagged always on top", () => {
    expect(scoreLevel(0.05, false)).toBe(0);
    expect(scoreLevel(0.29, false)).toBe(0);
    expect(scoreLevel(0.3, false)).toBe(1);
    expect(scoreLevel(0.49, false)).toBe(1);
    expect(scoreLevel(0.5, false)).toBe(2);
    expect(scoreLevel(0.99, false)).toBe(2);
    expect(scoreLevel(0.1, true)).toBe(3);
    expect(scoreLevel(Number.NaN, false)).toBe(0);
  });

  it("gives every tinted level a distinct underline style, so colour is not the only cue", () => {
    const cues = [1, 2, 3].map(
      (l) => LEVEL_STYLES[l as 1 | 2 | 3].className.match(/decoration-(dotted|dashed|solid)/)?.[1],
    );
    expect(cues).toEqual(["dotted", "dashed", "solid"]);
    expect(new Set(Object.values(LEVEL_STYLES).map((s) => s.label)).size).toBe(4);
    expect(LEVEL_STYLES[0].className).toBe("");
  });
});

describe("sentenceRanges", () => {
  const text = "First one here. Second one, flagged. Third one.";
  const result = (
    sentences: SentenceScore[],
    aiSentences: string[],
  ): Pick<DetectionResult, "sentences" | "aiSentences"> => ({
    sentences,
    aiSentences,
  });

  it("keeps matching offsets, marks flagged sentences and their level", () => {
    const r = sentenceRanges(
      text,
      result(
        [
          sentence("First one here.", text, 0.1),
          sentence("Second one, flagged.", text, 0.4, ["Stock AI phrase"]),
          sentence("Third one.", text, 0.55),
        ],
        ["Second one, flagged."],
      ),
    );
    expect(r.map((s) => [s.text, s.flagged, s.level])).toEqual([
      ["First one here.", false, 0],
      ["Second one, flagged.", true, 3],
      ["Third one.", false, 2],
    ]);
    expect(r[1].reasons).toEqual(["Stock AI phrase"]);
    for (const s of r) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it("relocates offsets that drifted (text edited after the check) and drops sentences no longer there", () => {
    const edited = `Intro added. ${text}`;
    const r = sentenceRanges(
      edited,
      result(
        [
          sentence("First one here.", text, 0.1),
          { text: "Gone sentence.", start: 0, end: 14, score: 0.9, reasons: [] },
        ],
        [],
      ),
    );
    expect(r).toHaveLength(1);
    expect(edited.slice(r[0].start, r[0].end)).toBe("First one here.");
  });

  it("falls back to the flagged sentences when the detector gave no per-sentence scores", () => {
    const r = sentenceRanges(text, { aiSentences: ["Third one."] });
    expect(r).toEqual([
      expect.objectContaining({ text: "Third one.", flagged: true, level: 3, start: text.indexOf("Third") }),
    ]);
  });

  it("maps repeated sentences in order and never overlaps", () => {
    const rep = "Same again. Same again. Other.";
    const r = sentenceRanges(rep, {
      sentences: [
        { text: "Same again.", start: -1, end: -1, score: 0.2, reasons: [] },
        { text: "Same again.", start: -1, end: -1, score: 0.8, reasons: [] },
      ],
      aiSentences: [],
    });
    expect(r.map((s) => s.start)).toEqual([0, 12]);
  });
});

describe("textFragments", () => {
  const source = "Alpha beta. Gamma delta. Epsilon.";
  const ranges = sentenceRanges(source, {
    sentences: [sentence("Alpha beta.", source, 0.1), sentence("Gamma delta.", source, 0.9)],
    aiSentences: ["Gamma delta."],
  });

  it("cuts a text node along the sentences, keeping the text between them outside", () => {
    expect(textFragments(source, 0, source.length, source, ranges)).toEqual([
      { text: "Alpha beta.", sentence: 0 },
      { text: " ", sentence: null },
      { text: "Gamma delta.", sentence: 1 },
      { text: " Epsilon.", sentence: null },
    ]);
  });

  it("handles a node that starts or ends inside a sentence", () => {
    expect(textFragments("beta. Gamma", 6, 17, source, ranges)).toEqual([
      { text: "beta.", sentence: 0 },
      { text: " ", sentence: null },
      { text: "Gamma", sentence: 1 },
    ]);
  });

  it("gives a node whose source differs from its value (escapes, entities) wholly to its main sentence", () => {
    const src = "Tom &amp; Jerry ran. Then stopped.";
    const rs = sentenceRanges(src, { sentences: [sentence("Tom &amp; Jerry ran.", src, 0.7)], aiSentences: [] });
    expect(textFragments("Tom & Jerry ran. Then stopped.", 0, src.length, src, rs)).toEqual([
      { text: "Tom & Jerry ran. Then stopped.", sentence: 0 },
    ]);
    expect(textFragments("x", undefined, undefined, src, rs)).toEqual([{ text: "x", sentence: null }]);
    expect(textFragments("", 0, 0, src, rs)).toEqual([]);
  });
});

describe("the highlight view on markdown", () => {
  const md = `# A heading that is not a sentence

We tried **bold ideas** at [our shop](https://example.com/shop). It is important to note that photos play a pivotal role.

- First list item here.
- Second item with \`code\` inside.

> A quoted sentence sits here.

| Col | Val |
|-----|-----|
| a | 1 |
`;

  it("puts each sentence's rendered text (markup removed) together and leaves headings and markers outside", () => {
    const sentences = [
      "We tried **bold ideas** at [our shop](https://example.com/shop).",
      "It is important to note that photos play a pivotal role.",
      "First list item here.",
      "Second item with `code` inside.",
      "A quoted sentence sits here.",
    ].map((s, i) => sentence(s, md, i / 5));
    const ranges = sentenceRanges(md, { sentences, aiSentences: [sentences[1].text] });
    expect(ranges).toHaveLength(5);
    const { bySentence, outside } = renderedSentences(md, ranges);
    expect(bySentence.get(0)).toBe("We tried bold ideas at our shop.");
    expect(bySentence.get(1)).toBe("It is important to note that photos play a pivotal role.");
    expect(bySentence.get(2)).toBe("First list item here.");
    expect(bySentence.get(3)).toBe("Second item with code inside.");
    expect(bySentence.get(4)).toBe("A quoted sentence sits here.");
    expect(outside.join("|")).toContain("A heading that is not a sentence");
    expect(outside.join("")).not.toMatch(/[#*[\]`>]/);
  });

  it("works with the built-in detector's own offsets", () => {
    const draft = `# Why small bakeries should post daily photos

In today's fast-paced digital landscape, it is important to note that a vibrant online presence plays a pivotal role for local bakeries. Moreover, fresh photos foster trust and underscore the quality of every loaf.

We tried it at our shop on **Elm Street** last March. I posted a photo of the sourdough at 7 a.m. every day for three weeks, and walk-ins went up by about 12 percent. Honestly, I didn't expect that.

- Shoot near the window, in the morning light.
- Post before the morning rush, every single day.

Furthermore, consistent posting is a testament to your commitment, highlighting your dedication to craft and community.
`;
    const result = detectBuiltin(draft);
    expect(result.success).toBe(true);
    const ranges = sentenceRanges(draft, result);
    expect(ranges.length).toBe(result.sentences?.length);
    expect(ranges.filter((r) => r.flagged).length).toBe(result.aiSentences.length);
    const { bySentence } = renderedSentences(draft, ranges);
    expect(bySentence.size).toBe(ranges.length);
    expect([...bySentence.values()].some((s) => s.includes("Elm Street last March"))).toBe(true);
    expect([...bySentence.values()].some((s) => s.includes("**"))).toBe(false);
  });
});

describe("moveSentence (the highlight view's arrow keys)", () => {
  it("moves next/previous, jumps to the ends, clamps, ignores other keys", () => {
    expect(moveSentence("ArrowRight", 2, 5)).toBe(3);
    expect(moveSentence("ArrowDown", 4, 5)).toBe(4);
    expect(moveSentence("ArrowLeft", 0, 5)).toBe(0);
    expect(moveSentence("ArrowUp", 3, 5)).toBe(2);
    expect(moveSentence("Home", 3, 5)).toBe(0);
    expect(moveSentence("End", 0, 5)).toBe(4);
    expect(moveSentence("Enter", 1, 5)).toBeNull();
    expect(moveSentence("ArrowRight", 0, 0)).toBeNull();
  });
});

describe("plainSentence", () => {
  it("shows inline markdown as its text", () => {
    expect(plainSentence("We tried it at our shop on **Elm Street** last March.")).toBe(
      "We tried it at our shop on Elm Street last March.",
    );
    expect(plainSentence("See [the guide](https://x.test/a) and _this_ or *that* with `code`.")).toBe(
      "See the guide and this or that with code.",
    );
    expect(plainSentence("Prices rose 5 * 3 times in snake_case_names.")).toBe(
      "Prices rose 5 * 3 times in snake_case_names.",
    );
  });
});

describe("formatting", () => {
  it("formats percentages and deltas", () => {
    expect(formatPercent(62.5)).toBe("62.5%");
    expect(formatPercent(40)).toBe("40%");
    expect(formatPercent(null)).toBe("—");
    expect(percentDelta(80.2, 35)).toBe(-45.2);
    expect(percentDelta(null, 35)).toBeNull();
  });
});

describe("sentenceRanges beside a verdict", () => {
  const text = "We walked home. It rained. Moreover, the day was pivotal.";
  const sentences = [
    { text: "We walked home.", start: 0, end: 15, score: 0.2, reasons: [] },
    { text: "It rained.", start: 16, end: 26, score: 0.6, reasons: [] },
    {
      text: "Moreover, the day was pivotal.",
      start: 27,
      end: 57,
      score: 0.7,
      reasons: ["Formulaic opener: “Moreover”"],
    },
  ];
  const result = (level: "likely_human" | "uncertain", aiPercentage: number) => ({
    success: true,
    aiPercentage,
    humanPercentage: 100 - aiPercentage,
    wordCount: 11,
    isAiGenerated: false,
    aiSentences: [],
    detector: "builtin" as const,
    sentences,
    verdict: { level, label: level === "likely_human" ? "Likely human" : "Mixed or uncertain", reason: "x" },
  });

  it("tints no unflagged sentence of a likely-human text past 'Some AI signals'", () => {
    expect(sentenceRanges(text, result("likely_human", 12)).map((r) => r.level)).toEqual([0, 1, 1]);
  });

  it("keeps the full tints of a mixed or uncertain text", () => {
    expect(sentenceRanges(text, result("uncertain", 55)).map((r) => r.level)).toEqual([0, 2, 2]);
  });
});

describe("sentenceHint (issue 31: touch screens cannot hover)", () => {
  it("says hover with a mouse and tap with a finger, with the plural right", () => {
    expect(sentenceHint(3, 54, false)).toBe(
      "3 of 54 sentences flagged. Hover over a sentence, or tab into the draft and use the arrow keys, to see why.",
    );
    expect(sentenceHint(0, 1, true)).toBe("0 of 1 sentence flagged. Tap a sentence to see why.");
  });
});
