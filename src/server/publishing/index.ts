// The publishing feature's services, built once from config (see deps.ts).
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { ConnectionsService } from "./connections.service";
import { PublishingService } from "./publishing.service";
import { SafeHttp } from "./safe-http";
import { SecretBox } from "./secrets";
import { ShopifyClient } from "./shopify";
import { WordPressClient } from "./wordpress";

/** Largest JSON answer read from a site (a post with its content comes back whole). */
export const MAX_API_RESPONSE_BYTES = 5 * 1024 * 1024;

export function createPublishing(opts: {
  config: Config["publishing"];
  keyMaterial: string;
  db: Db;
  logger: Logger;
  /** Tests: a SafeHttp with a fake DNS or test address policy. */
  http?: SafeHttp;
}) {
  const { config, db, logger } = opts;
  if (config.allowPrivateHosts)
    logger.warn(
      { event: "publishing.private_hosts_allowed" },
      "PUBLISH_ALLOW_PRIVATE_HOSTS=true: users can connect http:// and private-network sites",
    );
  const http =
    opts.http ??
    new SafeHttp({
      allowPrivate: config.allowPrivateHosts,
      timeoutMs: config.timeoutMs,
      maxResponseBytes: MAX_API_RESPONSE_BYTES,
    });
  const wordpress = new WordPressClient(http);
  const shopify = new ShopifyClient(http, config.shopifyApiBase);
  const connections = new ConnectionsService({ db, box: new SecretBox(opts.keyMaterial), wordpress, shopify, logger });
  const publishing = new PublishingService({ db, connections, wordpress, shopify, logger });
  return { http, wordpress, shopify, connections, publishing };
}

export type Publishing = ReturnType<typeof createPublishing>;
export type { VersionToPublish } from "./publishing.service";
