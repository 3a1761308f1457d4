// What an API key may do and its fixed limits (issue 28), without zod: the Settings page draws its
// keys card from these before the request schemas (shared/api-keys.ts) are needed.

/** Every key starts with this; only its first PREFIX_LENGTH characters are ever shown again. */
export const API_KEY_PREFIX = "dsk_";
export const API_KEY_SHOWN_PREFIX_LENGTH = 12;

/** What a key may do. `billing` is read-only (balance, history, usage): a key never buys. */
export const API_KEY_SCOPES = ["write", "detect", "seo", "documents", "publish", "batches", "billing"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  write: "Write: drafts, revisions and rewrites",
  detect: "Detect: AI detection",
  seo: "SEO: SEO HTML, revisions and optimisation",
  documents: "Documents: list, read, rename, delete, export",
  publish: "Publish: to connected sites",
  batches: "Batches: start and read batches",
  billing: "Billing: read the balance, history and usage (read-only)",
};

export const API_KEY_MAX_EXPIRY_DAYS = 365;
/** A user keeps at most this many live keys. */
export const API_KEYS_PER_USER = 25;
