// Setup shared by the billing tests: a test app whose Stripe is a fresh loopback fake, the seed's Starter
// package, signed webhook deliveries, and credits spent through the ledger.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { creditPackages, stripeEvents } from "../db/schema";
import { type FakeStripe, signedDelivery, startFakeStripe } from "./fake-stripe";
import { createTestApp, type SignedUpUser, type TestApp, type TestDatabaseKind } from "./test-app";

export interface StripeTestApp {
  t: TestApp;
  stripe: FakeStripe;
  /** The seed's Starter package. */
  starter: { id: number; credits: number; priceCents: number };
  /** POSTs `event` to the webhook, signed with the app's secret (or `secret`) at `timestamp` (or now). */
  deliver(event: Record<string, unknown>, opts?: { secret?: string; timestamp?: number }): Promise<Response>;
  /** The stripe_events rows recorded for `event`. */
  recorded(event: Record<string, unknown>): Promise<unknown[]>;
  close(): Promise<void>;
}

/** A fresh app on `kind` talking to a loopback Stripe that signs its webhooks with `webhookSecret`. */
export async function startStripeTestApp(
  kind: TestDatabaseKind,
  webhookSecret: string,
  env: Record<string, string> = {},
): Promise<StripeTestApp> {
  const stripe = await startFakeStripe();
  const t = await createTestApp({
    database: kind,
    env: {
      STRIPE_SECRET_KEY: "sk_test_draftsmith",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: stripe.url,
      ...env,
    },
  });
  const [starter] = await t.db.select().from(creditPackages).where(eq(creditPackages.name, "Starter"));
  if (!starter) throw new Error("seed has no Starter package");
  return {
    t,
    stripe,
    starter,
    deliver: async (event, opts = {}) => {
      const { body, headers } = signedDelivery(event, opts.secret ?? webhookSecret, opts.timestamp);
      return await t.app.request("/api/billing/webhook", { method: "POST", headers, body });
    },
    recorded: (event) =>
      t.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, String(event.id))),
    close: async () => {
      await t.close();
      await stripe.close();
    },
  };
}

/** Spends `credits` of `user`'s balance: a hold settled at that price. */
export async function spendCredits(t: TestApp, user: SignedUpUser, credits: number): Promise<void> {
  const requestId = randomUUID();
  await t.deps.ledger.hold({ userId: user.userId, amount: credits, requestId });
  await t.deps.ledger.settle({
    userId: user.userId,
    requestId,
    endpoint: "execute",
    aiProvider: "openai",
    requestTokens: 0,
    responseTokens: 0,
    credits,
  });
}
