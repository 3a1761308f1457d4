// The ledger's tables. Credits, cents and token counts are integer columns (int4): `pg` hands them
// to us as JS numbers, unlike bigint and numeric, so no string ever reaches a client.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { apiKeys } from "./keys";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const userCredits = pgTable(
  "user_credits",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id").unique(),
    /** Credits bought (net of refunds and lost disputes): the spec's "Total Purchased". */
    totalCredits: integer("total_credits").notNull().default(0),
    usedCredits: integer("used_credits").notNull().default(0),
    bonusCredits: integer("bonus_credits").notNull().default(0),
    /** Reserved by AI work in flight (see credit_holds); not yet spent. */
    heldCredits: integer("held_credits").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The last line of defence: no code path can make a balance negative.
    check(
      "user_credits_available_non_negative",
      sql`${t.totalCredits} + ${t.bonusCredits} - ${t.usedCredits} - ${t.heldCredits} >= 0`,
    ),
    check("user_credits_held_non_negative", sql`${t.heldCredits} >= 0`),
  ],
);

/**
 * The ledger: one row per balance change, and one per settled piece of AI work (type 'usage'): the
 * usage is kept in its ledger row (endpoint, provider, tokens, request id, shortfall), so a spend
 * writes one row, not two. Free work (0 credits) still gets its usage row, with amount 0.
 */
export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** purchase | bonus | grant | usage | refund | reversal */
    type: text("type").notNull(),
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    stripeSessionId: text("stripe_session_id"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** Usage rows: the path the client called. */
    endpoint: text("endpoint"),
    /** Usage rows: who did the work ('offline', a model's provider, a detector's name). */
    aiProvider: text("ai_provider"),
    /** Usage rows: the AI work's id, unique, so a request is never settled twice. Links to api_requests.request_id. */
    requestId: text("request_id"),
    requestTokens: integer("request_tokens").notNull().default(0),
    responseTokens: integer("response_tokens").notNull().default(0),
    /** Usage rows: credits the real usage called for but the balance could not cover. */
    shortfall: integer("shortfall").notNull().default(0),
    /** Usage rows: the API key that spent the credits (null: the signed-in app). */
    apiKeyId: text("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_transactions_user_idx").on(t.userId, t.createdAt, t.id),
    // A Checkout Session is fulfilled once, whatever the webhook does.
    uniqueIndex("credit_transactions_purchase_session_uq").on(t.stripeSessionId).where(sql`${t.type} = 'purchase'`),
    // A piece of AI work is settled once: a second settlement of the same id fails and is undone.
    uniqueIndex("credit_transactions_request_uq").on(t.requestId).where(sql`${t.requestId} IS NOT NULL`),
  ],
);

/** Credits reserved for AI work in flight; a row outliving its expiry is released by any process. */
export const creditHolds = pgTable(
  "credit_holds",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: text("request_id").notNull().unique(),
    amount: integer("amount").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("credit_holds_expires_idx").on(t.expiresAt)],
);

export const creditPackages = pgTable("credit_packages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  credits: integer("credits").notNull(),
  /** USD cents; served as a USD number (999 → 9.99). */
  priceCents: integer("price_cents").notNull(),
  stripePriceId: text("stripe_price_id").unique(),
  stripeProductId: text("stripe_product_id"),
  active: boolean("active").notNull().default(true),
  popular: boolean("popular").notNull().default(false),
  estimatedGenerations: text("estimated_generations").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

/** Stripe events already handled: the unique id makes a redelivery a no-op. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/** What a charge has had refunded so far, so charge.refunded reverses only the change. */
export const stripeCharges = pgTable("stripe_charges", {
  id: text("id").primaryKey(),
  paymentIntentId: text("payment_intent_id"),
  amountRefunded: integer("amount_refunded").notNull().default(0),
  disputeLost: boolean("dispute_lost").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const bonusCreditCampaigns = pgTable("bonus_credit_campaigns", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  creditAmount: integer("credit_amount").notNull(),
  /** new_signups | all_users */
  campaignType: text("campaign_type").notNull(),
  specificUserIds: jsonb("specific_user_ids").$type<string[] | null>(),
  maxRecipients: integer("max_recipients"),
  currentRecipients: integer("current_recipients").notNull().default(0),
  startDate: timestamp("start_date", { withTimezone: true }).notNull(),
  endDate: timestamp("end_date", { withTimezone: true }),
  active: boolean("active").notNull().default(false),
  createdBy: text("created_by"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const bonusCreditRecipients = pgTable(
  "bonus_credit_recipients",
  {
    id: serial("id").primaryKey(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => bonusCreditCampaigns.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    creditsGranted: integer("credits_granted").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * HMAC of the recipient's normalised address (credits/address-hash.ts): a campaign is granted
     * once per address, so deleting the account and signing up again does not grant it twice. Null
     * on rows from before migration 0005 (set when such an account is deleted).
     */
    addressHash: text("address_hash"),
  },
  (t) => [
    uniqueIndex("bonus_credit_recipients_campaign_user_uq").on(t.campaignId, t.userId),
    uniqueIndex("bonus_credit_recipients_campaign_address_uq").on(t.campaignId, t.addressHash),
  ],
);
