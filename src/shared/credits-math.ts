// Token → credit arithmetic, the single source for the UI's guidance and the server's charges.

import { CREDITS } from "./limits";
import { countWords } from "./text";

/** 1 credit ≈ 1,000 tokens with a 25 % markup, rounded up; any paid work costs at least 1 credit. */
export function creditsForTokens(tokens: number): number {
  if (!Number.isFinite(tokens) || tokens <= 0) return 0;
  return Math.max(1, Math.ceil((tokens / CREDITS.tokensPerCredit) * CREDITS.markup));
}

/** USD price per credit, to three decimals as the billing screen shows it. */
export function pricePerCredit(priceCents: number, credits: number): number {
  if (credits <= 0) return 0;
  return Math.round((priceCents / 100 / credits) * 1000) / 1000;
}

export const centsToUsd = (cents: number) => Math.round(cents) / 100;

/**
 * The hold for a writing call, estimated from the work asked for: the target words (parseWordCount in
 * shared/writing.ts, already clamped; ≈ 1.4
 * tokens a word) plus the prompt, with head-room, so a user with 5 credits can still ask for a
 * short draft. Settlement charges the real usage.
 */
export function estimateWritingTokens(opts: { targetWords: number; promptChars: number }): number {
  return Math.ceil(opts.targetWords * 1.4 * 1.3 + opts.promptChars / 4);
}

/**
 * Tokens a model's SEO revision is expected to use: the prompt (characters ÷ 4) plus an answer
 * about as long as the draft, with 25 % head-room. The hold only; settlement charges the real usage.
 */
export function estimateSeoRevisionTokens(promptChars: number, contentChars: number): number {
  return Math.ceil(promptChars / 4 + (contentChars / 4) * 1.25);
}

/**
 * Characters of instructions a writing prompt carries besides the text itself (src/server/writing/
 * prose.ts: about 3,000 for revise-text, 4,500 for revise and final rewrite). Used for the estimate
 * shown before a click; the server's hold measures the real prompt.
 */
export const WRITING_PROMPT_OVERHEAD_CHARS = 4_500;

/**
 * The credits a model-written revision or rewrite of `text` is expected to hold, as shown before the
 * click ("about 5 credits"): estimateWritingTokens over the instructions plus the text, the same
 * formula the server holds with. Settlement then charges the tokens really used.
 */
export function estimateWritingCredits(text: string): number {
  return creditsForTokens(
    estimateWritingTokens({ targetWords: countWords(text), promptChars: WRITING_PROMPT_OVERHEAD_CHARS + text.length }),
  );
}

/** The estimate for a new draft of `targetWords` words (parseWordCount) from a brief of `briefChars` characters. */
export function estimateDraftCredits(targetWords: number, briefChars = 0): number {
  return creditsForTokens(
    estimateWritingTokens({ targetWords, promptChars: WRITING_PROMPT_OVERHEAD_CHARS + briefChars }),
  );
}
