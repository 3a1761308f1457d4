// Schemas of the API's main answers, for the OpenAPI document and the tests that check sampled
// answers against it (issue 28). Each is `satisfies`-checked against the response type the route
// answers with (z.ZodType<T>), so the two cannot drift apart. Loose objects: extra fields pass.
import { z } from "zod";
import { API_KEY_SCOPES, type ApiKeysResponse, type CreateApiKeyResponse } from "./api-keys";
import type { CreditsResponse, UsageResponse } from "./billing";
import type { DetectResponse } from "./detection";
import type { SeoProduceResponse } from "./seo";
import type { GenerationResponse, StreamStart } from "./writing";

const iso = z.string().describe("ISO 8601 date and time");
const saved = { documentId: z.string(), versionId: z.string() };

export const HealthSchema = z.looseObject({
  status: z.enum(["ok", "error"]),
  database: z.object({ kind: z.string(), reachable: z.boolean() }),
});

export const CreditsSchema: z.ZodType<CreditsResponse> = z.looseObject({
  success: z.literal(true),
  availableCredits: z.number().int(),
  totalCredits: z.number().int(),
  usedCredits: z.number().int(),
  bonusCredits: z.number().int(),
});

export const UsageSchema: z.ZodType<UsageResponse> = z.looseObject({
  success: z.literal(true),
  usage: z.array(
    z.looseObject({
      id: z.number().int(),
      endpoint: z.string(),
      aiProvider: z.string().nullable(),
      creditsUsed: z.number().int(),
      requestTokens: z.number().int(),
      responseTokens: z.number().int(),
      apiKey: z.string().nullable().describe("The API key that spent the credits, by name; null: the app."),
      createdAt: iso,
    }),
  ),
});

const writer = z.enum(["openai", "anthropic", "offline"]);
export const GenerationSchema: z.ZodType<GenerationResponse> = z.looseObject({
  ...saved,
  requestId: z.string(),
  responseTime: z.number(),
  creditsUsed: z.number().int(),
  tokensUsed: z.number().int(),
  aiProvider: z.enum(["openai", "anthropic"]),
  writer,
  model: z.string(),
  stopped: z.enum(["out_of_credits", "time_limit", "shutdown"]).optional(),
  notice: z.string().optional(),
  response: z.looseObject({
    role: z.literal("assistant"),
    content: z.array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("text"), text: z.string() }),
        z.object({
          type: z.literal("json"),
          json: z.object({ draft: z.string(), document: z.string(), text: z.string() }),
        }),
      ]),
    ),
    model: z.string(),
    writer,
  }),
}) as z.ZodType<GenerationResponse>;

export const StreamStartSchema: z.ZodType<StreamStart> = z.looseObject({
  requestId: z.string(),
  writer,
  model: z.string(),
  aiProvider: z.enum(["openai", "anthropic"]),
  documentId: z.string(),
});

/** The events of a streamed writing call (`Accept: text/event-stream`), in order. */
export const WRITING_STREAM_EVENTS = {
  start: StreamStartSchema,
  delta: z.object({ text: z.string() }),
  done: GenerationSchema,
  error: z.looseObject({ error: z.string(), code: z.string(), status: z.number().int() }),
};

// The main fields only (the rest pass as they are): cast, unlike the fully spelled schemas above.
export const DetectSchema = z.looseObject({
  creditsUsed: z.number().int(),
  /** The same text checked before by the same detector: the stored answer, free. */
  cached: z.boolean().optional(),
  aiDetection: z.looseObject({
    success: z.boolean(),
    aiPercentage: z.number(),
    humanPercentage: z.number(),
    wordCount: z.number().int(),
    aiSentences: z.array(z.string()),
    isAiGenerated: z.boolean(),
    detector: z.enum(["builtin", "gptzero", "sapling"]),
    verdict: z.looseObject({}),
    sentences: z.array(z.looseObject({})).optional(),
  }),
}) as unknown as z.ZodType<DetectResponse>;

// The main fields only (meta and report pass as they are).
export const SeoProduceSchema = z.looseObject({
  ...saved,
  optimizedHtml: z.string(),
  platform: z.enum(["wordpress", "shopify"]),
  meta: z.looseObject({}),
  report: z.looseObject({}),
  notes: z.array(z.string()),
  creditsUsed: z.number().int(),
}) as unknown as z.ZodType<SeoProduceResponse>;

const scopes = z.array(z.enum(API_KEY_SCOPES));
export const CreateApiKeySchema: z.ZodType<CreateApiKeyResponse> = z.looseObject({
  id: z.string(),
  key: z.string().describe("The secret: shown in this answer only."),
  prefix: z.string(),
  scopes,
  expiresAt: iso.nullable(),
});

export const ApiKeysSchema: z.ZodType<ApiKeysResponse> = z.looseObject({
  keys: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      scopes,
      createdAt: iso,
      lastUsedAt: iso.nullable(),
      expiresAt: iso.nullable(),
    }),
  ),
});
