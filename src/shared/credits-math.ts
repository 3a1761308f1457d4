// Token → credit arithmetic, the single source for the UI's guidance and the server's charges.
import { CREDITS } from "./limits";

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
