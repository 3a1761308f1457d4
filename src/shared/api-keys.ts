// API keys for programs (issue 28): what a key may do, and the /api/keys requests and answers.
import { z } from "zod";
import { API_KEY_MAX_EXPIRY_DAYS, API_KEY_PREFIX, API_KEY_SCOPES } from "./api-key-scopes";
import { timestamp } from "./api-schemas";

// The fixed words and limits live in api-key-scopes.ts (no zod); what the server imports from here:
export {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEY_SHOWN_PREFIX_LENGTH,
  API_KEYS_PER_USER,
  type ApiKeyScope,
} from "./api-key-scopes";

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
