// The loop a new user sees with no model configured, run on the real built-in detector: draft →
// detect → revise or final rewrite → detect, on the home screen's quick starters, its default prompt
// and the console's sample brief. Nothing here names a sentence or a reason: it holds for whatever
// the detector flags.
import { describe, expect, it } from "vitest";
import { DEFAULT_PROMPT, QUICK_STARTERS } from "../../../client/features/home/sample-prompts";
import { SAMPLE_BRIEF } from "../../../client/features/writing/console/session-defaults";
import type { DetectionResult } from "../../../shared/detection";
import { detectBuiltin } from "../../detection";
import { writeOfflineDraft } from "./draft";
import { finalRewriteOffline, reviseOffline } from "./reviser";

const SAMPLES = [DEFAULT_PROMPT, SAMPLE_BRIEF, ...QUICK_STARTERS.flatMap((q) => q.prompts)];

/** What the home screen sends for a prompt: the brief, today's date and the defaults. */
const draftFor = (contentType: string) =>
  writeOfflineDraft({ currentDate: "2026-11-22", contentType, writingStyle: "prose2" });

/** The text between the flagged sentences (by the detector's own offsets), in order. */
function unflaggedPieces(document: string, result: DetectionResult): string[] {
  const flagged = new Set(result.aiSentences);
  const spans = (result.sentences ?? []).filter((s) => flagged.has(s.text)).sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let at = 0;
  for (const span of spans) {
    pieces.push(document.slice(at, span.start));
    at = span.end;
  }
  pieces.push(document.slice(at));
  return pieces.filter(Boolean);
}

/** Every piece appears in `text`, in order: nothing outside the flagged sentences moved or changed. */
function expectKeptInOrder(text: string, pieces: string[]) {
  let at = 0;
  for (const piece of pieces) {
    const found = text.indexOf(piece, at);
    expect(found, `kept unchanged: ${JSON.stringify(piece.slice(0, 80))}`).toBeGreaterThanOrEqual(0);
    at = found + piece.length;
  }
}

describe.each(SAMPLES.map((s) => [s.slice(0, 70), s]))("the loop without a model: %s…", (_label, brief) => {
  const draft = draftFor(brief);
  const before = detectBuiltin(draft);

  it("gives a draft in which the detector flags a few sentences, each with a reason", () => {
    expect(before.success).toBe(true);
    const total = before.sentences?.length ?? 0;
    expect(before.aiSentences.length).toBeGreaterThanOrEqual(2);
    expect(before.aiSentences.length).toBeLessThanOrEqual(total / 4);
    for (const text of before.aiSentences) {
      const scored = before.sentences?.find((s) => s.text === text);
      expect(scored?.reasons.length, text).toBeGreaterThan(0);
    }
  });

  it.each([
    ["final rewrite", () => finalRewriteOffline({ originalContent: draft, aiDetectedSentences: before.aiSentences })],
    ["revise", () => reviseOffline({ document: draft, flaggedSentences: before.aiSentences })],
  ])("%s: fewer sentences flagged, every flagged one changed, nothing else touched", (_step, rewrite) => {
    const after = rewrite();
    const again = detectBuiltin(after);
    expect(again.success).toBe(true);
    expect(again.aiSentences.length).toBeLessThan(before.aiSentences.length);
    for (const sentence of before.aiSentences) expect(after).not.toContain(sentence);
    expectKeptInOrder(after, unflaggedPieces(draft, before));
  });
});
