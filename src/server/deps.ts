// Builds the app's services once from config and database; routes receive what they need.

import { DirectGrantService } from "./admin/direct-grant.service";
import { createAuth } from "./auth/auth";
import { RateLimiter } from "./auth/rate-limit";
import { resolveAuthSecret } from "./auth/secret";
import { BillingService } from "./billing/billing.service";
import { createStripe } from "./billing/stripe";
import type { Config } from "./config";
import { pooledBuiltinDetector } from "./cpu/detector";
import { CpuPool } from "./cpu/pool";
import { CampaignService } from "./credits/campaigns.service";
import { Ledger } from "./credits/credits.service";
import type { Database } from "./db/client";
import { DetectionService } from "./detection/detection.service";
import { createDetector } from "./detection/index";
import { SessionCache } from "./http/middleware";
import type { Logger } from "./logger";
import { SeoService } from "./seo/seo.service";
import { createWritingModels } from "./writing/models";
import { WritingService } from "./writing/writing.service";

export function createDeps(config: Config, database: Database, logger: Logger) {
  const { db } = database;
  const ledger = new Ledger(db, { holdTtlSeconds: config.holdTtlSeconds });
  const campaigns = new CampaignService(db, ledger, logger);
  const limiter = new RateLimiter(db);
  const sessionCache = new SessionCache();
  const auth = createAuth({
    config,
    db,
    logger,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    onUserCreated: async (user) => {
      await ledger.ensureAccount(user.id);
      await campaigns.applyNewSignupCampaigns(user.id);
    },
  });
  const billing = new BillingService({
    db,
    ledger,
    logger,
    stripe: config.stripe
      ? { client: createStripe(config.stripe), webhookSecret: config.stripe.webhookSecret }
      : undefined,
  });
  const directGrants = new DirectGrantService(db, ledger, logger);
  const models = createWritingModels(config);
  const writing = new WritingService({ db, ledger, models, logger });
  // CPU-bound request work runs in worker threads with a time limit (the built-in detector too).
  const cpu = new CpuPool({ timeLimitMs: config.cpuTimeLimitMs });
  const chosenDetector = createDetector(config.detection);
  const detector = chosenDetector.name === "builtin" ? pooledBuiltinDetector(cpu) : chosenDetector;
  const detection = new DetectionService({ db, ledger, detector, logger });
  const seo = new SeoService({ ledger, models, logger, cpu });
  return {
    config,
    database,
    db,
    logger,
    ledger,
    limiter,
    sessionCache,
    auth,
    writing,
    detection,
    seo,
    campaigns,
    billing,
    directGrants,
    cpu,
  };
}

export type Deps = ReturnType<typeof createDeps>;
