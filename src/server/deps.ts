// Builds the app's services once from config and database; routes receive what they need.
import { createAuth } from "./auth/auth";
import { RateLimiter } from "./auth/rate-limit";
import { resolveAuthSecret } from "./auth/secret";
import type { Config } from "./config";
import { DirectGrantService } from "./admin/direct-grant.service";
import { BillingService } from "./billing/billing.service";
import { createStripe } from "./billing/stripe";
import { CampaignService } from "./credits/campaigns.service";
import { Ledger } from "./credits/credits.service";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import { createWritingModels } from "./writing/models";
import { WritingService } from "./writing/writing.service";

export function createDeps(config: Config, database: Database, logger: Logger) {
  const { db } = database;
  const ledger = new Ledger(db, { holdTtlSeconds: config.holdTtlSeconds });
  const campaigns = new CampaignService(db, ledger, logger);
  const limiter = new RateLimiter(db);
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
    stripe: config.stripe ? { client: createStripe(config.stripe), webhookSecret: config.stripe.webhookSecret } : undefined,
  });
  const directGrants = new DirectGrantService(db, ledger, logger);
  const writing = new WritingService({ db, ledger, models: createWritingModels(config), logger });
  return { config, database, db, logger, ledger, limiter, auth, writing, campaigns, billing, directGrants };
}

export type Deps = ReturnType<typeof createDeps>;
