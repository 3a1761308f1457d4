// Boot: config → database → app → listen; SIGTERM (or stdout's reader going away) stops running
// streams (settling what they delivered), drains and closes cleanly, and a forced exit fires if that
// takes too long.
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { startBatchRuntime } from "./batches/runtime";
import { listenErrorMessage, openConfiguredDatabase, type Phases, timed } from "./boot";
import { startCreditSweeper } from "./credits/sweeper";
import { createDeps } from "./deps";
import { createLogger, flushLogger } from "./logger";

/** Longer than the idle time of common clients and proxies (60 s), so they close first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Above the keep-alive timeout, as Node requires for a reused socket's next request. */
const HEADERS_TIMEOUT_MS = 66_000;
/** Drain this long, then exit regardless. */
const FORCED_EXIT_MS = 10_000;

async function main() {
  // Since the process started: Node's own start-up and loading this bundle's modules.
  const phases: Phases = { moduleLoad: Math.round(performance.now()) };
  const opened = await openConfiguredDatabase(phases);
  if (!opened) process.exit(1);
  const { config, database, seeded } = opened;

  let shutdown: (signal: string, exitCode?: number) => void = (_signal, exitCode = 0) => process.exit(exitCode);
  const logger = createLogger(config.logLevel, !config.isProduction && process.stdout.isTTY, {
    onBrokenPipe: () => shutdown("EPIPE"),
  });
  // console output (Better Auth's, a stack trace) to a vanished reader must end the process too,
  // not crash it with an unhandled 'error' event.
  for (const stream of [process.stdout, process.stderr])
    stream.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE") shutdown("EPIPE");
    });

  const deps = await timed(phases, "deps", () => createDeps(config, database, logger));
  const app = await timed(phases, "app", () => createApp(deps));
  const sweeper = startCreditSweeper({ ledger: deps.ledger, campaigns: deps.campaigns, logger });
  void sweeper.runOnce();

  // The batch queue, and its workers unless BATCH_WORKERS=off (then `npm run worker` processes run
  // them), start once the server listens, so they never hold up its first answer: on PGlite every
  // statement runs on this thread, and pg-boss's start (its instance, its queue, on a database made
  // without the build's template its whole schema) is a few hundred milliseconds of them. A batch
  // started meanwhile has its jobs sent once the queue is up; /api/health says workers are alive
  // from then on. `listened(false)` (the port was refused, or a stop came first) starts nothing.
  let listened: (ok: boolean) => void = () => {};
  let queueStarted = 0;
  const batchRuntime = new Promise<boolean>((resolve) => (listened = resolve)).then((ok) => {
    queueStarted = performance.now();
    return ok ? startBatchRuntime(database, deps.batches, logger, config.batches) : undefined;
  });
  deps.batches.queueStarting(
    batchRuntime.then(
      (r) => r?.boss,
      () => undefined,
    ),
  );
  batchRuntime.then(
    (r) =>
      r && logger.debug({ event: "queue.started", ms: Math.round(performance.now() - queueStarted) }, "queue started"),
    (err) => {
      logger.error({ event: "queue.start_failed", err }, "the batch queue could not start");
      shutdown("queue failed", 1);
    },
  );
  const stopQueue = () => {
    listened(false);
    return batchRuntime.then(
      (r) => r?.stop(),
      () => {},
    );
  };
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.debug({ event: "server.startup", phases, totalMs: Math.round(performance.now()) }, "start-up phases (ms)");
    logger.info(
      { event: "server.listening", port: info.port, database: database.kind, seeded },
      `Draftsmith on http://localhost:${info.port}`,
    );
    listened(true);
  }) as Server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.on("error", async (err: NodeJS.ErrnoException) => {
    console.error(listenErrorMessage(err, config.port));
    await sweeper.stop().catch(() => {});
    await stopQueue();
    await database.close().catch(() => {});
    process.exit(1);
  });

  let closing = false;
  shutdown = (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    // Armed first and never unref'd: nothing below can keep the process past it.
    setTimeout(() => process.exit(1), FORCED_EXIT_MS);
    logger.info({ event: "server.shutdown", signal }, "draining");
    // Streams and other held work stop now: what they delivered is settled, the rest of each hold
    // released, and their answers end; new paid work gets a 503. The answers' connections then go
    // idle and are closed, so the server can close.
    deps.charges.drain();
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    closeIdle.unref();
    server.close(async () => {
      clearInterval(closeIdle);
      await stopQueue();
      await deps.charges.idle().catch(() => {});
      await sweeper.stop().catch(() => {});
      await deps.cpu.close().catch(() => {});
      await database.close().catch(() => {});
      logger.info({ event: "server.closed" }, "closed");
      await flushLogger(logger, 1000);
      process.exit(exitCode);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  followParent(() => shutdown("parent exited"));
}

/**
 * Under an npm script (`npm start`, `npm run dev`) the server's parent is npm or the dev runner,
 * which pass SIGTERM and SIGINT on. If that parent is killed outright (SIGKILL, which it cannot pass
 * on), the server would be left running under PID 1, holding the port and the embedded database's
 * lock: it notices its parent is gone and shuts down too. (Started directly, e.g. by a service
 * manager or under nohup, a changed parent means nothing and the server stays.)
 */
function followParent(onGone: () => void) {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) onGone();
  }, 1000).unref();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
