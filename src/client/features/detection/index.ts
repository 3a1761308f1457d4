// AI detection on the client: the components and hooks the writing screens embed (issue 4).
//
// detectAi(text, { signal?, requestId? }) → Promise<DetectionResult>
//   POST /api/detect-ai as a plain function (success:false results resolve; HTTP failures throw ApiError).
//   For screens with their own flow and toasts (e.g. the Results session's DetectFn).
//
// useDetectAi(options?) → TanStack mutation; mutate({ text, requestId?, signal?, ...titles })
//   options / per-call: failureTitle ('AI Detection Failed'), failureMessage ('Could not analyze content'),
//   unavailableTitle ('AI Detection Unavailable'), unavailableMessage; options.onResult(result).
//   Toasts the spec §8 texts, opens the Insufficient Credits dialog on 402 and sign-in on 401,
//   refreshes the credit balance after every call.
//
// <StatCards result? loading? wordCount? className? />
//   AI Detected %, Human-like %, Words, Flagged, and the verdict with its reason under them.
//   wordCount: the text's words before a detection.
//
// <VerdictNote result className? />
//   Likely human / Mixed or uncertain / Likely AI with the reason (data-testid "detection-verdict",
//   data-level). Taken from verdictOf (shared), so it never contradicts the percentage and flag count.
//
// <DetectionPanel result loading? title? emptyText? onRevise? revisePending? reviseLabel?
//                 onFinalRewrite? finalRewritePending? finalRewriteLabel? actionsDisabled? className?>
//   {children: extra actions}
//   AI %, human %, words analysed, the verdict, flagged sentences (click to copy: 'Copied' / 'Error' 'Failed to copy
//   AI sentences'), Copy AI Text, Revise Content and Final Rewrite (shown when their handler is given;
//   disabled, with the reason, when nothing is flagged). success:false → 'AI Detection Unavailable'.
//
// <HighlightedDraft text result label? showLegend? showDocumentReasons? className? />
//   The markdown draft rendered with each sentence tinted by its score (colour + underline style),
//   hover or keyboard focus (one tab stop, arrow keys between sentences, Escape hides) shows the
//   score and reasons. `result.sentences` offsets must refer to `text` (relocated when they drift).
//
// <ImprovementSummary before after loading? className? />
//   AI % before → after and flagged count before → after, with the change in words.
//
// Pure helpers (highlight.ts): scoreLevel, LEVEL_STYLES, sentenceRanges, textFragments, moveSentence,
// percentDelta, formatPercent (percent.ts), aiPercentOf, plainSentence. copyToClipboard(text, {success?, failure?}).
export { type DetectAiOptions, detectAi, unwrapDetection } from "./api";
export { copyToClipboard } from "./clipboard";
export { DetectionPanel, type DetectionPanelProps } from "./detection-panel";
export {
  aiPercentOf,
  type Fragment,
  LEVEL_STYLES,
  type LevelStyle,
  moveSentence,
  percentDelta,
  plainSentence,
  type ScoreLevel,
  type SentenceRange,
  scoreLevel,
  sentenceRanges,
  textFragments,
} from "./highlight";
export { HighlightedDraft, type HighlightedDraftProps, HighlightLegend } from "./highlighted-draft";
export { ImprovementSummary, type ImprovementSummaryProps } from "./improvement-summary";
export { formatPercent } from "./percent";
export { StatCards, type StatCardsProps } from "./stat-cards";
export {
  DETECTION_TOASTS,
  type DetectAiVariables,
  type DetectionToastOptions,
  type UseDetectAiOptions,
  useDetectAi,
} from "./use-detect-ai";
export { VERDICT_STYLES, VerdictNote, type VerdictNoteProps } from "./verdict";
