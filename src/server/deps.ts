// Builds the app's services once from config and database; routes receive what they need.

import { eq } from "drizzle-orm";
import { PublishRequest } from "../shared/publishing";
import { ACCOUNT_EXPORT_SECTIONS, AccountService } from "./account/account.service";
import { DirectGrantService } from "./admin/direct-grant.service";
import { createWritingModels } from "./ai/models";
import { createAuth } from "./auth/auth";
import { paidCall } from "./auth/require-verified";
import { resolveAuthSecret } from "./auth/secret";
import { SessionCache } from "./auth/session";
import { SignInLimiter } from "./auth/sign-in-limiter";
import { BatchService } from "./batches/batches.service";
import { BillingService } from "./billing/billing.service";
import { stripeClient } from "./billing/stripe";
import type { Config } from "./config";
import { pooledBuiltinDetector } from "./cpu/detector";
import { CpuPool, type CpuPoolOptions } from "./cpu/pool";
import { addressHasher } from "./credits/address-hash";
import { CampaignService } from "./credits/campaigns.service";
import { Charges } from "./credits/charge";
import { Ledger } from "./credits/ledger";
import type { Database } from "./db/client";
import { users } from "./db/schema";
import { DetectionService } from "./detection/detection.service";
import { createDetector } from "./detection/index";
import { DocumentsService } from "./documents/index";
import { AppError } from "./errors";
import { RateLimiter } from "./http/rate-limit";
import { ApiKeysService } from "./keys/index";
import type { Logger } from "./logger";
import { createMailer } from "./mail/mailer";
import { createPublishing } from "./publishing";
import { exportConnections } from "./publishing/connections.service";
import { loadVersionFromDocuments } from "./publishing/document-versions";
import { SeoService } from "./seo/seo.service";
import { WritingService } from "./writing/writing.service";

/**
 * What tests may swap: the CPU pool's worker module (e.g. one whose tasks never finish), and its
 * fair-share settings (bench/cpu-fair.ts measures the pool without them, as it was before).
 */
export interface DepsOverrides {
  cpuWorker?: URL;
  cpu?: Pick<CpuPoolOptions, "perOwner" | "overruns">;
}

export function createDeps(config: Config, database: Database, logger: Logger, overrides: DepsOverrides = {}) {
  const { db } = database;
  const ledger = new Ledger(db, { holdTtlSeconds: config.holdTtlSeconds });
  const charges = new Charges(ledger, logger);
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  const hashAddress = addressHasher(authSecret);
  const campaigns = new CampaignService(db, ledger, logger, hashAddress);
  const limiter = new RateLimiter(db);
  const signInLimiter = new SignInLimiter(limiter);
  const sessionCache = new SessionCache();
  const apiKeys = new ApiKeysService(db);
  const mailer = createMailer({ ...config.mail, dataDir: config.dataDir }, logger);
  const documents = new DocumentsService(db);
  // The data export: the account's own sections, and each feature that keeps a user's work.
  const account = new AccountService({
    db,
    mailer,
    logger,
    hashAddress,
    exportSections: [
      ...ACCOUNT_EXPORT_SECTIONS,
      { name: "documents", collect: (_db, userId) => documents.exportAll(userId) },
      { name: "connections", collect: exportConnections },
      { name: "apiKeys", collect: (_db, userId) => apiKeys.exportAll(userId) },
    ],
  });
  const auth = createAuth({
    config,
    db,
    logger,
    mailer,
    secret: authSecret,
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
      ? { client: stripeClient(config.stripe), webhookSecret: config.stripe.webhookSecret }
      : undefined,
  });
  const directGrants = new DirectGrantService(db, ledger, logger);
  const models = createWritingModels(config);
  // CPU-bound request work runs in worker threads with a time limit (the built-in detector too).
  const cpu = new CpuPool({ timeLimitMs: config.cpuTimeLimitMs, worker: overrides.cpuWorker, ...overrides.cpu });
  const chosenDetector = createDetector(config.detection);
  const detector =
    chosenDetector.name === "builtin"
      ? pooledBuiltinDetector(cpu, { inlineMaxChars: config.detectInlineMaxChars })
      : chosenDetector;
  const writing = new WritingService({ db, charges, models, logger, documents });
  const detection = new DetectionService({ db, charges, detector, logger, documents });
  const seo = new SeoService({ charges, models, logger, documents, cpu });
  const publishing = createPublishing({
    config: config.publishing,
    // Connection secrets are sealed with ENCRYPTION_KEY, else with the auth secret.
    keyMaterial: config.publishing.encryptionKey ?? authSecret,
    db,
    logger,
  });
  const loadVersion = loadVersionFromDocuments(documents);
  // A batch row runs the single draft's own services: same schemas, same holds and charges, same versions.
  const batches = new BatchService({
    db,
    ledger,
    logger,
    steps: {
      write: async (userId, req, requestId, signal) => {
        const job = await writing.prepareExecute(userId, req, { requestId });
        try {
          return await job.run({ signal });
        } finally {
          await job.abandon();
        }
      },
      detect: (userId, input, signal) => detection.detect(userId, input, signal),
      seoHtml: (userId, req, requestId) => seo.produceCode(userId, req, { requestId }),
      publish: async (userId, documentId, versionId, connectionId) => {
        const version = await loadVersion(userId, documentId, versionId);
        if (!version) throw new AppError("NOT_FOUND", "No such document version.");
        const [user] = await db
          .select({ name: users.name, username: users.username })
          .from(users)
          .where(eq(users.id, userId));
        const published = await publishing.publishing.publishVersion(
          { id: userId, name: user?.name || user?.username || "" },
          version,
          PublishRequest.parse({ connectionId, status: "draft" }),
        );
        return { url: published.publication.url };
      },
    },
  });
  return {
    config,
    database,
    batches,
    db,
    logger,
    ledger,
    charges,
    limiter,
    signInLimiter,
    sessionCache,
    /** The gate each route that spends credits declares, after requireCaller (auth/require-verified.ts). */
    paid: paidCall(db, sessionCache, config.requireEmailVerification),
    apiKeys,
    mailer,
    account,
    auth,
    writing,
    detection,
    seo,
    documents,
    campaigns,
    billing,
    directGrants,
    publishing,
    cpu,
  };
}

export type Deps = ReturnType<typeof createDeps>;
