// HTTP for batches (issue 27, docs/api.md "Batches"): the caller's own batches only (another
// user's id is a 404 on every path). A batch that would hold an invalid row is refused whole:
// 400 { error, code, rows: [{ line, field, message }] } and nothing is created.
import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  type AdminJobsResponse,
  AdminJobsResponseSchema,
  BATCH_CSV_MAX_BYTES,
  type BatchCreatedResponse,
  BatchCreatedResponseSchema,
  type BatchesResponse,
  BatchesResponseSchema,
  type BatchInvalidResponse,
  type BatchResponse,
  BatchResponseSchema,
  type BatchRowInput,
  CreateBatchRequest,
} from "../../shared/batches";
import { AppError } from "../errors";
import { requireCaller } from "../http/middleware";
import { doc } from "../http/openapi";
import type { AppEnv, Gate, SignedInEnv } from "../http/types";
import { validate } from "../http/validate";
import { BatchRefused, type BatchService } from "./batches.service";
import { batchZip, parseBatchCsv, summaryCsv } from "./files";

const Params = z.object({ id: z.string().max(100) });
const RowParams = z.object({ id: z.string().max(100), rowId: z.string().max(100) });

export function batchesRoutes({ batches, paid }: { batches: BatchService; paid: Gate }) {
  // Creating, starting, resuming and retrying commit credits to the workers: the paid calls' gate applies.
  const caller = requireCaller("batches");
  const notPaid: Gate = async (_c, next) => {
    await next();
  };
  const r = new Hono<AppEnv>();
  // An upload's refusal also hands back the rows it read, so the screen can show them to be fixed in place.
  const refused = (err: BatchRefused, parsedRows?: BatchRowInput[]) =>
    Response.json(
      {
        error: err.message,
        code: err.code,
        rows: err.rows,
        ...(parsedRows ? { parsedRows } : {}),
      } satisfies BatchInvalidResponse,
      { status: 400 },
    );

  /** Creates the batch: 201 with it, or the refusal (with the rows an upload read). */
  const create = async (
    c: Context<AppEnv & SignedInEnv>,
    input: Parameters<BatchService["create"]>[1],
    parsedRows?: BatchRowInput[],
  ) => {
    try {
      const batch = await batches.create(c.get("user").id, input);
      return c.json<BatchCreatedResponse>({ batch }, 201);
    } catch (err) {
      if (err instanceof BatchRefused) return refused(err, parsedRows);
      throw err;
    }
  };

  r.post(
    "/",
    doc({
      summary: "Create a batch (and start it with start: true)",
      tag: "Batches",
      caller: "batches",
      response: BatchCreatedResponseSchema,
      status: 201,
      paid: true,
    }),
    caller,
    paid,
    validate("json", CreateBatchRequest),
    (c) => create(c, c.req.valid("json")),
  );

  // The CSV itself as the body (text/csv); per-batch settings may ride in the query (?name=, ?reviseRounds=).
  r.post(
    "/csv",
    doc({
      summary: "Create a batch from a CSV file (text/csv body), not started",
      tag: "Batches",
      caller: "batches",
      response: BatchCreatedResponseSchema,
      status: 201,
      paid: true,
    }),
    caller,
    paid,
    async (c) => {
      const type = c.req.header("content-type") ?? "";
      if (!/^text\/(csv|plain)\b/i.test(type))
        throw new AppError("VALIDATION", "Send the CSV file as the body, with Content-Type: text/csv.");
      const body = new Uint8Array(await c.req.arrayBuffer());
      if (body.byteLength > BATCH_CSV_MAX_BYTES)
        throw new AppError("PAYLOAD_TOO_LARGE", "This CSV is too large: at most 2 MB.");
      const rows = parseBatchCsv(body);
      const q = c.req.query();
      const parsed = CreateBatchRequest.safeParse({
        name: q.name,
        rows,
        pipeline: {
          reviseRounds: q.reviseRounds === undefined ? undefined : Number(q.reviseRounds),
          seo: q.seo === undefined ? undefined : q.seo !== "false",
          platform: q.platform,
        },
      });
      if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Invalid batch");
      return create(c, { ...parsed.data, start: false }, rows);
    },
  );

  r.get(
    "/",
    doc({ summary: "List your batches", tag: "Batches", caller: "batches", response: BatchesResponseSchema }),
    caller,
    async (c) => c.json<BatchesResponse>({ batches: await batches.list(c.get("user").id) }),
  );

  r.get(
    "/:id",
    doc({
      summary: "A batch with its rows",
      tag: "Batches",
      caller: "batches",
      errors: ["NOT_FOUND"],
      response: BatchResponseSchema,
    }),
    caller,
    validate("param", Params),
    async (c) => c.json<BatchResponse>(await batches.get(c.get("user").id, c.req.valid("param").id)),
  );

  const control = (action: "start" | "pause" | "resume" | "cancel") =>
    r.post(
      `/:id/${action}`,
      doc({
        summary: `${action[0]?.toUpperCase()}${action.slice(1)} a batch`,
        tag: "Batches",
        caller: "batches",
        // Another user's or no batch; a batch not in a state the action applies to.
        errors: ["NOT_FOUND", "CONFLICT"],
        response: BatchCreatedResponseSchema,
        paid: action === "start" || action === "resume",
      }),
      caller,
      action === "start" || action === "resume" ? paid : notPaid,
      validate("param", Params),
      async (c) =>
        c.json<BatchCreatedResponse>({ batch: await batches[action](c.get("user").id, c.req.valid("param").id) }),
    );
  control("start");
  control("pause");
  control("resume");
  control("cancel");

  r.post(
    "/:id/rows/:rowId/retry",
    doc({
      summary: "Retry a failed row",
      tag: "Batches",
      caller: "batches",
      errors: ["NOT_FOUND", "CONFLICT"],
      response: BatchCreatedResponseSchema,
      paid: true,
    }),
    caller,
    paid,
    validate("param", RowParams),
    async (c) => {
      const { id, rowId } = c.req.valid("param");
      return c.json<BatchCreatedResponse>({ batch: await batches.retryRow(c.get("user").id, id, rowId) });
    },
  );

  const fileName = (name: string, ext: string) =>
    `${
      name
        .replace(/[^\w.-]+/g, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 80) || "batch"
    }.${ext}`;

  r.get(
    "/:id/export.zip",
    doc({
      summary: "Every row as Markdown and HTML, zipped",
      tag: "Batches",
      caller: "batches",
      errors: ["NOT_FOUND"],
      file: "application/zip",
    }),
    caller,
    validate("param", Params),
    async (c) => {
      const { batch, rows } = await batches.exportRows(c.get("user").id, c.req.valid("param").id);
      return c.body(new Uint8Array(batchZip(rows)), 200, {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${fileName(batch.name, "zip")}"`,
      });
    },
  );

  r.get(
    "/:id/summary.csv",
    doc({
      summary: "The rows' outcomes as CSV",
      tag: "Batches",
      caller: "batches",
      errors: ["NOT_FOUND"],
      file: "text/csv",
    }),
    caller,
    validate("param", Params),
    async (c) => {
      const { batch, rows } = await batches.exportRows(c.get("user").id, c.req.valid("param").id);
      return c.body(summaryCsv(rows), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName(batch.name, "csv")}"`,
      });
    },
  );

  return r;
}

/** GET /api/admin/jobs (admins only: app.ts gates /api/admin): the queue's counts, oldest queued job, failures, workers. */
export function adminJobsRoutes({ batches }: { batches: BatchService }) {
  const r = new Hono<AppEnv>();
  r.get(
    "/",
    doc({
      summary: "The job queue: counts, oldest queued, failures, workers",
      tag: "Admin",
      caller: "admin",
      errors: ["SERVER_BUSY"],
      response: AdminJobsResponseSchema,
    }),
    async (c) => {
      const state = await batches.queueState();
      if (!state) throw new AppError("SERVER_BUSY", "The job queue is not running in this process.");
      return c.json<AdminJobsResponse>(state);
    },
  );
  return r;
}
