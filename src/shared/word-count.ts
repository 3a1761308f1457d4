// The word count a draft is asked for, apart from the writing schemas (writing.ts re-exports it): the
// client's credit estimates read it on the landing page, which does not load zod.
/** The words a draft is asked for: one range for the prompt, the offline writer and the hold. */
export const WORD_COUNT = { min: 150, max: 5000, default: 800 } as const;

/**
 * The target of a session's free-text `wordCount` ("800", "about 1,200 words"), clamped to
 * WORD_COUNT; the default when absent or unreadable. The only place a word count is read.
 */
export function parseWordCount(value: string | undefined): number {
  const m = (value ?? "").replace(/,/g, "").match(/\d+/);
  const n = m ? Number.parseInt(m[0], 10) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return WORD_COUNT.default;
  return Math.min(WORD_COUNT.max, Math.max(WORD_COUNT.min, n));
}
