// The real Stripe SDK, configured from config.stripe. STRIPE_API_BASE (tests, stripe-mock) points it
// at another host through the SDK's own host/port/protocol options.
import type Stripe from "stripe";
import type { Config } from "../config";
import { firstUse } from "../first-use";

export type StripeConfig = NonNullable<Config["stripe"]>;

/**
 * The configured Stripe client, made at its first use: the SDK is loaded then, not when the server
 * starts (most installations take no card payments, and it is 700 kB of code).
 */
export function stripeClient(config: StripeConfig): () => Promise<Stripe> {
  const client = firstUse(() => createStripe(config));
  return client.get;
}

async function createStripe(config: StripeConfig): Promise<Stripe> {
  const { default: Stripe } = await import("stripe");
  const options: ConstructorParameters<typeof Stripe>[1] = {
    // Checkout and webhooks must not hang a request for Stripe's default 80 s.
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: "Draftsmith" },
  };
  if (config.apiBase) {
    const base = new URL(config.apiBase);
    options.host = base.hostname;
    options.protocol = base.protocol === "http:" ? "http" : "https";
    options.port = base.port || (base.protocol === "http:" ? 80 : 443);
  }
  return new Stripe(config.secretKey, options);
}

/** The id of an expandable Stripe field (a string, an object with id, or null). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
