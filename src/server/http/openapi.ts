// The OpenAPI 3.1 document, generated from the routes themselves (issue 28). Each route declares
// itself once, where it is registered, with `doc({...})` beside its gates and validators:
//
//   r.post("/detect-ai", doc({ summary: "Detect AI-written text", tag: "Detection", caller: "detect",
//     response: DetectResponseSchema }), requireCaller("detect"), paid, validate("json", DetectRequestSchema), …)
//
// Request schemas come from `validate` (hono-openapi's validator records them), responses from
// `doc`. /api/openapi.json is built from `app.routes` by hono-openapi's generateSpecs; a test fails
// when an /api route is missing from it (openapi.test.ts).
import type { Hono, MiddlewareHandler } from "hono";
import { describeRoute, generateSpecs, resolver } from "hono-openapi";
import { z } from "zod";
import { API_KEY_SCOPES, type ApiKeyScope } from "../../shared/api-keys";
import { AUTH_ERROR_CODES, ERROR_CODES, type ErrorCode } from "../../shared/errors";
import { API_REFERENCE_PATH } from "../../shared/routes";

/**
 * Who may call a route: anyone, a signed-in session only, an administrator's session, or a
 * session or an API key with this scope.
 */
export type RouteCaller = "public" | "session" | "admin" | ApiKeyScope;

/** A piece of the OpenAPI document (hono-openapi checks the whole against its types). */
type Json = Record<string, unknown>;

export interface RouteDoc {
  summary: string;
  tag: string;
  caller: RouteCaller;
  description?: string;
  /** The success answer's schema (JSON); omitted: described in words only. */
  response?: z.ZodType;
  /** The success status (200 unless given). */
  status?: 200 | 201;
  /** A file, not JSON: its media type, or the types it may have. */
  file?: string | readonly string[];
  /** Also answers `Accept: text/event-stream` with these events (name → schema of its data). */
  stream?: Record<string, z.ZodType>;
  /** Spends credits: 402 and the paid gate's refusals are possible. */
  paid?: boolean;
  /**
   * The route's own error codes, beyond any route's (bad input, limits), its caller's and `paid`'s
   * (errorCodesOf); listed under their statuses. The route tests fail on an error code not declared.
   */
  errors?: readonly ErrorCode[];
}

const ERROR_REF = { $ref: "#/components/schemas/Error" } as const;
const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ERROR_REF } },
});

/** The error answers a route may give, from who may call it. */
function errorResponses(d: RouteDoc): Record<string, Json> {
  const out: Record<string, Json> = {
    "400": errorResponse("Invalid input (`VALIDATION`, `MALFORMED_JSON`, …)."),
    "429": {
      ...errorResponse("Too many requests (`RATE_LIMITED`); wait `retryAfter` seconds."),
      headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } },
    },
  };
  if (d.caller !== "public") out["401"] = errorResponse("Not signed in, or the API key is not valid.");
  if (d.caller === "admin") out["403"] = errorResponse("Not an administrator (`FORBIDDEN`), or an API key.");
  else if (d.caller === "session") out["403"] = errorResponse("API keys can't be used here (`KEY_NOT_ALLOWED`).");
  else if (d.caller !== "public")
    out["403"] = errorResponse(`The API key lacks the \`${d.caller}\` scope (\`KEY_SCOPE\`).`);
  if (d.paid)
    out["402"] = errorResponse("Not enough credits (`INSUFFICIENT_CREDITS`, with `required` and `available`).");
  const own = new Map<string, ErrorCode[]>();
  for (const code of d.errors ?? []) {
    const status = String(ERROR_CODES[code]);
    own.set(status, [...(own.get(status) ?? []), code]);
  }
  for (const [status, codes] of own) {
    const listed = codes.map((c) => `\`${c}\``).join(", ");
    const before = out[status]?.description;
    out[status] = {
      ...out[status],
      ...errorResponse(before ? `${before} Also ${listed}.` : `The route's own refusals: ${listed}.`),
    };
  }
  return out;
}

/** Codes any /api route may answer: bad input, limits, a foreign origin, a bad key, our own failures. */
const ANY_ROUTE: readonly ErrorCode[] = [
  "VALIDATION",
  "MALFORMED_JSON",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "FORBIDDEN",
  "INVALID_API_KEY",
  "INTERNAL",
  "DATABASE_UNREACHABLE",
];

/** What a model call may answer besides its route's own refusals (ai/: provider errors → AppError). */
export const MODEL_ERRORS: readonly ErrorCode[] = [
  "NO_MODEL",
  "PROVIDER_AUTH",
  "PROVIDER_CREDIT",
  "PROVIDER_ERROR",
  "PROVIDER_OVERLOADED",
  "PROVIDER_UNAVAILABLE",
];

/**
 * Every code a route may answer: its own `errors`, any route's, its caller's (a sign-in, a key's
 * scope) and a paid route's. The route tests hold each error answer to it (testing/answer-check.ts).
 */
export function errorCodesOf(d: RouteDoc): ReadonlySet<string> {
  const codes = new Set<string>([...ANY_ROUTE, ...(d.errors ?? [])]);
  if (d.caller !== "public") codes.add("UNAUTHENTICATED");
  if (d.caller === "session" || d.caller === "admin") codes.add("KEY_NOT_ALLOWED");
  else if (d.caller !== "public") codes.add("KEY_SCOPE");
  // A paid call: the balance, and the refusal of a server that is shutting down.
  if (d.paid) for (const c of ["INSUFFICIENT_CREDITS", "SERVER_BUSY"]) codes.add(c);
  return codes;
}

function security(caller: RouteCaller): Record<string, string[]>[] {
  if (caller === "public") return [];
  if (caller === "session" || caller === "admin") return [{ session: [] }];
  return [{ apiKey: [] }, { session: [] }];
}

/** Each doc() middleware's declaration, for the tests that check answers against it. */
const declared = new WeakMap<object, RouteDoc>();
export const declarationOf = (handler: unknown): RouteDoc | undefined =>
  typeof handler === "function" ? declared.get(handler) : undefined;

/**
 * A route's place in the OpenAPI document (and so in the reference at /docs/api). hono-openapi's own
 * middleware is `async (c, next) => { await next() }`: a promise and a turn of the microtask queue
 * on every request of every documented route, for nothing. This one hands on next()'s promise and
 * carries the same declaration (hono-openapi finds it on the handler under its own symbol key).
 */
export function doc(d: RouteDoc): MiddlewareHandler {
  const described = describeRoute(spec(d));
  const middleware: MiddlewareHandler = (_c, next) => next();
  for (const key of Object.getOwnPropertySymbols(described))
    Object.defineProperty(middleware, key, Object.getOwnPropertyDescriptor(described, key) as PropertyDescriptor);
  Object.defineProperty(middleware, "name", { value: described.name, configurable: true });
  declared.set(middleware, d);
  return middleware;
}

function spec(d: RouteDoc): Parameters<typeof describeRoute>[0] {
  const status = String(d.status ?? 200);
  // hono-openapi resolves a resolver() schema in place of a plain one.
  const content: Record<string, { schema: unknown }> = {};
  if (d.file) for (const type of [d.file].flat()) content[type] = { schema: { type: "string", format: "binary" } };
  else content["application/json"] = { schema: d.response ? resolver(d.response) : { type: "object" } };
  if (d.stream)
    content["text/event-stream"] = {
      schema: {
        type: "string",
        description: `Server-sent events, in order: ${Object.keys(d.stream)
          .map((e) => `\`${e}\``)
          .join(", ")}. Each event's \`data\` is JSON (see \`x-events\`).`,
      },
    };
  const scopeNote =
    d.caller === "public"
      ? "No sign-in needed."
      : d.caller === "session"
        ? "A signed-in session only: API keys are refused."
        : d.caller === "admin"
          ? "An administrator's session only."
          : `A session, or an API key with the \`${d.caller}\` scope.`;
  return {
    summary: d.summary,
    description: [d.description, scopeNote].filter(Boolean).join("\n\n"),
    tags: [d.tag],
    security: security(d.caller),
    "x-caller": d.caller,
    ...(d.stream
      ? {
          "x-events": Object.fromEntries(
            Object.entries(d.stream).map(([k, v]) => [k, z.toJSONSchema(v, { io: "output" })]),
          ),
        }
      : {}),
    responses: { [status]: { description: "Success.", content }, ...errorResponses(d) },
  } as Parameters<typeof describeRoute>[0];
}

const ErrorSchema = {
  type: "object" as const,
  description:
    "Every error answer. `code` is stable (decide by it, never by the message); some codes add fields: `retryAfter` (RATE_LIMITED), `required`/`available` (INSUFFICIENT_CREDITS), `text` (NOT_SAVED), `scope` (KEY_SCOPE). A stream's `error` event carries the same body with `status`.",
  required: ["error", "code"],
  properties: {
    error: { type: "string" as const, description: "A message for people." },
    code: { type: "string" as const, enum: [...Object.keys(ERROR_CODES), ...AUTH_ERROR_CODES] },
    retryAfter: { type: "integer" as const },
    required: { type: "integer" as const },
    available: { type: "integer" as const },
    text: { type: "string" as const },
    scope: { type: "string" as const, enum: [...API_KEY_SCOPES] },
  },
  examples: [{ error: "Please sign in to continue.", code: "UNAUTHENTICATED" }],
};

/** The OpenAPI document of every declared /api route of `app`. */
// biome-ignore lint/suspicious/noExplicitAny: any app's routes (only its route table is read)
export async function openApiDocument(app: Hono<any>, version: string) {
  const codes = Object.entries(ERROR_CODES)
    .map(([code, status]) => `| \`${code}\` | ${status} |`)
    .join("\n");
  return generateSpecs(app, {
    exclude: [/^(?!\/api\/)/],
    excludeStaticFile: false,
    defaultValidationErrorResponse: errorResponse("Invalid input (`VALIDATION`)."),
    documentation: {
      openapi: "3.1.0",
      info: {
        title: "Draftsmith API",
        version,
        description: [
          "Write drafts, detect AI-written sentences, revise, and produce SEO HTML from your own programs.",
          "Authenticate with an API key from Settings → API keys: `Authorization: Bearer dsk_…`. A key reaches only the routes its scopes allow, and never account, key or admin routes. Each key has its own rate limit (429 with `Retry-After`).",
          `Guide: docs/api.md. This reference: ${API_REFERENCE_PATH}.`,
          `### Error codes\n\n| code | status |\n|---|---|\n${codes}`,
        ].join("\n\n"),
      },
      components: {
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "dsk_…",
            description: "An API key from Settings → API keys.",
          },
          session: {
            type: "apiKey",
            in: "cookie",
            name: "better-auth.session_token",
            description: "The browser's session (the app itself).",
          },
        },
        schemas: { Error: ErrorSchema },
      },
    },
  });
}
