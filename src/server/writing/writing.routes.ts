// HTTP for the writing loop (spec §7): validate, call the service, shape the response. Each generating
// endpoint answers JSON, or server-sent events when the client sends `Accept: text/event-stream`
// (format in docs/api.md). Validation and credit errors always answer as JSON, before any stream opens.

import type { Context } from "hono";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { HISTORY_LIMIT } from "../../shared/limits";
import {
  ExecuteRequest,
  FinalRewriteRequest,
  GENERATION_STREAM_EVENTS,
  type GenerationResponse,
  GenerationResponseSchema,
  HistoryDeletedSchema,
  type HistoryItem,
  HistoryResponseSchema,
  REVISE_TEXT_STREAM_EVENTS,
  ReviseTextRequest,
  type ReviseTextResponse,
  ReviseTextResponseSchema,
  type WritersResponse,
  WritersResponseSchema,
  type WritingStreamEvent,
} from "../../shared/writing";
import { RequestCancelled } from "../credits/charge";
import { AppError } from "../errors";
import { requireCaller, requireUser } from "../http/middleware";
import { doc, MODEL_ERRORS } from "../http/openapi";
import type { AppEnv, Gate, SignedInEnv } from "../http/types";
import { validate } from "../http/validate";
import type { WritingJob, WritingService } from "./writing.service";

const HISTORY_LIMIT_MESSAGE = "limit must be a whole number from 1 to 100";
const HistoryQuery = z.object({
  limit: z.coerce
    .number({ message: HISTORY_LIMIT_MESSAGE })
    .int({ message: HISTORY_LIMIT_MESSAGE })
    .min(1, { message: HISTORY_LIMIT_MESSAGE })
    .max(100, { message: HISTORY_LIMIT_MESSAGE })
    .default(HISTORY_LIMIT),
});

/** A writing call's own refusals: the named document, a repeated request, a model's failure, "Saved nothing". */
const WRITING_ERRORS = [...MODEL_ERRORS, "NOT_FOUND", "CONFLICT", "NOT_SAVED"] as const;

/** Comment lines keep idle proxies from closing a stream while a model thinks. */
const HEARTBEAT_MS = 15_000;

export function writingRoutes({ writing, paid }: { writing: WritingService; paid: Gate }) {
  const r = new Hono<AppEnv>();

  r.post(
    "/execute",
    doc({
      summary: "Write a draft, or revise flagged sentences (streams with Accept: text/event-stream)",
      tag: "Writing",
      caller: "write",
      response: GenerationResponseSchema,
      paid: true,
      errors: WRITING_ERRORS,
      stream: GENERATION_STREAM_EVENTS,
    }),
    requireCaller("write"),
    paid,
    validate("json", ExecuteRequest),
    async (c) => respond(c, await writing.prepareExecute(c.get("user").id, c.req.valid("json"))),
  );

  r.post(
    "/final-rewrite",
    doc({
      summary: "Rewrite the whole draft (streams)",
      tag: "Writing",
      caller: "write",
      response: GenerationResponseSchema,
      paid: true,
      errors: WRITING_ERRORS,
      stream: GENERATION_STREAM_EVENTS,
    }),
    requireCaller("write"),
    paid,
    validate("json", FinalRewriteRequest),
    async (c) => respond(c, await writing.prepareFinalRewrite(c.get("user").id, c.req.valid("json"))),
  );

  r.post(
    "/revise-text",
    doc({
      summary: "Revise a text (streams)",
      tag: "Writing",
      caller: "write",
      response: ReviseTextResponseSchema,
      paid: true,
      errors: WRITING_ERRORS,
      stream: REVISE_TEXT_STREAM_EVENTS,
    }),
    requireCaller("write"),
    paid,
    validate("json", ReviseTextRequest),
    async (c) => respond(c, await writing.prepareReviseText(c.get("user").id, c.req.valid("json"))),
  );

  // Public: which providers have a model, so the screens can say when none is configured.
  r.get(
    "/writers",
    doc({
      summary: "The writers and models on offer",
      tag: "Writing",
      caller: "public",
      response: WritersResponseSchema,
    }),
    (c) => c.json<WritersResponse>(writing.writers()),
  );

  r.get(
    "/history",
    doc({ summary: "Your recent requests", tag: "Writing", caller: "write", response: HistoryResponseSchema }),
    requireCaller("write"),
    validate("query", HistoryQuery),
    async (c) => c.json<HistoryItem[]>(await writing.history(c.get("user").id, c.req.valid("query").limit)),
  );

  r.post(
    "/reset",
    doc({
      summary: "Delete your request history",
      tag: "Writing",
      caller: "session",
      response: HistoryDeletedSchema,
    }),
    requireUser,
    async (c) => {
      const deleted = await writing.reset(c.get("user").id);
      return c.json({ success: true, deleted });
    },
  );

  return r;
}

const wantsStream = (c: Context<SignedInEnv>) => /\btext\/event-stream\b/i.test(c.req.header("accept") ?? "");

async function respond<R extends GenerationResponse | ReviseTextResponse>(c: Context<SignedInEnv>, job: WritingJob<R>) {
  // A cancelled call throws RequestCancelled, which onError answers 499 (to nobody).
  if (!wantsStream(c)) return c.json<R>(await job.run({ signal: c.req.raw.signal }));

  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    const cancel = new AbortController();
    const abort = () => cancel.abort();
    stream.onAbort(abort);
    c.req.raw.signal.addEventListener("abort", abort, { once: true });
    const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
    const send = ({ event, data }: WritingStreamEvent) => stream.writeSSE({ event, data: JSON.stringify(data) });
    try {
      const { requestId, writer, model, aiProvider, documentId } = job;
      await send({ event: "start", data: { requestId, writer, model, aiProvider, documentId } });
      // Writes queue in order on the stream's writer, so deltas need not be awaited one by one.
      const body = await job.run({
        signal: cancel.signal,
        onDelta: (text) => void send({ event: "delta", data: { text } }),
      });
      await send({ event: "done", data: body });
    } catch (err) {
      if (err instanceof RequestCancelled) return;
      const e = err instanceof AppError ? err : undefined;
      if (!e) c.get("log")?.error({ event: "writing.stream.unhandled", err }, "unhandled error in a stream");
      await send({
        event: "error",
        // The same body as a JSON answer's error (shared/errors.ts), with its status.
        data: {
          ...e?.details,
          error: e?.message ?? "Something went wrong on our side. Please try again.",
          code: e?.code ?? "INTERNAL",
          status: e?.status ?? 500,
        },
      });
    } finally {
      clearInterval(heartbeat);
      c.req.raw.signal.removeEventListener("abort", abort);
      await job.abandon();
    }
  });
}
