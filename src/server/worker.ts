// `npm run worker`: batch workers only, no web server. Run M of these beside N web processes
// (BATCH_WORKERS=off) against one PostgreSQL: rows are shared through the queue (pg-boss), each step
// taken by one worker at a time; a worker killed mid-step goes quiet and its job is retried by
// another after its heartbeat lapses (BATCH_HEARTBEAT_SECONDS). On the embedded PGlite (no
// DATABASE_URL) `npm start` runs the workers itself: PGlite is one process's database.
import { startBatchRuntime } from "./batches/runtime";
import { openConfiguredDatabase } from "./boot";
import { createDeps } from "./deps";
import { createLogger, flushLogger } from "./logger";

async function worker() {
  const opened = await openConfiguredDatabase();
  if (!opened) process.exit(1);
  const { config, database } = opened;
  const logger = createLogger(config.logLevel, !config.isProduction && process.stdout.isTTY);
  const deps = createDeps(config, database, logger);
  const runtime = await startBatchRuntime(database, deps.batches, logger, {
    ...config.batches,
    workers: true,
    name: `draftsmith-worker-${process.pid}`,
  });
  logger.info(
    { event: "worker.started", database: database.kind, concurrency: config.batches.concurrency },
    "batch worker started",
  );
  // For tests and supervisors: one line on stdout once jobs are being taken.
  if (process.env.WORKER_READY_LINE) process.stdout.write("worker ready\n");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    logger.info({ event: "worker.shutdown", signal }, "stopping");
    deps.charges.drain();
    await runtime.stop();
    await deps.charges.idle().catch(() => {});
    await deps.cpu.close().catch(() => {});
    await database.close().catch(() => {});
    await flushLogger(logger, 1000);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

worker().catch((err) => {
  console.error(err);
  process.exit(1);
});
