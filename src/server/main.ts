// Boot: config → database → app → listen; SIGTERM drains and closes cleanly.
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { openConfiguredDatabase } from "./boot";
import { startCreditSweeper } from "./credits/sweeper";
import { createDeps } from "./deps";
import { createLogger } from "./logger";

async function main() {
  const opened = await openConfiguredDatabase();
  if (!opened) process.exit(1);
  const { config, database, seeded } = opened;
  const logger = createLogger(config.logLevel, !config.isProduction && process.stdout.isTTY);
  const deps = createDeps(config, database, logger);
  const app = createApp(deps);
  const sweeper = startCreditSweeper({ ledger: deps.ledger, campaigns: deps.campaigns, logger });
  void sweeper.runOnce();

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { event: "server.listening", port: info.port, database: database.kind, seeded },
      `Draftsmith on http://localhost:${info.port}`,
    );
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ event: "server.shutdown", signal }, "draining");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await sweeper.stop();
      await database.close().catch(() => {});
      logger.info({ event: "server.closed" }, "closed");
      process.exit(0);
    });
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
