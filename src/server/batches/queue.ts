// The batch queue: pg-boss on the app's own database. On PostgreSQL it runs with its own small pool
// (its usual driver, node-postgres); on the embedded PGlite it runs through pg-boss's PGlite adapter
// on the very client the app uses (PGlite serialises every statement, so the queue and the app never
// interleave inside one another's transactions). Tables live in the `pgboss` schema, made by pg-boss.
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { PGliteLike, PgBoss } from "pg-boss";
import type { Database } from "../db/client";
import type { Logger } from "../logger";

export const ROW_QUEUE = "batch-row";

export interface QueueOptions {
  /** A job not heard from for this long (a worker killed mid-step) is retried by another worker. */
  heartbeatSeconds: number;
  /** Record this process in pg-boss's instance registry (its heartbeat says workers are alive). */
  name: string;
}

export async function startQueue(database: Database, logger: Logger, opts: QueueOptions): Promise<PgBoss> {
  // Loaded here, once the server answers (the queue starts after it listens): pg-boss and its date
  // and cron libraries are 1.3 MB of code a start would otherwise read before its first answer.
  const { fromPglite, PgBoss } = await import("pg-boss");
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  // Supervision (failing jobs whose worker went quiet) runs often enough to notice within a heartbeat.
  const timing = {
    superviseIntervalSeconds: Math.max(1, Math.min(opts.heartbeatSeconds, 10)),
    monitorIntervalSeconds: Math.max(1, Math.min(opts.heartbeatSeconds, 10)),
    instanceHeartbeatSeconds: 10,
  };
  const boss =
    database.kind === "pg"
      ? new PgBoss({
          connectionString: (client as pg.Pool & { options: { connectionString: string } }).options.connectionString,
          max: 4,
          application_name: "draftsmith-queue",
          instanceName: opts.name,
          // A new job wakes idle workers at once (one listening connection), instead of their next poll.
          useListenNotify: true,
          ...timing,
        })
      : new PgBoss({
          db: fromPglite(takingTurns(client as PGlite)),
          backend: "pglite",
          instanceName: opts.name,
          ...timing,
        });
  boss.on("error", (err) => logger.warn({ event: "queue.error", err }, "job queue error"));
  await boss.start();
  // A step never gives up on its own: the row's retries are decided by the pipeline (backoff that
  // honours Retry-After); pg-boss retries only a job whose worker died (its heartbeat stopped).
  await boss.createQueue(ROW_QUEUE, {
    heartbeatSeconds: opts.heartbeatSeconds,
    retryLimit: 5,
    retryDelay: 1,
    expireInSeconds: 60 * 60,
    deleteAfterSeconds: 7 * 24 * 3600,
    notify: true,
  });
  return boss;
}

/**
 * PGlite runs each statement on this thread, and a chain of awaited statements never lets the event
 * loop take a new connection in between: pg-boss's start (a few hundred milliseconds of statements)
 * or one of its maintenance runs would hold every request back until the last. The queue's
 * statements each wait for a turn of the loop first, so requests are answered between them.
 */
export function takingTurns(client: PGlite): PGliteLike {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    query: async (query, params) => {
      await turn();
      return client.query(query, params);
    },
    exec: async (query) => {
      await turn();
      return client.exec(query);
    },
    listen: (channel, callback) => client.listen(channel, callback),
  };
}
