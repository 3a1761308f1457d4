// A document back into a screen's state (issue 10): the Results screen, the full app and the PROSE
// console put the document's id in their URL and, on a reload, rebuild what they showed from its
// versions in order — as if each step had just run. Pure: unit-tested beside it.
import type { DetectionResult } from "../../../shared/detection";
import type { DocumentDetail, DocumentVersion } from "../../../shared/documents";
import type { SeoPlatform } from "../../../shared/seo";
import type { Writer } from "../../../shared/writing";
import type { SeoShown } from "../seo";
import type { DraftResult } from "./types";

/** A text on screen and its latest AI detection, when one was stored. */
export interface RestoredText {
  result: DraftResult;
  detection?: DetectionResult;
}

export function restoredText(doc: DocumentDetail, v: DocumentVersion): RestoredText {
  return {
    result: {
      draft: v.content,
      writer: (v.writer ?? undefined) as Writer | undefined,
      model: v.model ?? undefined,
      aiProvider: doc.session?.aiProvider,
      // The writer's own text was no paid request: its checks are stored on the version alone.
      requestId: v.kind === "own" ? undefined : v.requestId,
      creditsUsed: v.creditsUsed,
      documentId: doc.id,
      versionId: v.id,
    },
    ...(v.detection ? { detection: v.detection } : {}),
  };
}

const isText = (v: DocumentVersion) => v.format === "markdown" && v.kind !== "seo";

/** The full app's and the console's draft → revision → final loop. */
export interface WritingRestore {
  draft: RestoredText | null;
  revision: { original: RestoredText; revised: RestoredText } | null;
  final: { source: RestoredText; final: RestoredText } | null;
}

/** A new draft, or the writer's own text or edit, starts the loop again. */
const startsOver = (v: DocumentVersion) => v.kind === "draft" || v.kind === "own";

export function writingStateFrom(doc: DocumentDetail): WritingRestore {
  const state: WritingRestore = { draft: null, revision: null, final: null };
  const seen = new Map<string, RestoredText>();
  let previous: RestoredText | null = null;
  for (const v of doc.versions.filter(isText)) {
    const text = restoredText(doc, v);
    // What this text was made from: the version the call named, else (older versions) the one before.
    const source = (v.sourceVersionId && seen.get(v.sourceVersionId)) || previous || state.draft;
    if (startsOver(v) || !state.draft || !source) {
      // (a document started by a rewrite starts with that text)
      state.draft = text;
      state.revision = null;
      state.final = null;
    } else if (v.kind === "revision" || v.kind === "enhanced") {
      state.revision = { original: source, revised: text };
    } else if (v.kind === "final") {
      state.final = { source, final: text };
    }
    seen.set(v.id, text);
    previous = text;
  }
  return state;
}

/** The console's Revise Existing Text: the revised text and the latest enhancement of it. */
export interface ReviseTextRestore {
  revised: RestoredText;
  enhanced: RestoredText | null;
}

/**
 * A revise-text document holds the revised text first (kind "enhanced"; the pasted text is not
 * kept), then each Enhance as a final rewrite. Null for a document with no text.
 */
export function reviseTextStateFrom(doc: DocumentDetail): ReviseTextRestore | null {
  const [first, ...rest] = doc.versions.filter(isText);
  if (!first) return null;
  const last = rest.filter((v) => v.kind === "final").at(-1);
  return { revised: restoredText(doc, first), enhanced: last ? restoredText(doc, last) : null };
}

/** The Results screen: the draft (revised in place), its revision count, the final, the SEO HTML. */
export interface ResultsRestore {
  draft: RestoredText;
  revision: { previous: RestoredText; count: number } | null;
  final: RestoredText | null;
  /** The draft's detection when the final was written. */
  finalBaseline: DetectionResult | null;
  seo: RestoredSeo | null;
}

export interface RestoredSeo {
  optimizedHtml: string;
  platform: SeoPlatform;
  metaTitle: string;
  /** The report and meta fields saved with the HTML (absent on versions saved before they were kept). */
  saved?: SeoShown;
}

/** The document's latest SEO HTML with what was saved beside it, for the SEO panel. */
export function latestSeo(doc: DocumentDetail): SeoShown | null {
  const v = doc.versions.findLast((x) => x.kind === "seo" && x.format === "html");
  return v ? seoShown(doc, v) : null;
}

function seoShown(doc: DocumentDetail, v: DocumentVersion): SeoShown | null {
  if (!v.seo) return null;
  return {
    optimizedHtml: v.content,
    platform: v.platform ?? "wordpress",
    ...v.seo,
    documentId: doc.id,
    versionId: v.id,
  };
}

export function resultsStateFrom(doc: DocumentDetail): ResultsRestore | null {
  let draft: RestoredText | null = null;
  let revision = null as ResultsRestore["revision"];
  let final: RestoredText | null = null;
  let finalBaseline: DetectionResult | null = null;
  let seo: RestoredSeo | null = null;
  const seen = new Map<string, RestoredText>();
  for (const v of doc.versions) {
    if (v.kind === "seo") {
      if (v.format === "html") {
        const saved = seoShown(doc, v);
        seo = {
          optimizedHtml: v.content,
          platform: v.platform ?? "wordpress",
          metaTitle: saved?.meta.metaTitle ?? doc.title,
          ...(saved ? { saved } : {}),
        };
      }
      continue;
    }
    const text = restoredText(doc, v);
    const source = (v.sourceVersionId && seen.get(v.sourceVersionId)) || draft;
    seen.set(v.id, text);
    if (v.kind === "final") {
      final = text;
      finalBaseline = source?.detection ?? null;
    } else if (startsOver(v) || !draft || !source) {
      // The writer's edit replaces the text worked on; a final of the text before it no longer applies.
      if (v.kind === "own") {
        final = null;
        finalBaseline = null;
      }
      draft = text;
      revision = null;
    } else {
      revision = { previous: source, count: (revision?.count ?? 0) + 1 };
      draft = text;
    }
  }
  if (!draft && final) return { draft: final, revision: null, final: null, finalBaseline: null, seo };
  return draft ? { draft, revision, final, finalBaseline, seo } : null;
}
