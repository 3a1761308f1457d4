// The building blocks of the API's answer schemas, and the answers that belong to no feature (issue
// 28). Each feature's answers are zod schemas in its own shared module (documents.ts, billing.ts, …)
// with their types inferred from them (`type X = z.infer<typeof XSchema>`), so a route's declared
// schema (`doc({ response })`, http/openapi.ts) and the type it answers with (`c.json<X>`) are one
// thing. Every route test checks each answer it gets against its route's schema
// (server/testing/answer-check.ts). Objects are zod's default: a missing or mistyped field fails,
// an extra one passes.
import { z } from "zod";
import { AUTH_ERROR_CODES, ERROR_CODES, type ErrorBody, type ErrorCode } from "./errors";

/** A moment as the API writes it: ISO 8601 with an offset (`Date#toISOString`). */
export const timestamp = z.iso.datetime({ offset: true }).describe("ISO 8601 date and time");

/** A whole number (credits, counts, ids of ledger rows). */
export const int = z.number().int();

/**
 * Every error answer (shared/errors.ts): a message, a known code, and the fields some codes add.
 * Other fields pass (a refused batch adds its rows).
 */
export const ErrorBodySchema = z.looseObject({
  error: z.string().min(1),
  code: z.enum([...(Object.keys(ERROR_CODES) as ErrorCode[]), ...AUTH_ERROR_CODES]),
  retryAfter: int.nonnegative().optional(),
  required: int.optional(),
  available: int.optional(),
  text: z.string().optional(),
  scope: z.string().optional(),
}) satisfies z.ZodType<ErrorBody>;

/** `{ success: true }`: a delete or a sign-out that went through. */
export const SuccessSchema = z.object({ success: z.literal(true) });

/** GET /api/health (a 503 with the error contract's fields when the database is unreachable). */
export const HealthSchema = z.object({
  status: z.literal("ok"),
  database: z.object({ kind: z.enum(["pglite", "pg"]), reachable: z.literal(true) }),
  workers: z.object({
    /** Whether any batch worker was heard from within three heartbeats. */
    alive: z.boolean(),
    count: int,
  }),
});

/** GET /api/openapi.json: an OpenAPI 3.1 document (checked whole by a validator in openapi.test.ts). */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
