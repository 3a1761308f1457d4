// The constants of spec §9, in one place: never a bare 5000 in a component.
export const PROMPT_MAX_CHARS = 5000;
/** A whole draft: what additionalContext and a revised document may hold. */
const WHOLE_DRAFT_MAX_CHARS = 100_000;
export const ADDITIONAL_CONTEXT_MAX_CHARS = WHOLE_DRAFT_MAX_CHARS;
/** Longest document a revise or final rewrite accepts: a whole draft, like additionalContext. */
export const DOCUMENT_MAX_CHARS = WHOLE_DRAFT_MAX_CHARS;
export const LOW_BALANCE_THRESHOLD = 10;
export const INSUFFICIENT_DIALOG_PACKAGES = 3;
export const HISTORY_LIMIT = 20;

export const CREDITS = {
  tokensPerCredit: 1000,
  markup: 1.25,
  detection: 1,
} as const;

/**
 * SEO prices in credits (spec §9: "SEO about 2-4"). With a model (a provider key is set), revise and
 * optimize hold an estimate and settle on the real tokens (creditsForTokens). The HTML pipeline has a
 * flat price: produce-code always, and optimize on the offline writer, whose revision itself is free
 * like all offline writing (seo-revise-text on the offline writer costs 0).
 */
export const SEO_CREDITS = {
  /** POST /api/seo-produce-code (and seo-optimize on the offline writer): the HTML pipeline, no model. */
  produceCode: 2,
} as const;

export const FIXED_API_PARAMETERS = {
  openai: { label: "GPT-5", maxOutputTokens: 30_000, tools: "none" },
  anthropic: { label: "Claude Sonnet 4", maxOutputTokens: 20_000, tools: "web_search" },
  temperature: 1,
} as const;

export const AI_PROVIDERS = ["anthropic", "openai"] as const;
export const WRITING_STYLES = ["prose2", "original"] as const;
export const DEFAULT_PROVIDER = "openai";
export const DEFAULT_WRITING_STYLE = "prose2";

export const PROGRESS = {
  cap: 90,
  phases: [25, 50, 75],
  tickMs: 100,
  step: 0.5,
  messageRotationMs: 2500,
  draftRevealMs: 800,
} as const;

export const REVISED_TEXT_ANALYSIS_DELAY_MS = 500;
export const PAYMENT_RETURN_REFRESH_MS = 2000;

export const CAMPAIGN_DEFAULT_CREDITS = 50;
export const DIRECT_GRANT = {
  defaultAmount: 100,
  minAmount: 1,
  maxAmount: 10_000,
  reasonMax: 500,
  searchDebounceMs: 300,
  searchMinChars: 2,
  dateFormat: "MMM d, yyyy HH:mm",
} as const;

export const TOAST = {
  limit: 1,
  durationMs: 5000,
  generationErrorMs: 8000,
} as const;
