import { describe, expect, it } from "vitest";
import { splitSentences } from "../../shared/text";
import { analyzeDocument } from "./features";
import { compileLexicons, LEXICON_FEATURES, lexiconScores, STRONG_TOKENS, strongEntries } from "./lexicon";

describe("strong lexicon entries (issue 25)", () => {
  it("keeps the entries with the largest |weight|, ties included, whatever the order of the keys", () => {
    const lexicon = new Map([
      ["faint", 0.1],
      ["delve", 2],
      ["lol", -1.5],
      ["tie", 1],
      ["tied", -1],
    ]);
    expect([...strongEntries(lexicon, 2).keys()].sort()).toEqual(["delve", "lol"]);
    expect([...strongEntries(lexicon, 3).keys()].sort()).toEqual(["delve", "lol", "tie", "tied"]);
    const reversed = new Map([...lexicon].reverse());
    expect([...strongEntries(reversed, 3).keys()].sort()).toEqual(["delve", "lol", "tie", "tied"]);
    expect(strongEntries(lexicon, 10).size).toBe(5);
  });

  it("scores the whole lexicon and its strong part separately", () => {
    // Two strong AI words, STRONG_TOKENS faint ones and one fainter human word: the last falls out of the strong part.
    const unigrams: Record<string, number> = { delve: 2, tapestry: 2 };
    for (let i = 0; i < STRONG_TOKENS; i++) unigrams[`faint${i}`] = 0.01;
    unigrams.said = -0.005;
    const lexicons = compileLexicons({ unigrams, bigrams: {}, firstWords: {} });
    expect(lexicons.strong.unigrams.has("said")).toBe(false);
    expect(lexicons.strong.unigrams.has("delve")).toBe(true);
    const analysis = analyzeDocument(
      splitSentences("We delve into the tapestry today. The people said hello. Nothing else was said there."),
    );
    const scores = lexiconScores(analysis.tokens, lexicons);
    expect(scores).toHaveLength(LEXICON_FEATURES.length);
    const [whole, , , strong] = scores;
    // "said" (faint, human) lowers the whole-lexicon mean but not the strong one.
    expect(strong).toBeGreaterThan(whole);
    expect(whole).toBeGreaterThan(0);
  });
});
