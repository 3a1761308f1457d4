// The money math with literal expected values: a change to the markup, the rounding or the
// estimates fails here even where route tests compute their expectations with the same functions.
import { describe, expect, it } from "vitest";
import {
  centsToUsd,
  creditsForTokens,
  estimateDraftCredits,
  estimateSeoRevisionTokens,
  estimateWritingCredits,
  estimateWritingTokens,
  pricePerCredit,
} from "./credits-math";
import { parseWordCount } from "./writing";

describe("creditsForTokens: 1 credit per 1,000 tokens × 1.25, rounded up, at least 1 for any work", () => {
  it.each([
    [0, 0],
    [-5, 0],
    [Number.NaN, 0],
    [1, 1],
    [799, 1],
    [800, 1],
    [801, 2],
    [1000, 2],
    [1600, 2],
    [1601, 3],
    [2000, 3],
    [4000, 5],
    [4001, 6],
    [20_000, 25],
    [100_000, 125],
  ])("%d tokens → %d credits", (tokens, credits) => {
    expect(creditsForTokens(tokens)).toBe(credits);
  });
});

describe("pricePerCredit: USD to three decimals", () => {
  it.each([
    [499, 50, 0.1],
    [999, 120, 0.083],
    [1999, 300, 0.067],
    [4999, 1000, 0.05],
    [100, 0, 0],
  ])("%d cents for %d credits → $%d", (cents, credits, usd) => {
    expect(pricePerCredit(cents, credits)).toBe(usd);
  });

  it("serves cents as dollars", () => {
    expect(centsToUsd(999)).toBe(9.99);
    expect(centsToUsd(5000)).toBe(50);
  });
});

describe("hold estimates", () => {
  it.each([
    // target words (parseWordCount: 150–5,000, 800 by default); 1.4 tokens a word × 1.3 head-room + prompt characters ÷ 4
    [{ targetWords: 800, promptChars: 0 }, 1456],
    [{ targetWords: parseWordCount(""), promptChars: 0 }, 1456],
    [{ targetWords: parseWordCount("50"), promptChars: 0 }, 273],
    [{ targetWords: 150, promptChars: 8000 }, 2273],
    [{ targetWords: parseWordCount("50,000 words"), promptChars: 0 }, 9100],
  ])("writing %o → %d tokens", (input, tokens) => {
    expect(estimateWritingTokens(input)).toBe(tokens);
  });

  it.each([
    [0, 0, 0],
    [4000, 8000, 3500],
    [10_001, 3, 2502],
  ])("SEO revision with a %d-character prompt and %d-character draft → %d tokens", (prompt, content, tokens) => {
    expect(estimateSeoRevisionTokens(prompt, content)).toBe(tokens);
  });
});

describe("the estimates shown before a click ('about 5 credits')", () => {
  it("a revision or rewrite of an 800-word draft: 5 credits, as the server holds", () => {
    // 801 words × 1.82 + (4,500 + 4,009 characters) ÷ 4 → 3,585 tokens → 5 credits.
    const draft = `# Title\n\n${"word ".repeat(800)}`;
    expect(estimateWritingCredits(draft)).toBe(5);
    // No words: the instructions alone, (4,500 ÷ 4 =) 1,125 tokens → 2 credits (no 100-word floor any more).
    expect(estimateWritingCredits("")).toBe(2);
  });
  it("a new draft by its word count", () => {
    expect(estimateDraftCredits(800)).toBe(4);
    expect(estimateDraftCredits(1_500)).toBe(5);
  });
});
