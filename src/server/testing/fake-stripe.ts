// A loopback HTTP server answering the real `stripe` SDK with Stripe's documented objects
// (https://docs.stripe.com/api/customers/object, https://docs.stripe.com/api/checkout/sessions/object),
// plus builders for signed webhook deliveries. Point the app at it with
// STRIPE_API_BASE=fake.url; nothing of the SDK is mocked.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The form-encoded body, keys as Stripe writes them: "metadata[userId]", "line_items[0][price_data][unit_amount]". */
  form: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  requests: RecordedStripeRequest[];
  customers: Map<string, Record<string, unknown>>;
  sessions: Map<string, Record<string, unknown>>;
  /** Answer the next API call with this Stripe error. */
  failNext(status: number, error: { type: string; message: string; code?: string }): void;
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let failure: { status: number; error: { type: string; message: string; code?: string } } | null = null;

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const form = Object.fromEntries(new URLSearchParams(raw));
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    requests.push({ method: req.method ?? "GET", path, headers: req.headers, form });

    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": rid("req") });
      res.end(JSON.stringify(body));
    };
    if (!/^Bearer sk_/.test(req.headers.authorization ?? ""))
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    if (failure) {
      const f = failure;
      failure = null;
      return send(f.status, { error: f.error });
    }
    const key = req.headers["idempotency-key"];
    const replay = typeof key === "string" ? idempotent.get(`${path}:${key}`) : undefined;
    if (replay) return send(replay.status, replay.body);

    const answer = route(req.method ?? "GET", path, form);
    if (typeof key === "string" && req.method === "POST") idempotent.set(`${path}:${key}`, answer);
    send(answer.status, answer.body);
  });

  function metadataOf(form: Record<string, string>, prefix = "metadata"): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      const m = k.match(new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`));
      if (m?.[1]) out[m[1]] = v;
    }
    return out;
  }

  function route(method: string, path: string, form: Record<string, string>): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: rid("cus"),
        object: "customer",
        address: null,
        balance: 0,
        created: nowSeconds(),
        currency: null,
        default_source: null,
        delinquent: false,
        description: form.description ?? null,
        email: form.email ?? null,
        invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false,
        metadata: metadataOf(form),
        name: form.name ?? null,
        next_invoice_sequence: 1,
        phone: null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: "none",
        test_clock: null,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = rid("cs");
      const unit = Number(form["line_items[0][price_data][unit_amount]"] ?? 0);
      const session = {
        id,
        object: "checkout.session",
        after_expiration: null,
        allow_promotion_codes: null,
        amount_subtotal: unit,
        amount_total: unit,
        billing_address_collection: null,
        cancel_url: form.cancel_url ?? null,
        client_reference_id: form.client_reference_id ?? null,
        created: nowSeconds(),
        currency: "usd",
        customer: form.customer ?? null,
        customer_email: null,
        expires_at: nowSeconds() + 86_400,
        livemode: false,
        locale: null,
        metadata: metadataOf(form),
        mode: form.mode ?? "payment",
        payment_intent: null,
        payment_method_types: ["card"],
        payment_status: "unpaid",
        status: "open",
        success_url: form.success_url ?? null,
        url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    failNext: (status, error) => {
      failure = { status, error };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const webhookSigner = new Stripe("sk_test_signer_only");

/** A Stripe event around `object`, as Stripe delivers it (https://docs.stripe.com/api/events/object). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id: string = rid("evt"),
): Record<string, unknown> {
  return {
    id,
    object: "event",
    api_version: "2025-01-27.acacia",
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The body and Stripe-Signature header of a delivery, signed with `secret`. */
export function signedDelivery(
  event: Record<string, unknown>,
  secret: string,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event, null, 2);
  const signature = webhookSigner.webhooks.generateTestHeaderString({ payload: body, secret });
  return { body, headers: { "content-type": "application/json", "stripe-signature": signature } };
}

/** A paid Checkout Session as checkout.session.completed carries it. */
export function paidSession(opts: {
  userId: string;
  packageId: number;
  credits?: number;
  amountTotal: number;
  sessionId?: string;
  paymentIntentId?: string;
  paymentStatus?: "paid" | "unpaid" | "no_payment_required";
}): Record<string, unknown> {
  return {
    id: opts.sessionId ?? rid("cs"),
    object: "checkout.session",
    amount_subtotal: opts.amountTotal,
    amount_total: opts.amountTotal,
    client_reference_id: opts.userId,
    currency: "usd",
    customer: rid("cus"),
    livemode: false,
    metadata: {
      userId: opts.userId,
      packageId: String(opts.packageId),
      ...(opts.credits ? { credits: String(opts.credits) } : {}),
    },
    mode: "payment",
    payment_intent: opts.paymentIntentId ?? rid("pi"),
    payment_status: opts.paymentStatus ?? "paid",
    status: "complete",
  };
}

/** A charge as charge.refunded carries it (https://docs.stripe.com/api/charges/object). */
export function refundedCharge(opts: {
  chargeId?: string;
  paymentIntentId: string;
  amount: number;
  amountRefunded: number;
}): Record<string, unknown> {
  return {
    id: opts.chargeId ?? rid("ch"),
    object: "charge",
    amount: opts.amount,
    amount_captured: opts.amount,
    amount_refunded: opts.amountRefunded,
    captured: true,
    currency: "usd",
    livemode: false,
    paid: true,
    payment_intent: opts.paymentIntentId,
    refunded: opts.amountRefunded >= opts.amount,
    status: "succeeded",
  };
}

/** A dispute as charge.dispute.closed carries it (https://docs.stripe.com/api/disputes/object). */
export function closedDispute(opts: {
  chargeId: string;
  paymentIntentId: string | null;
  amount: number;
  status: "lost" | "won";
}): Record<string, unknown> {
  return {
    id: rid("dp"),
    object: "dispute",
    amount: opts.amount,
    charge: opts.chargeId,
    created: nowSeconds(),
    currency: "usd",
    livemode: false,
    metadata: {},
    payment_intent: opts.paymentIntentId,
    reason: "fraudulent",
    status: opts.status,
  };
}
