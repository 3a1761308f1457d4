// The one place the environment is read. A bad value stops the process with one line per problem.
import proxyAddr from "proxy-addr";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalUrl = (name: string) =>
  optionalString.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
    message: `${name} must be an http(s) URL`,
  });

const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ message: "PORT must be a number" }).int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: "DATABASE_URL must start with postgres:// or postgresql://",
  }),
  PUBLIC_URL: optionalUrl("PUBLIC_URL"),
  BETTER_AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "BETTER_AUTH_SECRET must be at least 32 characters",
  }),
  ADMIN_EMAILS: z.string().default(""),
  /** false | true (= 1 hop) | a number of proxy hops | comma-separated trusted proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().trim().default("false"),
  /** Better Auth would read these behind config's back: BETTER_AUTH_URL is taken as PUBLIC_URL, the others refused. */
  BETTER_AUTH_URL: optionalUrl("BETTER_AUTH_URL"),
  BETTER_AUTH_TRUSTED_ORIGINS: optionalString,
  BETTER_AUTH_SECRETS: optionalString,
  /** Outgoing mail: smtp(s)://user:pass@host:port; unset, each message is written to DATA_DIR/outbox. */
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\/[^\s]+$/.test(v), {
    message: "SMTP_URL must start with smtp:// or smtps://",
  }),
  MAIL_FROM: optionalString,
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(["true", "false", ""], { message: "REQUIRE_EMAIL_VERIFICATION must be true or false" })
    .default("false"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Tests point Google's OAuth endpoints at a loopback fake. */
  GOOGLE_OAUTH_BASE_URL: optionalUrl("GOOGLE_OAUTH_BASE_URL"),
  /**
   * Optional: where the client POSTs its identity token (Authorization: Bearer …) when it changes, and
   * DELETEs on sign-out. A path (/auth/sync) or an http(s) URL; the browser uses it only on a secure
   * page of the same origin (client/features/auth/token-sync.ts).
   */
  TOKEN_SYNC_URL: optionalString.refine((v) => v === undefined || /^(\/(?!\/)|https?:\/\/)[^\s]*$/.test(v), {
    message: "TOKEN_SYNC_URL must be a path (/…) or an http(s) URL",
  }),
  /** Enables the Firebase ID-token exchange at POST /api/auth/verify. */
  FIREBASE_PROJECT_ID: optionalString,
  /** Google's X.509 certificates for Firebase ID tokens; tests point it at a loopback fake. */
  FIREBASE_CERTS_URL: optionalUrl("FIREBASE_CERTS_URL"),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl("OPENAI_BASE_URL"),
  OPENAI_MODEL: z.string().default("gpt-5"),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl("ANTHROPIC_BASE_URL"),
  ANTHROPIC_MODEL: z.string().default("claude-sonnet-4-20250514"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(180_000),
  /** off: with no model key, writing answers 503 instead of falling back to the offline sample writer. */
  OFFLINE_WRITER: z.enum(["on", "off"], { message: "OFFLINE_WRITER must be on or off" }).default("on"),
  DETECTOR: z
    .enum(["builtin", "gptzero", "sapling"], { message: "DETECTOR must be builtin, gptzero or sapling" })
    .default("builtin"),
  GPTZERO_API_KEY: optionalString,
  GPTZERO_BASE_URL: optionalUrl("GPTZERO_BASE_URL"),
  SAPLING_API_KEY: optionalString,
  SAPLING_BASE_URL: optionalUrl("SAPLING_BASE_URL"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Tests point the Stripe SDK at a loopback fake, e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: optionalUrl("STRIPE_API_BASE"),
  WELCOME_BONUS_CREDITS: z.coerce.number().int().min(0).default(50),
  HOLD_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  SIGN_UPS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Requests a minute each API key may make (issue 28). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Key material for connection secrets (AES-256-GCM via HKDF); defaults to the auth secret. */
  ENCRYPTION_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "ENCRYPTION_KEY must be at least 32 characters",
  }),
  /** Lets publishing reach http:// and private addresses (an intranet WordPress; tests). */
  PUBLISH_ALLOW_PRIVATE_HOSTS: z
    .enum(["true", "false", ""], { message: "PUBLISH_ALLOW_PRIVATE_HOSTS must be true or false" })
    .default("false"),
  PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /** Tests point the Shopify client at a loopback fake instead of https://<store>.myshopify.com. */
  SHOPIFY_API_BASE: optionalUrl("SHOPIFY_API_BASE"),
  /** Longest the CPU work of one request (markdown → HTML, the SEO report, detection) may run. */
  CPU_TIME_LIMIT_MS: z.coerce
    .number({ message: "CPU_TIME_LIMIT_MS must be a number of milliseconds" })
    .int()
    .min(10)
    .default(5000),
  /**
   * Texts up to this many characters are scored by the built-in detector on the request's own thread
   * instead of the CPU pool (a 500-word text takes ~1.5 ms, less CPU than the worker round trip). 0,
   * the default: always the pool, which measured faster under load on 2 cores (bench/detect-load.ts,
   * docs/decisions.md); a single-core host may do better inline.
   */
  DETECT_INLINE_MAX_CHARS: z.coerce
    .number({ message: "DETECT_INLINE_MAX_CHARS must be a number of characters" })
    .int()
    .min(0)
    .default(0),
  /** Batch rows one process works on at once (its pg-boss worker's localConcurrency). */
  BATCH_CONCURRENCY: z.coerce.number({ message: "BATCH_CONCURRENCY must be a number" }).int().min(1).max(64).default(4),
  /** Batch rows of one user running at once across every process (pg-boss groupConcurrency); 0: no limit. */
  BATCH_USER_CONCURRENCY: z.coerce
    .number({ message: "BATCH_USER_CONCURRENCY must be a number" })
    .int()
    .min(0)
    .max(64)
    .default(2),
  /** off: this process runs no batch workers (a web-only process beside `npm run worker` ones). */
  BATCH_WORKERS: z.enum(["on", "off"], { message: "BATCH_WORKERS must be on or off" }).default("on"),
  /** Seconds between a worker's heartbeats; a job silent for this long is taken by another worker. */
  BATCH_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "config"}: ${i.message}`));
  }
  const c = parsed.data;
  const problems: string[] = [];
  if (c.DETECTOR === "gptzero" && !c.GPTZERO_API_KEY) problems.push("DETECTOR=gptzero needs GPTZERO_API_KEY");
  if (c.DETECTOR === "sapling" && !c.SAPLING_API_KEY) problems.push("DETECTOR=sapling needs SAPLING_API_KEY");
  if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET))
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  const trustProxy = parseTrustProxy(c.TRUST_PROXY);
  if (typeof trustProxy === "string") problems.push(trustProxy);
  if (c.BETTER_AUTH_URL && c.PUBLIC_URL && c.BETTER_AUTH_URL.replace(/\/+$/, "") !== c.PUBLIC_URL.replace(/\/+$/, ""))
    problems.push("BETTER_AUTH_URL and PUBLIC_URL differ: set PUBLIC_URL only");
  if (c.BETTER_AUTH_TRUSTED_ORIGINS)
    problems.push(
      "BETTER_AUTH_TRUSTED_ORIGINS is not used: Draftsmith trusts PUBLIC_URL (or the request's own host); unset it",
    );
  if (c.BETTER_AUTH_SECRETS) problems.push("BETTER_AUTH_SECRETS is not used: set BETTER_AUTH_SECRET; unset it");
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET)
    problems.push("STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET too (credits come only from verified webhooks)");
  if (problems.length) throw new ConfigError(problems);
  const publicUrl = (c.PUBLIC_URL ?? c.BETTER_AUTH_URL)?.replace(/\/+$/, "");

  return {
    env: c.NODE_ENV,
    isProduction: c.NODE_ENV === "production",
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    publicUrl,
    /** Better Auth's base URL: always given, so it never guesses one from its own environment variables. */
    authBaseUrl: publicUrl ?? `http://localhost:${c.PORT}`,
    authSecret: c.BETTER_AUTH_SECRET,
    adminEmails: c.ADMIN_EMAILS.split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: trustProxy as TrustProxy,
    logLevel: c.LOG_LEVEL,
    google:
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? { clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET, baseUrl: c.GOOGLE_OAUTH_BASE_URL }
        : undefined,
    tokenSyncUrl: c.TOKEN_SYNC_URL,
    firebase: c.FIREBASE_PROJECT_ID
      ? {
          projectId: c.FIREBASE_PROJECT_ID,
          certsUrl:
            c.FIREBASE_CERTS_URL ??
            "https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com",
        }
      : undefined,
    openai: { apiKey: c.OPENAI_API_KEY, baseUrl: c.OPENAI_BASE_URL, model: c.OPENAI_MODEL },
    anthropic: { apiKey: c.ANTHROPIC_API_KEY, baseUrl: c.ANTHROPIC_BASE_URL, model: c.ANTHROPIC_MODEL },
    aiTimeoutMs: c.AI_TIMEOUT_MS,
    offlineWriter: c.OFFLINE_WRITER === "on",
    detection: {
      detector: c.DETECTOR,
      gptzeroApiKey: c.GPTZERO_API_KEY,
      gptzeroBaseUrl: c.GPTZERO_BASE_URL,
      saplingApiKey: c.SAPLING_API_KEY,
      saplingBaseUrl: c.SAPLING_BASE_URL,
    },
    stripe: c.STRIPE_SECRET_KEY
      ? { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET as string, apiBase: c.STRIPE_API_BASE }
      : undefined,
    welcomeBonusCredits: c.WELCOME_BONUS_CREDITS,
    holdTtlSeconds: c.HOLD_TTL_SECONDS,
    signUpsPerMinute: c.SIGN_UPS_PER_MINUTE,
    apiKeyRequestsPerMinute: c.API_KEY_REQUESTS_PER_MINUTE,
    mail: {
      smtpUrl: c.SMTP_URL,
      from: c.MAIL_FROM ?? `Draftsmith <no-reply@${publicUrl ? new URL(publicUrl).hostname : "localhost"}>`,
    },
    requireEmailVerification: c.REQUIRE_EMAIL_VERIFICATION === "true",
    publishing: {
      encryptionKey: c.ENCRYPTION_KEY,
      allowPrivateHosts: c.PUBLISH_ALLOW_PRIVATE_HOSTS === "true",
      timeoutMs: c.PUBLISH_TIMEOUT_MS,
      shopifyApiBase: c.SHOPIFY_API_BASE?.replace(/\/+$/, ""),
    },
    cpuTimeLimitMs: c.CPU_TIME_LIMIT_MS,
    detectInlineMaxChars: c.DETECT_INLINE_MAX_CHARS,
    batches: {
      concurrency: c.BATCH_CONCURRENCY,
      userConcurrency: c.BATCH_USER_CONCURRENCY,
      workers: c.BATCH_WORKERS === "on",
      heartbeatSeconds: c.BATCH_HEARTBEAT_SECONDS,
    },
  };
}

/** How the client address is found: not behind a proxy, N proxy hops, or trusted proxy addresses. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

function parseTrustProxy(value: string): TrustProxy | string {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "false" || v === "0") return false;
  if (v === "true") return { hops: 1 }; // compatibility: one proxy in front
  if (/^\d+$/.test(v)) return { hops: Number(v) };
  const addresses = v
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(addresses);
  } catch (err) {
    return `TRUST_PROXY must be true, false, a number of proxy hops or trusted addresses/CIDRs (${(err as Error).message})`;
  }
  return { addresses };
}
