// Batches (issue 27): rows run through the single draft's own services, one queue job per row (its
// steps run one after another in it).
//
// A row's steps: draft → detect:0 → (revise:k → detect:k while flagged, k ≤ reviseRounds) → seo →
// publish → done. Each paid step's request id is `batch-<row>-<attempt>-<step>`: the ledger charges a
// request id once, and the step's document version carries it, so a step run again (its worker killed
// after the charge committed, before the row moved on) finds its version and is not paid twice; a
// step whose charge never committed simply runs again. The queue's job id is derived from the row, its
// run and its step, so sending a row twice queues it once. A row's own bookkeeping is one statement
// to claim it and one per step (which also claims it for the next): bench/batch.ts counts them.
import { createHash } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { PgBoss } from "pg-boss";
import {
  type AdminJobsResponse,
  type BatchPipeline,
  type BatchResponse,
  type BatchRowProblem,
  type BatchRowView,
  type BatchSummary,
  type CreateBatchRequest,
  estimateBatchCredits,
  OUT_OF_CREDITS_MESSAGE,
  ROW_STATUSES,
  type RowCounts,
  type RowStatus,
  validateBatchRows,
} from "../../shared/batches";
import type { DetectionResult, DetectResponse } from "../../shared/detection";
import type { SeoRequest } from "../../shared/seo";
import type { ExecuteRequest } from "../../shared/writing";
import type { Ledger } from "../credits/ledger";
import type { Db } from "../db/client";
import { batches, batchRows, creditHolds, creditTransactions, documentVersions, type RowState } from "../db/schema";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { ROW_QUEUE } from "./queue";

/** What a row's steps need of the other features (wired in deps.ts: the single draft's services). */
export interface BatchSteps {
  write(
    userId: string,
    req: ExecuteRequest,
    requestId: string,
    signal: AbortSignal,
  ): Promise<{ documentId: string; versionId: string; stopped?: string }>;
  detect(
    userId: string,
    input: { text: string; documentId: string; versionId: string; chargeId: string },
    signal: AbortSignal,
  ): Promise<DetectResponse>;
  seoHtml(userId: string, req: SeoRequest, requestId: string): Promise<{ documentId: string; versionId: string }>;
  publish(userId: string, documentId: string, versionId: string, connectionId: string): Promise<{ url: string }>;
}

export interface BatchServiceDeps {
  db: Db;
  ledger: Pick<Ledger, "release" | "balance">;
  steps: BatchSteps;
  logger: Logger;
  /** The queue, once started (sending needs it; without it rows wait until a worker process starts them). */
  boss?: PgBoss;
}

/** Retriable failures of a model call (429, 5xx, overloaded): retried this many times with backoff. */
const RETRIES = 3;
const RETRIABLE = new Set(["RATE_LIMITED", "PROVIDER_OVERLOADED", "PROVIDER_UNAVAILABLE", "SERVER_BUSY"]);
/** How often a process looks whether the batches of the steps it runs were paused or cancelled meanwhile. */
const CONTROL_POLL_MS = 300;

export interface RowJob {
  rowId: string;
}

type Row = typeof batchRows.$inferSelect;
type Batch = typeof batches.$inferSelect;

const notFound = () => new AppError("NOT_FOUND", "No such batch.");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID-shaped id from a key: the queue's job id for one run of one step of one row. */
function jobId(key: string): string {
  const h = createHash("sha256").update(key).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A paid step's request id: the same each time this attempt's step runs, so it is charged once. */
const stepKey = (row: Pick<Row, "id" | "attempt" | "step">) => `batch-${row.id}-${row.attempt}-${row.step}`;

/** Every paid step's request id the row can have had so far (each attempt, each step, each round). */
function stepKeysOf(row: Pick<Row, "id" | "attempt">, pipeline: BatchPipeline): string[] {
  const rounds = Math.max(3, pipeline.reviseRounds);
  const steps = ["draft", "seo", "publish"];
  for (let r = 0; r <= rounds; r++) steps.push(`detect:${r}`, ...(r > 0 ? [`revise:${r}`] : []));
  const keys: string[] = [];
  for (let a = 0; a <= row.attempt; a++) for (const step of steps) keys.push(stepKey({ id: row.id, attempt: a, step }));
  return keys;
}

/**
 * Credits the row's paid calls were charged (its request ids' usage rows, each charged once), as a
 * subquery: the statement that moves the row on sets it, no separate round trip. `keys`: the row's
 * request ids so far (stepKeysOf), comma-separated, so the ledger's unique index finds them (a LIKE
 * on their common prefix would read the whole ledger: the database's collation is not C).
 */
const spentSql = (keys: string | SQL) =>
  sql<number>`(SELECT COALESCE(-sum(${creditTransactions.amount}), 0)::int FROM ${creditTransactions} WHERE ${creditTransactions.requestId} = ANY(string_to_array(${keys}, ',')))`;

/** The row's current step's request id, in SQL (the row as the statement leaves it). */
const STEP_KEY = sql`('batch-' || ${batchRows.id}::text || '-' || ${batchRows.attempt}::text || '-' || ${batchRows.step})`;
/** The row's latest markdown version (state.versionId), when it has one. */
const ROW_VERSION = sql`(${batchRows.state} ->> 'versionId')::uuid`;

/**
 * What the statement that claims a row returns: the row, its batch's pipeline, and what its step
 * would otherwise read first: the version its request id already saved (the step ran before and its
 * charge committed), whether its request id still holds credits (a worker died mid-step), and the
 * text and stored verdict of the row's latest version (what detect, revise and SEO work on).
 */
const claimedColumns = {
  ...getTableColumns(batchRows),
  pipeline: batches.pipeline,
  savedVersionId: sql<
    string | null
  >`(SELECT ${documentVersions.id}::text FROM ${documentVersions} WHERE ${documentVersions.requestId} = ${STEP_KEY})`,
  savedDocumentId: sql<
    string | null
  >`(SELECT ${documentVersions.documentId}::text FROM ${documentVersions} WHERE ${documentVersions.requestId} = ${STEP_KEY})`,
  held: sql<boolean>`EXISTS (SELECT 1 FROM ${creditHolds} WHERE ${creditHolds.requestId} = ${STEP_KEY})`,
  versionId: sql<
    string | null
  >`(SELECT ${documentVersions.id}::text FROM ${documentVersions} WHERE ${batchRows.step} <> 'draft' AND ${batchRows.step} <> 'done' AND ${documentVersions.id} = ${ROW_VERSION})`,
  versionContent: sql<
    string | null
  >`(SELECT ${documentVersions.content} FROM ${documentVersions} WHERE ${batchRows.step} <> 'draft' AND ${batchRows.step} <> 'done' AND ${documentVersions.id} = ${ROW_VERSION})`,
  versionDetection: sql<unknown>`(SELECT ${documentVersions.detection} FROM ${documentVersions} WHERE ${batchRows.step} LIKE 'detect:%' AND ${documentVersions.id} = ${ROW_VERSION})`,
};

/** A row claimed for its current step, with what the step needs (see claimedColumns). */
interface Claimed {
  row: Row;
  pipeline: BatchPipeline;
  /** The version this step's request id saved, when it ran before. */
  saved?: { documentId: string; versionId: string };
  /** This step's request id holds credits (left by a worker that died mid-step). */
  held: boolean;
  /** The row's latest markdown version (state.versionId). */
  version?: { id: string; content: string; detection: DetectionResult | null };
}

function toClaimed(
  r: {
    [K in keyof typeof claimedColumns]: unknown;
  },
): Claimed {
  const { pipeline, savedVersionId, savedDocumentId, held, versionId, versionContent, versionDetection, ...row } =
    r as Row & {
      pipeline: BatchPipeline;
      savedVersionId: string | null;
      savedDocumentId: string | null;
      held: boolean;
      versionId: string | null;
      versionContent: string | null;
      versionDetection: DetectionResult | string | null;
    };
  return {
    row,
    pipeline,
    saved: savedVersionId && savedDocumentId ? { documentId: savedDocumentId, versionId: savedVersionId } : undefined,
    held: held === true || (held as unknown) === "t",
    version:
      versionId && versionContent !== null
        ? {
            id: versionId,
            content: versionContent,
            detection: typeof versionDetection === "string" ? JSON.parse(versionDetection) : versionDetection,
          }
        : undefined,
  };
}

export class BatchRefused extends AppError {
  constructor(readonly rows: BatchRowProblem[]) {
    super(
      "VALIDATION",
      rows.length === 1
        ? `Line ${rows[0]?.line}: ${rows[0]?.message}`
        : `${rows.length} problems in the rows: fix them and send again.`,
      { rows },
    );
  }
}

export class BatchService {
  constructor(private readonly deps: BatchServiceDeps) {}

  /** Workers run in this very process (set by the runtime): alive by definition, before the registry hears of them. */
  localWorkers = false;

  set boss(boss: PgBoss | undefined) {
    this.deps.boss = boss;
    this.starting = undefined;
  }

  /** The queue while it starts (the server answers before it is up): sending a job waits for it. */
  private starting?: Promise<PgBoss | undefined>;

  queueStarting(ready: Promise<PgBoss | undefined>): void {
    this.starting = ready;
  }

  private async queue(): Promise<PgBoss | undefined> {
    return this.deps.boss ?? (await this.starting);
  }

  // ---- HTTP side -------------------------------------------------------------------------------

  async create(userId: string, req: CreateBatchRequest): Promise<BatchSummary> {
    const today = new Date().toISOString().slice(0, 10);
    const { problems, requests } = validateBatchRows(req.rows, req.defaults, today);
    if (problems.length) throw new BatchRefused(problems);
    const estimate = estimateBatchCredits(req.rows, req.defaults, req.pipeline);
    const name = req.name?.trim() || `Batch of ${today}`;
    const batch = await this.deps.db.transaction(async (tx) => {
      const [b] = await tx
        .insert(batches)
        .values({ userId, name, pipeline: req.pipeline, defaults: req.defaults, estimateCredits: estimate })
        .returning();
      if (!b) throw new Error("batch insert returned nothing");
      await tx.insert(batchRows).values(
        requests.map((request, i) => ({
          batchId: b.id,
          userId,
          line: i + 1,
          topic: req.rows[i]?.topic?.trim() ?? "",
          request,
        })),
      );
      return b;
    });
    if (req.start) await this.start(userId, batch.id);
    return this.summary(userId, batch.id);
  }

  async list(userId: string): Promise<BatchSummary[]> {
    const rows = await this.deps.db
      .select()
      .from(batches)
      .where(eq(batches.userId, userId))
      .orderBy(desc(batches.createdAt))
      .limit(200);
    const counts = await this.countsOf(rows.map((b) => b.id));
    return rows.map((b) => toSummary(b, counts.get(b.id)));
  }

  async get(userId: string, batchId: string): Promise<BatchResponse> {
    const batch = await this.own(userId, batchId);
    const rows = await this.rowsOf(batch.id);
    return { batch: toSummary(batch, tally(rows)), rows: rows.map(toRowView) };
  }

  async summary(userId: string, batchId: string): Promise<BatchSummary> {
    return (await this.get(userId, batchId)).batch;
  }

  /** Rows with their documents' latest markdown and HTML, for the ZIP and the CSV. */
  async exportRows(userId: string, batchId: string) {
    const batch = await this.own(userId, batchId);
    const rows = await this.rowsOf(batch.id);
    const ids = [
      ...new Set(rows.flatMap((r) => [r.state.versionId, r.state.seoVersionId]).filter((v): v is string => !!v)),
    ];
    const versions = ids.length
      ? await this.deps.db
          .select({ id: documentVersions.id, content: documentVersions.content })
          .from(documentVersions)
          .where(inArray(documentVersions.id, ids))
      : [];
    const text = new Map(versions.map((v) => [v.id, v.content]));
    return {
      batch: toSummary(batch, tally(rows)),
      rows: rows.map((r) => ({
        ...toRowView(r),
        markdown: r.state.versionId ? (text.get(r.state.versionId) ?? null) : null,
        html: r.state.seoVersionId ? (text.get(r.state.seoVersionId) ?? null) : null,
        publishedUrl: r.state.publishedUrl ?? null,
      })),
    };
  }

  async start(userId: string, batchId: string): Promise<BatchSummary> {
    const batch = await this.own(userId, batchId);
    if (batch.status !== "draft") throw new AppError("CONFLICT", "This batch has already been started.");
    await this.deps.db
      .update(batches)
      .set({ status: "running", startedAt: new Date() })
      .where(and(eq(batches.id, batch.id), eq(batches.status, "draft")));
    await this.enqueueRows(batch.id, ["queued"]);
    return this.summary(userId, batchId);
  }

  async pause(userId: string, batchId: string): Promise<BatchSummary> {
    const batch = await this.own(userId, batchId);
    if (batch.status !== "running") throw new AppError("CONFLICT", "Only a running batch can be paused.");
    await this.deps.db.transaction(async (tx) => {
      await tx.update(batches).set({ status: "paused" }).where(eq(batches.id, batch.id));
      // Running rows stop at once (their step settles what it wrote); the row's worker sees the batch.
      await tx
        .update(batchRows)
        .set({ status: "paused", pausedFor: "user", error: null, updatedAt: new Date() })
        .where(and(eq(batchRows.batchId, batch.id), inArray(batchRows.status, ["queued", "running", "paused"])));
    });
    // Steps running in this process stop now; other processes' see it within CONTROL_POLL_MS.
    await this.checkWatched();
    return this.summary(userId, batchId);
  }

  async resume(userId: string, batchId: string): Promise<BatchSummary> {
    const batch = await this.own(userId, batchId);
    if (batch.status !== "paused" && batch.status !== "running")
      throw new AppError("CONFLICT", "Only a paused batch can be resumed.");
    await this.deps.db.update(batches).set({ status: "running" }).where(eq(batches.id, batch.id));
    await this.enqueueRows(batch.id, ["paused"]);
    return this.summary(userId, batchId);
  }

  async cancel(userId: string, batchId: string): Promise<BatchSummary> {
    const batch = await this.own(userId, batchId);
    if (batch.status === "done" || batch.status === "cancelled")
      throw new AppError("CONFLICT", "This batch has already finished.");
    await this.deps.db.transaction(async (tx) => {
      await tx.update(batches).set({ status: "cancelled", finishedAt: new Date() }).where(eq(batches.id, batch.id));
      await tx
        .update(batchRows)
        .set({ status: "cancelled", pausedFor: null, updatedAt: new Date() })
        .where(and(eq(batchRows.batchId, batch.id), inArray(batchRows.status, ["queued", "running", "paused"])));
    });
    await this.checkWatched();
    return this.summary(userId, batchId);
  }

  /** A failed row runs again from the step it failed at, as a new attempt (new request ids). */
  async retryRow(userId: string, batchId: string, rowId: string): Promise<BatchSummary> {
    const batch = await this.own(userId, batchId);
    if (!UUID.test(rowId)) throw new AppError("NOT_FOUND", "No such row.");
    const [row] = await this.deps.db
      .select()
      .from(batchRows)
      .where(and(eq(batchRows.id, rowId), eq(batchRows.batchId, batch.id)));
    if (!row) throw new AppError("NOT_FOUND", "No such row.");
    if (row.status !== "failed") throw new AppError("CONFLICT", "Only a failed row can be retried.");
    if (batch.status === "cancelled") throw new AppError("CONFLICT", "This batch was cancelled.");
    await this.deps.db
      .update(batchRows)
      .set({ status: "paused", attempt: row.attempt + 1, error: null, pausedFor: "retry" })
      .where(eq(batchRows.id, row.id));
    if (batch.status === "done" || batch.status === "running")
      await this.deps.db.update(batches).set({ status: "running", finishedAt: null }).where(eq(batches.id, batch.id));
    if (batch.status !== "draft" && batch.status !== "paused") await this.enqueueRows(batch.id, ["paused"], row.id);
    return this.summary(userId, batchId);
  }

  /**
   * Rows paused because the balance ran out, whose owner has credits again: queued once more. The
   * worker runtime calls this every few seconds (a purchase or a grant needs nothing else).
   */
  async wakePaused(): Promise<number> {
    const { db } = this.deps;
    const waiting = await db
      .select({ id: batchRows.id, userId: batchRows.userId, batchId: batchRows.batchId, state: batchRows.state })
      .from(batchRows)
      .innerJoin(batches, eq(batches.id, batchRows.batchId))
      .where(and(eq(batchRows.pausedFor, "credits"), eq(batchRows.status, "paused"), eq(batches.status, "running")));
    let woken = 0;
    const balances = new Map<string, number>();
    for (const { id, userId, batchId, state } of waiting) {
      if (!balances.has(userId)) balances.set(userId, (await this.deps.ledger.balance(userId)).availableCredits);
      const available = balances.get(userId) ?? 0;
      const need = state.needCredits ?? 1;
      if (available < need) continue;
      // Counted against what is left, so one grant does not wake more rows than it can pay for.
      balances.set(userId, available - need);
      woken += await this.enqueueRows(batchId, ["paused"], id);
    }
    return woken;
  }

  /** The queue's state for admins and /api/health: job counts, the oldest queued job, recent failures, live workers. */
  async queueState(): Promise<AdminJobsResponse | null> {
    const boss = this.deps.boss;
    if (!boss) return null;
    const [byState, instances, failed, oldest] = await Promise.all([
      this.deps.db
        .execute(
          sql`SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = ${ROW_QUEUE} GROUP BY state`,
        )
        .then((r) => (r as unknown as { rows: { state: string; n: number }[] }).rows),
      boss.getInstances().catch(() => []),
      this.deps.db
        .execute(
          sql`SELECT id::text AS id, completed_on AS at, output FROM pgboss.job
              WHERE name = ${ROW_QUEUE} AND state = 'failed' ORDER BY completed_on DESC LIMIT 20`,
        )
        .then((r) => (r as unknown as { rows: { id: string; at: string | Date; output: unknown }[] }).rows),
      this.deps.db.execute(
        sql`SELECT min(created_on) AS oldest FROM pgboss.job WHERE name = ${ROW_QUEUE} AND state IN ('created', 'retry')`,
      ),
    ]);
    const working = instances.filter((i) => i.live && i.workers.some((w) => w.queue === ROW_QUEUE));
    const oldestRow = (oldest as unknown as { rows: { oldest: string | Date | null }[] }).rows[0]?.oldest;
    const count = (state: string) => Number(byState.find((s) => s.state === state)?.n ?? 0);
    return {
      queue: ROW_QUEUE,
      counts: {
        created: count("created"),
        retry: count("retry"),
        active: count("active"),
        completed: count("completed"),
        cancelled: count("cancelled"),
        failed: count("failed"),
      },
      oldestQueuedAt: oldestRow ? new Date(oldestRow).toISOString() : null,
      workers: {
        alive: Math.max(working.length, this.localWorkers ? 1 : 0),
        lastSeenAt:
          working
            .map((i) => new Date(i.heartbeatOn).toISOString())
            .sort()
            .at(-1) ?? null,
      },
      failures: failed.map((j) => ({
        id: j.id,
        at: new Date(j.at).toISOString(),
        reason: reasonOf(j.output),
      })),
    };
  }

  // ---- Worker side -----------------------------------------------------------------------------

  /**
   * Runs a row (one queue job): its next step, and the steps after it while the row stays wanted.
   * Each step is recorded on the row as it ends, so a job retried after its worker died goes on
   * from the step it was in. Never throws for the row's own failures: they are the row's.
   */
  async runStep(job: RowJob, jobSignal?: AbortSignal): Promise<void> {
    // The row is claimed once; the statement that records each step claims it for the next one.
    let claimed = await this.claim(job.rowId);
    while (claimed && !jobSignal?.aborted) claimed = await this.advance(claimed, jobSignal);
  }

  /** One step of the row; true when the row moved on to a step that can run now. */
  async runNextStep(job: RowJob, jobSignal?: AbortSignal): Promise<boolean> {
    const claimed = await this.claim(job.rowId);
    return !!claimed && !!(await this.advance(claimed, jobSignal));
  }

  /**
   * The row, marked running, when it is queued or running in a running batch; otherwise nothing. One
   * statement: pause and cancel change the batch and its rows in one transaction, so a row claimed
   * here belongs to a batch that was still running. It also returns what the row's step needs to
   * know (see `claimedColumns`), so the step itself starts without reading anything.
   */
  private async claim(rowId: string): Promise<Claimed | undefined> {
    this.claimStatement ??= this.deps.db
      .update(batchRows)
      .set({ status: "running", updatedAt: sql`now()` })
      .from(batches)
      .where(
        and(
          eq(batchRows.id, sql.placeholder("rowId")),
          inArray(batchRows.status, ["queued", "running"]),
          eq(batches.id, batchRows.batchId),
          eq(batches.status, "running"),
        ),
      )
      .returning(claimedColumns)
      .prepare("batch_claim");
    const [row] = await this.claimStatement.execute({ rowId });
    return row && toClaimed(row);
  }

  /**
   * The statements a row's job runs for every step, built once and sent by name (PostgreSQL parses
   * and plans each once per connection; they carry the claim's subqueries).
   */
  private claimStatement?: ReturnType<BatchService["prepareMove"]>;
  private moveStatement?: ReturnType<BatchService["prepareMove"]>;

  /** Records a finished step (guarded: the row still running its step, in a running batch) and claims the row for the next. */
  private prepareMove() {
    const param = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
    return this.deps.db
      .update(batchRows)
      .set({
        step: param("step", "text"),
        state: param("state", "jsonb"),
        documentId: param("documentId", "uuid"),
        verdict: param("verdict", "text"),
        aiPercentage: param("aiPercentage", "real"),
        creditsSpent: spentSql(param("keys", "text")),
        status: param("status", "text"),
        error: null,
        pausedFor: null,
        updatedAt: sql`now()`,
      })
      .from(batches)
      .where(
        and(
          eq(batchRows.id, sql.placeholder("rowId")),
          eq(batchRows.status, "running"),
          eq(batchRows.step, sql.placeholder("fromStep")),
          eq(batches.id, batchRows.batchId),
          eq(batches.status, "running"),
        ),
      )
      .returning(claimedColumns)
      .prepare("batch_move");
  }

  /**
   * Runs the claimed row's current step and moves the row on; the row claimed for its next step
   * when that can run now (in this job: no trip through the queue between a row's steps).
   */
  private async advance(claimed: Claimed, jobSignal?: AbortSignal): Promise<Claimed | undefined> {
    const { logger } = this.deps;
    const { row } = claimed;
    // Pause and cancel stop a running step: its call ends, what it wrote is settled, the rest released.
    const stop = new AbortController();
    const onJobAbort = () => stop.abort();
    jobSignal?.addEventListener("abort", onJobAbort, { once: true });
    const unwatch = this.watch(row.id, stop);
    const log = logger.child({ batchId: row.batchId, rowId: row.id, step: row.step });
    try {
      const next = await this.step(claimed, stop.signal);
      if (stop.signal.aborted) return undefined;
      if (next.pausedForCredits) {
        await this.setRow(row.id, {
          status: "paused",
          pausedFor: "credits",
          error: OUT_OF_CREDITS_MESSAGE,
          state: { ...row.state, needCredits: 1 },
        });
        return undefined;
      }
      const done = next.step === "done";
      // Recorded only while the row is still running in a running batch (paused or cancelled
      // meanwhile: resume sends the row again); that same statement claims it for its next step.
      this.moveStatement ??= this.prepareMove();
      const [moved] = await this.moveStatement.execute({
        rowId: row.id,
        fromStep: row.step,
        step: next.step,
        state: JSON.stringify(next.state),
        documentId: next.documentId ?? row.documentId,
        verdict: next.verdict ?? row.verdict,
        aiPercentage: next.aiPercentage ?? row.aiPercentage,
        keys: stepKeysOf(row, claimed.pipeline).join(","),
        status: done ? "done" : "running",
      });
      if (!moved) return undefined;
      if (done) {
        await this.finishIfComplete(row.batchId);
        return undefined;
      }
      return toClaimed(moved);
    } catch (err) {
      if (stop.signal.aborted) return undefined; // paused or cancelled: the control already set the row
      const e = err instanceof AppError ? err : undefined;
      if (e?.code === "INSUFFICIENT_CREDITS") {
        // It wakes when the balance covers what this step asked for (not sooner: no pause-wake loop).
        const required = Number(e.details?.required);
        await this.setRow(row.id, {
          status: "paused",
          pausedFor: "credits",
          error: OUT_OF_CREDITS_MESSAGE,
          creditsSpent: spentSql(stepKeysOf(row, claimed.pipeline).join(",")),
          state: { ...row.state, needCredits: Number.isFinite(required) && required > 0 ? required : 1 },
        });
        return undefined;
      }
      const tries = (row.state.tries ?? 0) + 1;
      if (e && RETRIABLE.has(e.code) && tries <= RETRIES) {
        const retryAfter = Number(e.details?.retryAfter);
        const delay = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 2 ** tries;
        log.warn({ event: "batch.step.retry", code: e.code, delay, tries }, "step retried");
        await this.setRow(row.id, { state: { ...row.state, tries }, runs: row.runs + 1, status: "queued" });
        await this.send(row, row.runs + 1, row.step, delay);
        return undefined;
      }
      if (!e) log.error({ event: "batch.step.failed", err }, "batch step failed");
      await this.setRow(row.id, {
        status: "failed",
        error: e?.message ?? "Something went wrong on our side. Retry the row.",
        creditsSpent: spentSql(stepKeysOf(row, claimed.pipeline).join(",")),
      });
      await this.finishIfComplete(row.batchId);
      return undefined;
    } finally {
      unwatch();
      jobSignal?.removeEventListener("abort", onJobAbort);
    }
  }

  /** Rows running a step in this process, by id: aborted when their row or batch stops running. */
  private readonly watched = new Map<string, AbortController>();
  private watchTimer?: NodeJS.Timeout;
  private checking?: Promise<void>;

  /**
   * Watches a running step for pause and cancel. One query every CONTROL_POLL_MS looks at all the
   * rows this process is running (not one per step); a pause or cancel sent to this very process
   * looks at once.
   */
  private watch(rowId: string, stop: AbortController): () => void {
    this.watched.set(rowId, stop);
    if (!this.watchTimer) {
      this.watchTimer = setInterval(() => void this.checkWatched(), CONTROL_POLL_MS);
      this.watchTimer.unref();
    }
    return () => {
      if (this.watched.get(rowId) === stop) this.watched.delete(rowId);
      if (!this.watched.size && this.watchTimer) {
        clearInterval(this.watchTimer);
        this.watchTimer = undefined;
      }
    };
  }

  /** Aborts the watched steps whose row or batch is no longer running. */
  private checkWatched(): Promise<void> {
    this.checking ??= (async () => {
      try {
        const ids = [...this.watched.keys()];
        if (!ids.length) return;
        const wanted = await this.deps.db
          .select({ id: batchRows.id })
          .from(batchRows)
          .innerJoin(batches, eq(batches.id, batchRows.batchId))
          .where(and(inArray(batchRows.id, ids), eq(batchRows.status, "running"), eq(batches.status, "running")));
        const still = new Set(wanted.map((r) => r.id));
        for (const id of ids) if (!still.has(id)) this.watched.get(id)?.abort();
      } catch {
        // The next look tries again.
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }

  /** One step: what the row is after it. */
  private async step(
    claimed: Claimed,
    signal: AbortSignal,
  ): Promise<{
    step: string;
    state: RowState;
    documentId?: string;
    verdict?: string;
    aiPercentage?: number;
    pausedForCredits?: boolean;
  }> {
    const { steps } = this.deps;
    const { row, pipeline } = claimed;
    const key = stepKey(row);
    const state: RowState = { ...row.state, tries: 0 };
    const request = row.request as ExecuteRequest;
    const [name, roundText] = row.step.split(":");
    const round = Number(roundText ?? 0);
    /** The text of the row's latest markdown version (read by the claim). */
    const content = () => {
      if (!state.versionId) throw new AppError("INTERNAL", "The row has no draft yet.");
      if (claimed.version?.id !== state.versionId) throw new AppError("INTERNAL", "The row's draft is gone.");
      return claimed.version.content;
    };

    if (name === "draft" || name === "revise") {
      let saved = claimed.saved;
      let stopped: string | undefined;
      if (!saved) {
        if (claimed.held) await this.deps.ledger.release(key); // a hold left by a worker that died mid-step
        const req: ExecuteRequest =
          name === "draft"
            ? request
            : {
                ...request,
                mode: "revise",
                documentId: row.documentId ?? undefined,
                originalContent: content(),
                aiDetectedSentences: state.flagged ?? [],
              };
        const written = await steps.write(row.userId, req, key, signal);
        saved = { documentId: written.documentId, versionId: written.versionId };
        stopped = written.stopped;
      }
      const next = { ...state, versionId: saved.versionId, rounds: name === "revise" ? round : 0 };
      return {
        step: `detect:${name === "revise" ? round : 0}`,
        state: next,
        documentId: saved.documentId,
        pausedForCredits: stopped === "out_of_credits",
      };
    }
    if (name === "detect") {
      const versionId = state.versionId;
      if (!versionId || !row.documentId) throw new AppError("INTERNAL", "The row has no draft to check.");
      const text = content();
      const result =
        claimed.version?.detection ??
        (await steps.detect(row.userId, { text, documentId: row.documentId, versionId, chargeId: key }, signal))
          .aiDetection;
      if (!result.success) throw new AppError("PROVIDER_ERROR", result.error ?? "AI detection failed.");
      const flagged = result.aiSentences;
      const next = { ...state, flagged };
      const reviseMore = result.isAiGenerated && flagged.length > 0 && round < pipeline.reviseRounds;
      return {
        step: reviseMore ? `revise:${round + 1}` : afterChecks(pipeline),
        state: next,
        verdict: result.verdict.label,
        aiPercentage: result.aiPercentage,
      };
    }
    if (name === "seo") {
      const saved =
        claimed.saved ??
        (await steps.seoHtml(
          row.userId,
          {
            content: content(),
            platform: pipeline.platform,
            keyphrase: row.topic.slice(0, 100),
            documentId: row.documentId ?? undefined,
          },
          key,
        ));
      return {
        step: pipeline.publishConnectionId ? "publish" : "done",
        state: { ...state, seoVersionId: saved.versionId },
      };
    }
    if (name === "publish") {
      const connectionId = pipeline.publishConnectionId;
      if (!connectionId || !row.documentId) return { step: "done", state };
      const published = await steps.publish(
        row.userId,
        row.documentId,
        state.seoVersionId ?? state.versionId ?? "",
        connectionId,
      );
      return { step: "done", state: { ...state, publishedUrl: published.url } };
    }
    return { step: "done", state };
  }

  // ---- helpers ---------------------------------------------------------------------------------

  /** Queues the rows of `batchId` now in one of `from` (one row when `onlyRow`); returns how many. */
  private async enqueueRows(batchId: string, from: RowStatus[], onlyRow?: string): Promise<number> {
    const rows = await this.deps.db
      .update(batchRows)
      .set({ status: "queued", pausedFor: null, error: null, runs: sql`${batchRows.runs} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(batchRows.batchId, batchId),
          inArray(batchRows.status, from),
          onlyRow ? eq(batchRows.id, onlyRow) : undefined,
        ),
      )
      .returning({ id: batchRows.id, runs: batchRows.runs, step: batchRows.step, userId: batchRows.userId });
    const boss = rows.length ? await this.queue() : undefined;
    if (boss)
      await boss.insert(
        ROW_QUEUE,
        rows.map((r) => ({
          id: jobId(`${r.id}:${r.runs}:${r.step}`),
          data: { rowId: r.id } satisfies RowJob,
          group: { id: r.userId },
        })),
      );
    return rows.length;
  }

  private async send(row: Pick<Row, "id" | "userId">, runs: number, step: string, delaySeconds = 0): Promise<void> {
    const boss = await this.queue();
    if (!boss) return;
    await boss.send(ROW_QUEUE, { rowId: row.id } satisfies RowJob, {
      id: jobId(`${row.id}:${runs}:${step}`),
      group: { id: row.userId },
      ...(delaySeconds > 0 ? { startAfter: Math.ceil(delaySeconds) } : {}),
    });
  }

  private async finishIfComplete(batchId: string): Promise<void> {
    await this.deps.db.execute(sql`
      UPDATE batches SET status = 'done', finished_at = now()
      WHERE id = ${batchId} AND status = 'running'
        AND NOT EXISTS (SELECT 1 FROM batch_rows WHERE batch_id = ${batchId} AND status IN ('queued', 'running', 'paused'))`);
  }

  private async setRow(rowId: string, set: PgUpdateSetSource<typeof batchRows>) {
    await this.deps.db
      .update(batchRows)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(batchRows.id, rowId));
  }

  private async rowsOf(batchId: string): Promise<Row[]> {
    return this.deps.db.select().from(batchRows).where(eq(batchRows.batchId, batchId)).orderBy(asc(batchRows.line));
  }

  /** The caller's batch; another user's (or an unknown) one is a 404. */
  private async own(userId: string, batchId: string): Promise<Batch> {
    if (!UUID.test(batchId)) throw notFound();
    const [batch] = await this.deps.db
      .select()
      .from(batches)
      .where(and(eq(batches.id, batchId), eq(batches.userId, userId)));
    if (!batch) throw notFound();
    return batch;
  }

  private async countsOf(ids: string[]): Promise<Map<string, RowCounts & { spent: number }>> {
    const out = new Map<string, RowCounts & { spent: number }>();
    if (!ids.length) return out;
    const rows = await this.deps.db
      .select({
        batchId: batchRows.batchId,
        status: batchRows.status,
        n: sql<number>`count(*)::int`,
        spent: sql<number>`COALESCE(sum(${batchRows.creditsSpent}), 0)::int`,
      })
      .from(batchRows)
      .where(inArray(batchRows.batchId, ids))
      .groupBy(batchRows.batchId, batchRows.status);
    for (const r of rows) {
      const c = out.get(r.batchId) ?? { ...emptyCounts(), spent: 0 };
      c[r.status as RowStatus] = Number(r.n);
      c.spent += Number(r.spent);
      out.set(r.batchId, c);
    }
    return out;
  }
}

/** A failed job's reason: pg-boss keeps the thrown error (serialised) as the job's output. */
function reasonOf(output: unknown): string {
  const o = output as { message?: unknown } | null;
  const text = typeof o?.message === "string" ? o.message : JSON.stringify(output ?? "");
  return text.slice(0, 300);
}

function afterChecks(pipeline: BatchPipeline): string {
  if (pipeline.seo) return "seo";
  return pipeline.publishConnectionId ? "publish" : "done";
}

const emptyCounts = (): RowCounts => Object.fromEntries(ROW_STATUSES.map((s) => [s, 0])) as RowCounts;

function tally(rows: Row[]): RowCounts & { spent: number } {
  const c = { ...emptyCounts(), spent: 0 };
  for (const r of rows) {
    c[r.status as RowStatus] += 1;
    c.spent += r.creditsSpent;
  }
  return c;
}

function toSummary(b: Batch, counts: (RowCounts & { spent: number }) | undefined): BatchSummary {
  const { spent = 0, ...rowCounts } = counts ?? { ...emptyCounts(), spent: 0 };
  return {
    id: b.id,
    name: b.name,
    status: b.status as BatchSummary["status"],
    counts: rowCounts,
    estimateCredits: b.estimateCredits,
    creditsSpent: spent,
    createdAt: b.createdAt.toISOString(),
    startedAt: b.startedAt?.toISOString() ?? null,
    finishedAt: b.finishedAt?.toISOString() ?? null,
    pipeline: b.pipeline,
  };
}

function toRowView(r: Row): BatchRowView {
  return {
    id: r.id,
    line: r.line,
    topic: r.topic,
    status: r.status as RowStatus,
    step: r.step.split(":")[0] ?? r.step,
    documentId: r.documentId,
    verdict: r.verdict,
    aiPercentage: r.aiPercentage,
    creditsSpent: r.creditsSpent,
    error: r.error,
  };
}
