// What each paid action is expected to cost, shown before the click ("about 5 credits"). Every figure
// comes from src/shared/credits-math.ts and src/shared/limits.ts, the modules the server charges with.

import {
  creditsForTokens,
  estimateDraftCredits,
  estimateSeoRevisionTokens,
  estimateWritingCredits,
  WRITING_PROMPT_OVERHEAD_CHARS,
} from "../../../shared/credits-math";
import { CREDITS, SEO_CREDITS } from "../../../shared/limits";
import { creditCount } from "../../../shared/plural";
import { parseWordCount } from "../../../shared/word-count";

/** "about 5 credits" for a token-priced estimate; fixed prices read without "about". */
export const aboutCredits = (n: number) => `about ${creditCount(n)}`;

/** AI detection: a fixed price. */
export const DETECTION_COST = creditCount(CREDITS.detection);
/** SEO HTML (produce-code): a fixed price. */
export const SEO_HTML_COST = creditCount(SEO_CREDITS.produceCode);

/**
 * A revision or rewrite of `text`: free when the text's writer is the offline sample writer (no
 * model is configured), else the estimate the server holds.
 */
export function writingCost(text: string, writer?: string): string {
  return writer === "offline" ? "free with the offline sample writer" : aboutCredits(estimateWritingCredits(text));
}

/** A new draft of `wordCount` words, read as the server reads it (the brief's characters add to the prompt). */
export const draftCost = (wordCount: number, briefChars = 0) =>
  aboutCredits(estimateDraftCredits(parseWordCount(String(wordCount)), briefChars));

/**
 * What Generate will take from the balance (issue 31: the gate is the cost, not spec §9's 30/5
 * minimums): the draft's estimate — nothing when the offline sample writer answers — and the
 * AI check that follows every new draft.
 */
export function generateCredits(opts: { offline: boolean; wordCount: string | number; briefChars: number }): number {
  const draft = opts.offline ? 0 : estimateDraftCredits(parseWordCount(String(opts.wordCount)), opts.briefChars);
  return draft + CREDITS.detection;
}

/** SEO optimization with a model: the revision's estimate (the offline rules charge the HTML price). */
export function seoOptimizeCredits(content: string): number {
  return creditsForTokens(estimateSeoRevisionTokens(WRITING_PROMPT_OVERHEAD_CHARS + content.length, content.length));
}

/** Typical figures for 'How Credits Work', from the same formulas. */
const SAMPLE_DRAFT = `# A sample post\n\n${"word ".repeat(800)}`;
export const TYPICAL_COSTS = [
  { step: "Blog generation (800 words)", cost: draftCost(800), fixed: false },
  { step: "AI detection", cost: DETECTION_COST, fixed: true },
  {
    step: "Revision or final rewrite (800-word draft)",
    cost: aboutCredits(estimateWritingCredits(SAMPLE_DRAFT)),
    fixed: false,
  },
  { step: "SEO HTML", cost: SEO_HTML_COST, fixed: true },
  { step: "SEO optimization with a model", cost: aboutCredits(seoOptimizeCredits(SAMPLE_DRAFT)), fixed: false },
] as const;
