// Builds the app's services once from config and database; routes receive what they need.

import { DirectGrantService } from "./admin/direct-grant.service";
import { createAuth } from "./auth/auth";
import { RateLimiter } from "./auth/rate-limit";
import { resolveAuthSecret } from "./auth/secret";
import { BillingService } from "./billing/billing.service";
import { createStripe } from "./billing/stripe";
import type { Config } from "./config";
import { CampaignService } from "./credits/campaigns.service";
import { Charges } from "./credits/charge";
import { Ledger } from "./credits/credits.service";
import type { Database } from "./db/client";
import { DetectionService } from "./detection/detection.service";
import { createDetector } from "./detection/index";
import { SessionCache } from "./http/middleware";
import type { Logger } from "./logger";
import { createPublishing } from "./publishing";
import { SeoService } from "./seo/seo.service";
import { createWritingModels } from "./writing/models";
import { WritingService } from "./writing/writing.service";

export function createDeps(config: Config, database: Database, logger: Logger) {
  const { db } = database;
  const ledger = new Ledger(db, { holdTtlSeconds: config.holdTtlSeconds });
  const charges = new Charges(ledger, logger);
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
  const writing = new WritingService({ db, charges, models, logger });
  const detection = new DetectionService({ db, charges, detector: createDetector(config.detection), logger });
  const seo = new SeoService({ charges, models, logger });
  const publishing = createPublishing({
    config: config.publishing,
    // Connection secrets are sealed with ENCRYPTION_KEY, else with the auth secret.
    keyMaterial: config.publishing.encryptionKey ?? resolveAuthSecret(config.authSecret, config.dataDir),
    db,
    logger,
  });
  return {
    config,
    database,
    db,
    logger,
    ledger,
    charges,
    limiter,
    sessionCache,
    auth,
    writing,
    detection,
    seo,
    campaigns,
    billing,
    directGrants,
    publishing,
  };
}

export type Deps = ReturnType<typeof createDeps>;
