// Pure helpers of the highlight view (no DOM, no React): a sentence's score → a level with its colour
// and its non-colour cue, the detector's sentences as checked ranges of the text, and a markdown text
// node cut into fragments along those ranges. The markdown tree itself comes from draft-parser.ts, whose
// nodes carry their offsets in the source, so sentences land on the rendered text, not on the raw markdown.
import type { DetectionResult } from "../../../shared/detection";
import { countOf } from "../../../shared/plural";
import { verdictOf } from "../../../shared/verdict";

/** 0 likely human · 1 some AI signals · 2 leaning AI · 3 flagged by the detector. */
export type ScoreLevel = 0 | 1 | 2 | 3;

/** Score at or above which an unflagged sentence counts as "leaning AI" / "some AI signals". */
export const LEANING_AI = 0.5;
export const SOME_SIGNALS = 0.3;

export function scoreLevel(score: number, flagged: boolean): ScoreLevel {
  if (flagged) return 3;
  if (!Number.isFinite(score)) return 0;
  if (score >= LEANING_AI) return 2;
  if (score >= SOME_SIGNALS) return 1;
  return 0;
}

export interface LevelStyle {
  label: string;
  /** Tint (colour) and underline style (the cue that does not depend on colour). */
  className: string;
  /** How the legend describes the underline. */
  cue: string;
}

export const LEVEL_STYLES: Record<ScoreLevel, LevelStyle> = {
  0: { label: "Likely human", className: "", cue: "no underline" },
  1: {
    label: "Some AI signals",
    className: "bg-amber-50 underline decoration-amber-500 decoration-dotted decoration-2 underline-offset-4",
    cue: "dotted underline",
  },
  2: {
    label: "Leaning AI",
    className: "bg-orange-100 underline decoration-orange-600 decoration-dashed decoration-2 underline-offset-4",
    cue: "dashed underline",
  },
  3: {
    label: "Flagged as AI",
    className: "bg-red-100 underline decoration-red-700 decoration-solid decoration-2 underline-offset-4",
    cue: "solid underline",
  },
};

/** A sentence of the result, checked against the text being shown. */
export interface SentenceRange {
  start: number;
  end: number;
  text: string;
  score: number;
  flagged: boolean;
  reasons: string[];
  level: ScoreLevel;
}

const norm = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * The result's sentences as ranges of `text`, sorted and non-overlapping. Offsets that no longer
 * match (the text was edited after the check) are looked up again from there on; sentences that
 * cannot be found are left out. Without per-sentence scores (some third-party answers), the flagged
 * sentences are located verbatim and shown as flagged. In a text judged likely human an unflagged
 * sentence shows at most "Some AI signals", so the tints never contradict the verdict.
 */
export function sentenceRanges(
  text: string,
  result: Pick<DetectionResult, "sentences" | "aiSentences"> & Partial<DetectionResult>,
): SentenceRange[] {
  const flaggedSet = new Set((result.aiSentences ?? []).map(norm));
  const judged =
    typeof result.success === "boolean" &&
    typeof result.aiPercentage === "number" &&
    typeof result.isAiGenerated === "boolean";
  const likelyHuman = judged && verdictOf(result as DetectionResult).level === "likely_human";
  const source =
    result.sentences && result.sentences.length > 0
      ? result.sentences
      : (result.aiSentences ?? []).map((s) => ({ text: s, start: -1, end: -1, score: 1, reasons: [] as string[] }));
  const ranges: SentenceRange[] = [];
  let cursor = 0;
  for (const s of source) {
    if (!s.text) continue;
    let start = s.start;
    let end = s.end;
    if (!(start >= 0 && end <= text.length && start < end && text.slice(start, end) === s.text)) {
      start = text.indexOf(s.text, cursor);
      if (start === -1) start = text.indexOf(s.text);
      if (start === -1) continue;
      end = start + s.text.length;
    }
    const flagged = flaggedSet.has(norm(s.text));
    ranges.push({
      start,
      end,
      text: s.text,
      score: s.score,
      flagged,
      reasons: s.reasons ?? [],
      level:
        likelyHuman && !flagged
          ? (Math.min(1, scoreLevel(s.score, flagged)) as ScoreLevel)
          : scoreLevel(s.score, flagged),
    });
    cursor = end;
  }
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  // Overlaps (a relocated duplicate): keep the earlier sentence.
  const clean: SentenceRange[] = [];
  for (const r of ranges) {
    const last = clean[clean.length - 1];
    if (last && r.start < last.end) continue;
    clean.push(r);
  }
  return clean;
}

/** A piece of a text node: inside sentence `sentence` (an index into the ranges), or outside any. */
export interface Fragment {
  text: string;
  sentence: number | null;
}

/**
 * Cuts a text node (its value, and its [start, end) offsets in the source) along the sentence ranges.
 * When the source slice is not the value itself (escapes, entities, code spans), the node is not cut:
 * it goes whole to the sentence it overlaps most.
 */
export function textFragments(
  value: string,
  start: number | undefined,
  end: number | undefined,
  source: string,
  ranges: SentenceRange[],
): Fragment[] {
  if (value === "") return [];
  if (start === undefined || end === undefined) return [{ text: value, sentence: null }];
  if (source.slice(start, end) !== value) {
    let best: number | null = null;
    let bestOverlap = 0;
    ranges.forEach((r, i) => {
      const overlap = Math.min(end, r.end) - Math.max(start, r.start);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        best = i;
      }
    });
    return [{ text: value, sentence: best }];
  }
  const out: Fragment[] = [];
  let pos = start;
  const push = (from: number, to: number, sentence: number | null) => {
    if (to <= from) return;
    const piece = source.slice(from, to);
    const last = out[out.length - 1];
    if (last && last.sentence === sentence) last.text += piece;
    else out.push({ text: piece, sentence });
  };
  for (let i = 0; i < ranges.length && pos < end; i++) {
    const r = ranges[i];
    if (r.end <= pos) continue;
    if (r.start >= end) break;
    push(pos, Math.max(pos, r.start), null);
    const from = Math.max(pos, r.start);
    const to = Math.min(end, r.end);
    push(from, to, i);
    pos = to;
  }
  push(pos, end, null);
  return out;
}

/** AI % of a result, or null when there is no successful analysis. */
export const aiPercentOf = (r: DetectionResult | null | undefined): number | null =>
  r?.success ? r.aiPercentage : null;

/** The change from before to after, in percentage points, rounded to one decimal; null when unknown. */
export function percentDelta(before: number | null, after: number | null): number | null {
  if (before === null || after === null) return null;
  return Math.round((after - before) * 10) / 10;
}

/**
 * The sentence the highlight view's arrow keys move to from `current` (of `count`): Right/Down next,
 * Left/Up previous, Home first, End last, clamped; null for any other key.
 */
export function moveSentence(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  let next: number;
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      next = current + 1;
      break;
    case "ArrowLeft":
    case "ArrowUp":
      next = current - 1;
      break;
    case "Home":
      next = 0;
      break;
    case "End":
      next = count - 1;
      break;
    default:
      return null;
  }
  return Math.max(0, Math.min(count - 1, next));
}

/**
 * A flagged sentence for reading: inline markdown (links, images, bold, italics, code spans) shown as
 * its text. Copying still uses the verbatim sentence, so it can be found in the draft.
 */
export function plainSentence(s: string): string {
  return s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(^|[\s(])([*_])(?=\S)([^*_]+?)(?<=\S)\2(?=[\s).,;:!?]|$)/g, "$1$3")
    .replace(/`([^`]+)`/g, "$1");
}

/** The line above a highlighted text: how many sentences are flagged, and how to see why (tap on a touch screen). */
export function sentenceHint(flagged: number, total: number, coarsePointer: boolean): string {
  const how = coarsePointer
    ? "Tap a sentence to see why."
    : "Hover over a sentence, or tab into the draft and use the arrow keys, to see why.";
  return `${flagged} of ${countOf(total, "sentence")} flagged. ${how}`;
}
