// API keys for programs (issue 28): what a key may do, and the /api/keys requests and answers.
import { z } from "zod";
import { timestamp } from "./api-schemas";

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

const scopes = z.array(z.enum(API_KEY_SCOPES));

/** A key as listed: never its secret. */
const ApiKeyInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key ("dsk_Ab12cD34"), to tell keys apart. */
  prefix: z.string(),
  scopes,
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  expiresAt: timestamp.nullable(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfoSchema>;

/** POST /api/keys (201): the only answer that ever holds the secret (`key`). */
export const CreateApiKeyResponseSchema = z.object({
  id: z.string(),
  key: z.string().startsWith(API_KEY_PREFIX).describe("The secret: shown in this answer only."),
  prefix: z.string(),
  scopes,
  expiresAt: timestamp.nullable(),
});
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponseSchema>;

/** GET /api/keys: the caller's live keys (revoked and expired ones are not listed). */
export const ApiKeysResponseSchema = z.object({ keys: z.array(ApiKeyInfoSchema) });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponseSchema>;
