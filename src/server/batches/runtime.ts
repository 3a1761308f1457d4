// The batch engine of one process: the queue (always: the web side sends jobs), and, unless
// BATCH_WORKERS=off, the workers that run rows (`npm start` runs both; `npm run worker` only these).
import type { PgBoss } from "pg-boss";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import type { BatchService, RowJob } from "./batches.service";
import { ROW_QUEUE, startQueue } from "./queue";

export interface BatchRuntimeOptions {
  concurrency: number;
  userConcurrency: number;
  workers: boolean;
  heartbeatSeconds: number;
  /** How often rows paused for credits look whether the balance grew (ms). */
  wakeEveryMs?: number;
  /** The queue's polling interval (seconds, ≥ 0.5; default 0.5). */
  pollSeconds?: number;
  name?: string;
}

export interface BatchRuntime {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startBatchRuntime(
  database: Database,
  service: BatchService,
  logger: Logger,
  opts: BatchRuntimeOptions,
): Promise<BatchRuntime> {
  const boss = await startQueue(database, logger, {
    heartbeatSeconds: opts.heartbeatSeconds,
    name: opts.name ?? (opts.workers ? "draftsmith-worker" : "draftsmith-web"),
  });
  service.boss = boss;
  let wake: NodeJS.Timeout | undefined;
  if (opts.workers) {
    await boss.work<RowJob>(
      ROW_QUEUE,
      {
        localConcurrency: opts.concurrency,
        // 0: no per-user limit (pg-boss then skips its group bookkeeping, measurably faster: bench/batch.ts).
        ...(opts.userConcurrency > 0 ? { groupConcurrency: opts.userConcurrency } : {}),
        pollingIntervalSeconds: opts.pollSeconds ?? 0.5,
        // With LISTEN/NOTIFY pg-boss slows its polling down to a backstop (30 s), trusting the
        // notification; a worker whose slots were all busy when it came would then sit idle.
        notifyPollingIntervalSeconds: opts.pollSeconds ?? 0.5,
      },
      async ([job]) => {
        try {
          if (job) await service.runStep(job.data, job.signal);
        } finally {
          fetchAgainAtOnce(boss);
        }
      },
    );
    wake = setInterval(() => {
      void service
        .wakePaused()
        .catch((err) => logger.warn({ event: "batch.wake_failed", err }, "could not wake paused rows"));
    }, opts.wakeEveryMs ?? 5000);
    wake.unref();
    service.localWorkers = true;
  }
  return {
    boss,
    stop: async () => {
      if (wake) clearInterval(wake);
      service.localWorkers = false;
      service.boss = undefined;
      await boss.stop({ graceful: true, timeout: 5000 }).catch(() => {});
    },
  };
}

/**
 * A worker that just finished a job fetches the next one at once. pg-boss waits out the rest of its
 * polling interval (0.5 s at least) after every job unless a worker was notified while it worked, and
 * nothing notifies it when the next job was queued before it finished (a batch's rows are queued at
 * once): a 200 ms step then cost 500 ms. Marking the busy workers notified makes each fetch again
 * straight after its job; a fetch that finds nothing falls back to the normal poll, so an idle queue
 * costs no more than before (bench/batch.ts measures the difference).
 */
export function fetchAgainAtOnce(boss: Pick<PgBoss, "getWipData" | "notifyWorker">): void {
  for (const worker of boss.getWipData())
    if (worker.name === ROW_QUEUE && worker.count > 0) boss.notifyWorker(worker.id);
}
