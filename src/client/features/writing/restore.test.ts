import { describe, expect, it } from "vitest";
import { type DetectionResult, verdict } from "../../../shared/detection";
import type { DocumentDetail, DocumentVersion, VersionKind } from "../../../shared/documents";
import { resultsStateFrom, reviseTextStateFrom, writingStateFrom } from "./restore";

const detection = (aiPercentage: number): DetectionResult => ({
  success: true,
  aiPercentage,
  humanPercentage: 100 - aiPercentage,
  wordCount: 10,
  aiSentences: [],
  isAiGenerated: false,
  detector: "builtin",
  verdict: aiPercentage >= 50 ? verdict("uncertain", "test") : verdict("likely_human", "test"),
});

let n = 0;
const version = (kind: VersionKind, extra: Partial<DocumentVersion> = {}): DocumentVersion => {
  n += 1;
  return {
    id: `v${n}`,
    kind,
    format: "markdown",
    content: `${kind} ${n}`,
    model: "offline-writer",
    writer: "offline",
    creditsUsed: 1,
    requestId: `r${n}`,
    partial: false,
    createdAt: "2026-11-24T20:00:00.000Z",
    ...extra,
  };
};
const doc = (versions: DocumentVersion[]): DocumentDetail => ({
  id: "d1",
  title: "Sourdough",
  brief: "brief",
  session: { currentDate: "2026-11-24", contentType: "brief", aiProvider: "anthropic" },
  createdAt: "2026-11-24T20:00:00.000Z",
  updatedAt: "2026-11-24T20:00:00.000Z",
  versions,
});

describe("resultsStateFrom", () => {
  it("replays draft → revisions → final → SEO, keeping each text's detection and its document ids", () => {
    const d = version("draft", { detection: detection(80) });
    const r1 = version("revision", { detection: detection(60) });
    const r2 = version("revision");
    const f = version("final", { detection: detection(20) });
    const seo = version("seo", { format: "html", content: "<h2>x</h2>", platform: "shopify" });
    const state = resultsStateFrom(doc([d, r1, r2, f, seo]))!;
    expect(state.draft.result).toMatchObject({
      draft: r2.content,
      versionId: r2.id,
      documentId: "d1",
      aiProvider: "anthropic",
    });
    expect(state.draft.detection).toBeUndefined();
    expect(state.revision).toMatchObject({
      count: 2,
      previous: { result: { versionId: r1.id }, detection: detection(60) },
    });
    expect(state.final).toMatchObject({ result: { versionId: f.id }, detection: detection(20) });
    expect(state.finalBaseline).toBeNull(); // the latest draft had not been checked when the final was written
    expect(state.seo).toEqual({ optimizedHtml: "<h2>x</h2>", platform: "shopify", metaTitle: "Sourdough" });
  });

  it("takes the draft's detection as the final's baseline, and a lone final as the draft", () => {
    const d = version("draft", { detection: detection(70) });
    const f = version("final");
    expect(resultsStateFrom(doc([d, f]))?.finalBaseline).toEqual(detection(70));
    const lone = resultsStateFrom(doc([f]))!;
    expect(lone.draft.result.versionId).toBe(f.id);
    expect(lone.final).toBeNull();
    expect(resultsStateFrom(doc([]))).toBeNull();
  });
});

describe("writingStateFrom", () => {
  it("puts each version where the full app showed it, a new draft starting over", () => {
    const d = version("draft");
    const r = version("revision", { detection: detection(40) });
    const f = version("final");
    const s = writingStateFrom(doc([d, r, f, version("seo", { format: "html" })]));
    expect(s.draft?.result.versionId).toBe(d.id);
    expect(s.revision).toMatchObject({
      original: { result: { versionId: d.id } },
      revised: { result: { versionId: r.id } },
    });
    expect(s.final).toMatchObject({ source: { result: { versionId: r.id } }, final: { result: { versionId: f.id } } });

    const d2 = version("draft");
    const again = writingStateFrom(doc([d, r, f, d2]));
    expect(again).toMatchObject({ draft: { result: { versionId: d2.id } }, revision: null, final: null });
  });

  it("starts from whatever text a document began with", () => {
    const e = version("enhanced");
    const f = version("final");
    const s = writingStateFrom(doc([e, f]));
    expect(s.draft?.result.versionId).toBe(e.id);
    expect(s.final?.source.result.versionId).toBe(e.id);
  });
});

describe("reviseTextStateFrom", () => {
  it("shows the revised text and the latest enhancement, each with its stored detection", () => {
    const revised = version("enhanced", { detection: detection(40) });
    const once = version("final", { detection: detection(30) });
    const again = version("final");
    const s = reviseTextStateFrom(doc([revised, once, version("seo", { format: "html" }), again]));
    expect(s?.revised.result).toMatchObject({ draft: revised.content, versionId: revised.id, documentId: "d1" });
    expect(s?.revised.detection?.aiPercentage).toBe(40);
    expect(s?.enhanced?.result.versionId).toBe(again.id);
    expect(s?.enhanced?.detection).toBeUndefined();
  });

  it("has no enhancement before Enhance ran, and nothing for a document without text", () => {
    const revised = version("enhanced");
    expect(reviseTextStateFrom(doc([revised]))).toEqual({
      revised: expect.objectContaining({ result: expect.objectContaining({ versionId: revised.id }) }),
      enhanced: null,
    });
    expect(reviseTextStateFrom(doc([version("seo", { format: "html" })]))).toBeNull();
  });
});

describe("the version a text was made from (issue 31, item 9)", () => {
  it("compares a revision with the version it revised, not the one saved just before it", () => {
    // The full app: draft 32.6 % → revised (6.5 %) → the draft revised again, from the draft.
    const d = version("draft", { detection: detection(32.6) });
    const r1 = version("revision", { detection: detection(6.5) });
    const r2 = version("revision", { detection: detection(6.5) });
    r1.sourceVersionId = d.id;
    r2.sourceVersionId = d.id;
    const s = writingStateFrom(doc([d, r1, r2]));
    expect(s.revision?.original.result.versionId).toBe(d.id);
    expect(s.revision?.original.detection?.aiPercentage).toBe(32.6);
    expect(s.revision?.revised.result.versionId).toBe(r2.id);
  });

  it("gives a final the source its call named, and falls back to the previous text for older versions", () => {
    const d = version("draft", { detection: detection(70) });
    const r = version("revision", { detection: detection(40) });
    const f = version("final");
    f.sourceVersionId = d.id;
    expect(writingStateFrom(doc([d, r, f])).final?.source.detection?.aiPercentage).toBe(70);
    expect(resultsStateFrom(doc([d, r, f]))?.finalBaseline?.aiPercentage).toBe(70);
    const old = version("final");
    expect(writingStateFrom(doc([d, r, old])).final?.source.result.versionId).toBe(r.id);
  });

  it("starts the loop over from the writer's own text or edit", () => {
    const own = version("own", { model: null, writer: null, creditsUsed: 0, detection: detection(55) });
    expect(resultsStateFrom(doc([own]))?.draft.result.versionId).toBe(own.id);
    const d = version("draft", { detection: detection(80) });
    const f = version("final", { detection: detection(20) });
    const edit = version("own", { model: null, writer: null, creditsUsed: 0 });
    const results = resultsStateFrom(doc([d, f, edit]))!;
    expect(results.draft.result.versionId).toBe(edit.id);
    expect(results.final).toBeNull();
    expect(results.revision).toBeNull();
    const writing = writingStateFrom(doc([d, f, edit]));
    expect(writing.draft?.result.versionId).toBe(edit.id);
    expect(writing.final).toBeNull();
  });
});
