import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import Stripe from "stripe";

/**
 * A small Stripe of our own for tests (Stripe's servers lie outside the product): the few API calls
 * the adapter makes, over HTTP as the real SDK sends them (`STRIPE_API_URL` points the SDK here),
 * every call recorded with its form parameters and idempotency key; a plain hosted page per session
 * with "Maksa" (card or MobilePay) and "Peruuta"; and webhooks signed with the SDK's own
 * `generateTestHeaderString`, delivered to `webhookUrl` or handed to the test to send.
 */

export type FakeSession = {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  locale: string | null;
  /** Which of the allowed methods the payer used on the hosted page. */
  payment_method_used?: "card" | "mobilepay";
};
export type FakeCall = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
};

export const FAKE_SECRET_KEY = "sk_test_koirapuisto_fake";
export const FAKE_WEBHOOK_SECRET = "whsec_koirapuisto_fake";

const id = (prefix: string) => `${prefix}_test_${randomBytes(9).toString("hex")}`;
const signer = new Stripe(FAKE_SECRET_KEY).webhooks;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeStripe(options: { webhookUrl?: string; now?: () => Date } = {}) {
  const sessions = new Map<string, FakeSession>();
  const refunds = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, unknown>();
  const calls: FakeCall[] = [];
  const delivered: Array<{ type: string; status: number }> = [];
  let refundsFail = false;
  let keyRevoked = false;
  let webhookUrl = options.webhookUrl ?? null;
  const nowSeconds = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);

  /** A signed webhook of `type` about `object`, as Stripe would send it. */
  function signedEvent(type: string, object: unknown, timestamp = nowSeconds()) {
    const event = {
      id: id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: timestamp,
      livemode: false,
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = signer.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET, timestamp });
    return { event, payload, signature };
  }

  async function deliver(type: string, object: unknown) {
    if (!webhookUrl) return;
    const { payload, signature } = signedEvent(type, object);
    const res = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    delivered.push({ type, status: res.status });
  }

  /** The payer pays on the hosted page: the session completes and its webhook goes out. */
  async function pay(sessionId: string, method: "card" | "mobilepay" = "card") {
    const session = sessions.get(sessionId)!;
    if (session.status !== "open") return session;
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: id("pi"),
      payment_method_used: method,
    });
    await deliver("checkout.session.completed", session);
    return session;
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await readBody(request);
    const params = Object.fromEntries(new URLSearchParams(body));
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      response.end(JSON.stringify(value));
    };
    const error = (status: number, message: string) =>
      json(status, { error: { type: "invalid_request_error", message } });
    const once = (make: () => unknown) => {
      const key = idempotencyKey && `${request.method} ${url.pathname} ${idempotencyKey}`;
      if (key && byKey.has(key)) return byKey.get(key);
      const made = make();
      if (key) byKey.set(key, made);
      return made;
    };
    if (url.pathname.startsWith("/v1/"))
      calls.push({ method: request.method!, path: url.pathname, params, idempotencyKey });
    const path = url.pathname.split("/").filter(Boolean);
    if (
      url.pathname.startsWith("/v1/") &&
      (keyRevoked || request.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`)
    )
      return error(401, "Invalid API Key provided: sk_test_****fake");

    if (request.method === "GET" && url.pathname === "/v1/balance") {
      return json(200, {
        object: "balance",
        livemode: false,
        available: [{ amount: 0, currency: "eur", source_types: { card: 0 } }],
        pending: [{ amount: 0, currency: "eur", source_types: { card: 0 } }],
      });
    }

    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      return json(
        200,
        once(() => {
          const sessionId = id("cs");
          const session: FakeSession = {
            id: sessionId,
            object: "checkout.session",
            url: `${base}/pay/${sessionId}`,
            status: "open",
            payment_status: "unpaid",
            payment_intent: null,
            amount_total: Number(params["line_items[0][price_data][unit_amount]"]),
            currency: params.currency ?? "eur",
            customer_email: params.customer_email ?? null,
            client_reference_id: params.client_reference_id ?? null,
            metadata: { paymentId: params["metadata[paymentId]"] ?? "" },
            success_url: params.success_url!,
            cancel_url: params.cancel_url!,
            expires_at: Number(params.expires_at),
            locale: params.locale ?? null,
          };
          sessions.set(sessionId, session);
          return session;
        }),
      );
    }
    if (path[0] === "v1" && path[1] === "checkout" && path[2] === "sessions" && path[3]) {
      const session = sessions.get(path[3]);
      if (!session) return error(404, `No such checkout.session: '${path[3]}'`);
      if (request.method === "GET" && !path[4]) return json(200, session);
      if (request.method === "POST" && path[4] === "expire") {
        if (session.status !== "open")
          return error(400, "Only Checkout Sessions with a status of `open` can be expired.");
        session.status = "expired";
        await deliver("checkout.session.expired", session);
        return json(200, session);
      }
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      if (refundsFail) return error(500, "Refunds are down.");
      return json(
        200,
        once(() => {
          const refund = {
            id: id("re"),
            object: "refund",
            amount: Number(params.amount),
            payment_intent: params.payment_intent,
            status: "succeeded",
            metadata: { refundId: params["metadata[refundId]"], paymentId: params["metadata[paymentId]"] },
          };
          refunds.set(refund.id, refund);
          return refund;
        }),
      );
    }
    // The hosted page: a plain form, as a real one would be a page of Stripe's.
    if (path[0] === "pay" && path[1] && sessions.has(path[1])) {
      const session = sessions.get(path[1])!;
      const back = (to: string) => {
        response.writeHead(303, { location: to.replace("{CHECKOUT_SESSION_ID}", session.id) });
        response.end();
      };
      if (request.method === "POST" && path[2] === "pay") {
        await pay(session.id, params.method === "mobilepay" ? "mobilepay" : "card");
        return back(session.success_url);
      }
      if (request.method === "POST" && path[2] === "cancel") return back(session.cancel_url);
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(`<!doctype html><html lang="fi"><head><meta charset="utf-8"><title>Fake Stripe</title></head>
<body><h1>Fake Stripe Checkout</h1><p class="amount">${(session.amount_total / 100).toFixed(2)} ${session.currency}</p>
<p>Tila: ${session.status}</p>
<form method="post" action="/pay/${session.id}/pay">
<label><input type="radio" name="method" value="card" checked> Kortti</label>
<label><input type="radio" name="method" value="mobilepay"> MobilePay</label>
<button type="submit">Maksa</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Peruuta</button></form></body></html>`);
    }
    return error(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    sessions,
    refunds,
    calls,
    delivered,
    signedEvent,
    pay,
    /** Where webhooks go (set once the app's address is known). */
    setWebhookUrl: (to: string) => void (webhookUrl = to),
    failRefunds: (fail: boolean) => void (refundsFail = fail),
    /** Answers every API call 401, as Stripe does for a rolled or revoked secret key. */
    revokeKey: (revoked: boolean) => void (keyRevoked = revoked),
    /** The env that points the app at this fake. */
    env: () => ({
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_URL: base,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
