// A loopback HTTP server answering the real `stripe` SDK with Stripe's documented objects
// (https://docs.stripe.com/api/customers/object, https://docs.stripe.com/api/checkout/sessions/object),
// plus builders for signed webhook deliveries. Point the app at it with
// STRIPE_API_BASE=fake.url; nothing of the SDK is mocked.
//
// With `hostedCheckout` it also plays Stripe's hosted payment page for browser tests: a session's
// url is /pay/:id on this server, whose 'Pay' button delivers a signed checkout.session.completed to
// the app's webhook (the success_url's origin + /api/billing/webhook) and sends the browser on to
// success_url, as Stripe does.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The form-encoded body, keys as Stripe writes them: "metadata[userId]", "line_items[0][price_data][unit_amount]". */
  form: Record<string, string>;
}

export interface HostedCheckoutOptions {
  /** The app's STRIPE_WEBHOOK_SECRET: deliveries are signed with it. */
  webhookSecret: string;
  /** Wait this long after 'Pay' before delivering the event (Stripe's webhook lags the redirect). */
  webhookDelayMs?: number;
  /** Where the app takes webhooks, on the success_url's origin. */
  webhookPath?: string;
}

export interface FakeStripeOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  hostedCheckout?: HostedCheckoutOptions;
}

/** One webhook event sent to the app (hosted checkout only), with how the app answered. */
export interface WebhookDelivery {
  eventId: string;
  type: string;
  sessionId: string;
  url: string;
  attempts: number;
  /** The app's last HTTP status; null while in flight or when the app was unreachable. */
  status: number | null;
  /** The app's last response body (or the network error). */
  response: string | null;
}

export interface FakeStripe {
  url: string;
  requests: RecordedStripeRequest[];
  customers: Map<string, Record<string, unknown>>;
  sessions: Map<string, Record<string, unknown>>;
  /** Webhook events sent by the hosted checkout, oldest first. */
  deliveries: WebhookDelivery[];
  /** Answer the next API call with this Stripe error. */
  failNext(status: number, error: { type: string; message: string; code?: string }): void;
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  const deliveries: WebhookDelivery[] = [];
  /** What the hosted page shows for a session: its first line item's name. */
  const productNames = new Map<string, string>();
  /** Delivered events by id, for "resend". */
  const events = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const timers = new Set<NodeJS.Timeout>();
  let baseUrl = "";
  let failure: { status: number; error: { type: string; message: string; code?: string } } | null = null;

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const form = Object.fromEntries(new URLSearchParams(raw));
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (path === "/health") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ ok: true }));
    }
    if (options.hostedCheckout && !path.startsWith("/v1/"))
      return hostedPage(req.method ?? "GET", path, res, options.hostedCheckout);
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
        url: options.hostedCheckout
          ? `${baseUrl}/pay/${id}`
          : `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
      };
      sessions.set(id, session);
      productNames.set(id, form["line_items[0][price_data][product_data][name]"] ?? "Your purchase");
      return { status: 200, body: session };
    }
    // https://docs.stripe.com/api/checkout/sessions/expire: only an open session can be expired.
    const expire = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    const open = expire?.[1] ? sessions.get(expire[1]) : undefined;
    if (method === "POST" && open?.status === "open") {
      open.status = "expired";
      open.url = null;
      return { status: 200, body: open };
    }
    const retrieve = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === "GET" && retrieve?.[1]) {
      const session = sessions.get(retrieve[1]);
      if (session) return { status: 200, body: session };
      return {
        status: 404,
        body: {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such checkout.session: '${retrieve[1]}'`,
          },
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  /**
   * The browser's side of Stripe Checkout: GET /pay/:id shows the amount with 'Pay' and 'Cancel';
   * POST /pay/:id marks the session paid, delivers checkout.session.completed (after the delay) and
   * sends the browser to success_url. GET /__fake/deliveries lists what was delivered; POST
   * /__fake/events/:id/resend delivers an event again, as the Dashboard's "Resend" does.
   */
  function hostedPage(method: string, path: string, res: ServerResponse, hosted: HostedCheckoutOptions) {
    const html = (status: number, title: string, body: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111">` +
          `<main>${body}</main></body></html>`,
      );
    };
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };

    if (method === "GET" && path === "/__fake/deliveries") return json(200, deliveries);
    const resend = path.match(/^\/__fake\/events\/([^/]+)\/resend$/);
    if (method === "POST" && resend?.[1]) {
      const first = deliveries.find((d) => d.eventId === resend[1]);
      const event = events.get(resend[1]);
      if (!first || !event) return json(404, { error: `No event ${resend[1]}` });
      void deliver(event, first.sessionId, first.url, hosted).then((d) => json(200, d));
      return;
    }

    const pay = path.match(/^\/pay\/([^/]+)$/);
    const session = pay?.[1] ? sessions.get(pay[1]) : undefined;
    if (!pay || !session) return html(404, "Not found", "<h1>This checkout page does not exist</h1>");
    const id = session.id as string;
    const successUrl = String(session.success_url ?? "");
    const cancelUrl = String(session.cancel_url ?? "");

    if (method === "GET") {
      const amount = formatAmount(Number(session.amount_total ?? 0), String(session.currency ?? "usd"));
      const product = productNames.get(id) ?? "Your purchase";
      if (session.status === "complete")
        return html(200, "Paid", `<h1>Paid</h1><p><a href="${escapeHtml(successUrl)}">Return to the merchant</a></p>`);
      return html(
        200,
        `Pay ${amount}`,
        `<p>Test mode: a loopback stand-in for Stripe Checkout</p>` +
          `<h1>Pay ${escapeHtml(amount)}</h1>` +
          `<p data-testid="fake-checkout-product">${escapeHtml(product)}</p>` +
          `<p data-testid="fake-checkout-amount">${escapeHtml(amount)}</p>` +
          `<form method="post" action="/pay/${escapeHtml(id)}"><button type="submit">Pay</button></form>` +
          `<p><a href="${escapeHtml(cancelUrl)}">Cancel</a></p>`,
      );
    }
    if (method !== "POST") return html(405, "Method not allowed", "<h1>Method not allowed</h1>");

    // A second 'Pay' (double click, Back then Pay) never pays twice: Stripe's session is complete.
    if (session.status !== "complete") {
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: rid("pi") });
      const event = stripeEvent("checkout.session.completed", { ...session });
      const webhookUrl = new URL(hosted.webhookPath ?? "/api/billing/webhook", successUrl).href;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void deliver(event, id, webhookUrl, hosted);
      }, hosted.webhookDelayMs ?? 0);
      timers.add(timer);
    }
    res.writeHead(303, { location: successUrl.replaceAll("{CHECKOUT_SESSION_ID}", id), "cache-control": "no-store" });
    res.end();
  }

  /** Sends a signed event, retrying a few times on failure as Stripe does (far faster). */
  async function deliver(
    event: Record<string, unknown>,
    sessionId: string,
    url: string,
    hosted: HostedCheckoutOptions,
  ): Promise<WebhookDelivery> {
    const record: WebhookDelivery = {
      eventId: String(event.id),
      type: String(event.type),
      sessionId,
      url,
      attempts: 0,
      status: null,
      response: null,
    };
    events.set(record.eventId, event);
    deliveries.push(record);
    for (let attempt = 0; attempt < 5; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      record.attempts += 1;
      try {
        const { body, headers } = signedDelivery(event, hosted.webhookSecret);
        const res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
        record.status = res.status;
        record.response = await res.text();
        if (res.ok) break;
      } catch (err) {
        record.status = null;
        record.response = String(err);
      }
    }
    if (record.status === null || record.status >= 300)
      console.error(
        `fake Stripe: ${record.type} ${record.eventId} to ${url} failed: ${record.status} ${record.response}`,
      );
    return record;
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    requests,
    customers,
    sessions,
    deliveries,
    failNext: (status, error) => {
      failure = { status, error };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 1299 usd → "$12.99", as Checkout shows it. */
function formatAmount(minorUnits: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    minorUnits / 100,
  );
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
  /** Unix seconds of the signature (default now). */
  timestamp?: number,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event, null, 2);
  const signature = webhookSigner.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
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
