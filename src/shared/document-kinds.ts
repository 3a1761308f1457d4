// The document library's fixed words and limits (no zod here: the Documents page imports them,
// and zod stays out of its code; documents.ts re-exports them with the schemas).
export const VERSION_KINDS = ["draft", "revision", "final", "enhanced", "seo", "own"] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

/** What each kind is, in the screens' words. */
export const VERSION_KIND_LABELS: Record<VersionKind, string> = {
  draft: "Draft",
  revision: "Revision",
  final: "Final rewrite",
  enhanced: "Enhanced text",
  seo: "SEO",
  own: "Your text",
};

/** The kinds a writer may edit in place (Markdown a model or the writer wrote; SEO output is made again instead). */
export const EDITABLE_KINDS: readonly VersionKind[] = ["draft", "revision", "final", "enhanced", "own"];

/**
 * What every screen says when a document id leads nowhere (deleted, someone else's, never saved,
 * malformed): Results, the full app, the console, the document page, and the API's 404.
 */
export const DOCUMENT_NOT_FOUND = "This document was not found";

export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENTS_PAGE_DEFAULT = 20;
export const DOCUMENTS_PAGE_MAX = 100;
export const DOCUMENT_SEARCH_MAX = 200;
/** The Documents search waits this long after the last keystroke. */
export const DOCUMENT_SEARCH_DEBOUNCE_MS = 300;
