// The session form's defaults (spec §5): provider openai, style prose2, today's date and a sample
// brief, so a newcomer can press the button and see the whole loop.
import { DEFAULT_PROVIDER, DEFAULT_WRITING_STYLE, FIXED_API_PARAMETERS } from "../../../../shared/limits";
import type { AiProvider, SessionContextInput, WritingStyle } from "../../../../shared/writing";

export const SAMPLE_BRIEF =
  "How-to guide: how small independent bakeries can win more local customers with Google Business Profile";

/** Every field a string, so the form's inputs are always controlled. */
export interface SessionFormValues extends SessionContextInput {
  currentDate: string;
  contentType: string;
  targetAudience: string;
  wordCount: string;
  additionalContext: string;
  aiProvider: AiProvider;
  writingStyle: WritingStyle;
  seoKeywords: string;
}

/** Today in the user's own time zone, as the date input wants it (YYYY-MM-DD). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function sessionDefaults(): SessionFormValues {
  return {
    currentDate: todayIso(),
    contentType: SAMPLE_BRIEF,
    targetAudience: "",
    wordCount: "",
    additionalContext: "",
    aiProvider: DEFAULT_PROVIDER,
    writingStyle: DEFAULT_WRITING_STYLE,
    seoKeywords: "",
  };
}

export const PROVIDER_NAMES: Record<AiProvider, string> = { openai: "OpenAI", anthropic: "Anthropic" };

/** The model each provider answers with (spec §9; labelled GPT-5 everywhere). */
export const MODEL_LABELS: Record<AiProvider, string> = {
  openai: FIXED_API_PARAMETERS.openai.label,
  anthropic: FIXED_API_PARAMETERS.anthropic.label,
};

export const WRITING_STYLE_LABELS: Record<WritingStyle, string> = {
  prose2: "PROSE 2",
  original: "PROSE original",
};
