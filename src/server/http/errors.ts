// Every API error leaves as {"error": "<message>", "code": "<code>"} (shared/errors.ts): AppErrors, Hono's HTTPExceptions, zod failures
// and anything unexpected (logged, never shown: no stack, no provider key reaches a client).
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { codeForStatus, type ErrorBody, type ErrorCode } from "../../shared/errors";
import { RequestCancelled } from "../credits/charge";
import { AppError } from "../errors";
import type { AppEnv } from "./types";

export function errorBody(message: string, extra: { code: ErrorCode } & Record<string, unknown>): ErrorBody {
  return { error: message, ...extra };
}

export function onError(err: Error, c: Context<AppEnv>) {
  // The client is gone; nobody reads this answer (499: client closed request).
  if (err instanceof RequestCancelled) return new Response(null, { status: 499 });
  if (err instanceof AppError) {
    // A refusal for now (rate limits) says when to come back.
    const retryAfter = err.details?.retryAfter;
    if (err.code === "RATE_LIMITED" && typeof retryAfter === "number") c.header("Retry-After", String(retryAfter));
    // The code's own fields ride along: a 402's required/available, a 429's retryAfter, "Saved
    // nothing"'s text, a key's missing scope.
    return c.json(errorBody(err.message, { code: err.code, ...err.details }), err.status as ContentfulStatusCode);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    let message = err.message;
    let code = codeForStatus(status);
    if (/malformed json/i.test(message) || (status === 400 && !message)) {
      message = "Malformed JSON in request body";
      code = "MALFORMED_JSON";
    }
    if (status === 413) message = "Request body is too large";
    return c.json(errorBody(message || "Request failed", { code }), status);
  }
  const log = c.get("log");
  log?.error({ event: "http.unhandled", err, path: c.req.path, requestId: c.get("requestId") }, "unhandled error");
  return c.json(errorBody("Something went wrong on our side. Please try again.", { code: "INTERNAL" }), 500);
}
