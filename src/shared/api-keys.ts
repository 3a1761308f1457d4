// API keys for programs (issue 28): what a key may do, and the /api/keys requests and answers.
import { z } from "zod";

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

export const CreateApiKeyRequest = z.object({
  name: z.string().trim().min(1, { message: "Name is required" }).max(64, { message: "Name is 64 characters at most" }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, { message: "Choose at least one scope" })
    .transform((s) => [...new Set(s)]),
  expiresInDays: z.number().int().min(1).max(API_KEY_MAX_EXPIRY_DAYS).optional(),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

export const ApiKeyParams = z.object({ id: z.string().min(1).max(64) });

/** A key as listed: never its secret. */
export interface ApiKeyInfo {
  id: string;
  name: string;
  /** The first characters of the key ("dsk_Ab12cD34"), to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** POST /api/keys (201): the only answer that ever holds the secret (`key`). */
export interface CreateApiKeyResponse {
  id: string;
  key: string;
  prefix: string;
  scopes: ApiKeyScope[];
  expiresAt: string | null;
}

/** GET /api/keys: the caller's live keys (revoked and expired ones are not listed). */
export interface ApiKeysResponse {
  keys: ApiKeyInfo[];
}
