// The loopback Stripe of the purchase spec, run by playwright.config.ts as a web server of its own:
// the Stripe-enabled app's SDK talks to it (STRIPE_API_BASE), and the browser pays on its hosted
// page, which delivers the signed checkout.session.completed to the app's webhook.
//   FAKE_STRIPE_PORT               where to listen (127.0.0.1)
//   STRIPE_WEBHOOK_SECRET          the app's, to sign deliveries with
//   FAKE_STRIPE_WEBHOOK_DELAY_MS   how long after 'Pay' the webhook goes out (default 1500), so the
//                                  success page's "on the way" state is seen as it is with Stripe
import { startFakeStripe } from "../../src/server/testing/fake-stripe";

const port = Number(process.env.FAKE_STRIPE_PORT);
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!Number.isInteger(port) || port <= 0 || !webhookSecret) {
  console.error("fake-stripe-checkout: set FAKE_STRIPE_PORT and STRIPE_WEBHOOK_SECRET");
  process.exit(2);
}

const fake = await startFakeStripe({
  port,
  hostedCheckout: { webhookSecret, webhookDelayMs: Number(process.env.FAKE_STRIPE_WEBHOOK_DELAY_MS ?? 1500) },
});
console.log(`fake Stripe listening on ${fake.url}`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
