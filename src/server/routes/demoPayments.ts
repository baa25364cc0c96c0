import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { paymentMethodSchema } from "../../domain/booking.js";
import { formatTime, formatTimeRange, helsinkiDate } from "../../domain/helsinkiClock.js";
import { formatReferenceNumber } from "../../domain/membership.js";
import { formatEuros, formatVatRate } from "../../domain/money.js";
import { ONLINE_PAYMENT_METHODS, paymentMethodNames } from "../../domain/paymentMethods.js";
import { HttpError, notFound } from "../errors.js";
import { findReservation } from "../reservations/index.js";
import { applyPaymentOutcome, paymentReturnPath } from "../paymentOutcomes/index.js";
import { paymentRepository } from "../payments/index.js";
import { vatRateOn } from "../prices/index.js";
import { getSettings } from "../settings/index.js";
import { demoPageStyle } from "./demoPaymentStyle.js";

/**
 * The demo provider's hosted payment page (registered at /maksu/demo, outside /api and before the
 * SPA fallback). Server-rendered HTML with plain forms, like a real provider's page: "Maksa"
 * hands "paid" to the payment-outcome dispatcher (paymentOutcomes/fulfilment.ts) exactly as a webhook
 * would, "Peruuta" hands "cancelled" (the hold is released), and both 303-redirect back to the
 * SPA: /checkout/{start}/{end}?payment=...&token=... for a booking, /subscription/success|cancelled or /oma-tili?invoice=... for a membership invoice.
 */

const params = z.object({ paymentId: z.uuid() });
const html = z.string().describe("HTML-sivu");
const redirect = z.null().describe("303 takaisin sivustolle: /checkout/{start}/{end}?payment=...&token=...");
const messageSchema = z.object({ message: z.string() });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export const demoPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  // The page's forms post application/x-www-form-urlencoded; only this plugin needs to read it.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.addHook("onRequest", async () => {
    const refused =
      config.PAYMENT_PROVIDER !== "demo" || (config.NODE_ENV === "production" && !config.ALLOW_DEMO_PAYMENTS);
    if (refused) throw new HttpError(403, "Demomaksut eivät ole käytössä.");
  });

  async function load(paymentId: string) {
    const repository = paymentRepository(app.ctx.db);
    const payment = await repository.byProvider("demo", { paymentId });
    if (payment?.invoiceId) {
      const found = await repository.invoiceWithSubscription(payment.invoiceId);
      if (found) return { payment, reservation: null, ...found };
    }
    const reservation = payment?.reservationId
      ? await findReservation(app.ctx.db, { id: payment.reservationId })
      : null;
    if (!payment || !reservation) throw notFound("Maksua ei löytynyt.");
    return { payment, reservation, invoice: null, subscription: null };
  }
  type Loaded = Awaited<ReturnType<typeof load>>;

  /** Where the payer goes back to, from what the database says now: as from any provider's page. */
  const returnPath = ({ payment }: Loaded) => paymentReturnPath(app.ctx, payment.id);

  /**
   * Whether "Maksa" may still move money: a pending attempt, or a booking's attempt cancelled only
   * because its hold ran out (paid late, it confirms if the time is still free). An attempt replaced
   * by a newer one or cancelled by the payer is never paid, as a real provider's closed checkout.
   */
  function payable({ payment, reservation, invoice }: Loaded) {
    if (payment.status === "pending") return true;
    return !invoice && payment.status === "cancelled" && reservation!.status === "expired";
  }

  /**
   * Why "Maksa" no longer applies, in words for the payer: a heading and what happened. A payer who
   * comes back to this page with Back after paying (the browser may show its old copy) and presses
   * "Maksa" again gets this page, not an error's JSON.
   */
  const closedNotice = ({ payment }: Loaded) =>
    payment.status === "paid"
      ? { title: "Maksu on jo maksettu", text: "Tämä maksu on jo maksettu, eikä sitä veloiteta uudelleen." }
      : payment.status === "refunded"
        ? { title: "Maksu on jo käsitelty", text: "Tämä maksu on jo käsitelty ja palautettu." }
        : {
            title: "Maksu on peruttu",
            text: "Tätä maksua ei voi enää maksaa. Palaa sivustolle ja aloita tarvittaessa uudelleen.",
          };

  /** The page itself: the park's header, and `content` in the main landmark. */
  const page = (park: string, content: string) => `<!doctype html>
<html lang="fi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Maksu – ${escapeHtml(park)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${demoPageStyle}</style></head>
<body><header><span>${escapeHtml(park)}</span></header><main>
${content}
</main></body></html>`;

  /** The notice of a payment that can no longer be paid, with the way back to the site. */
  async function closedPage(loaded: Loaded) {
    const { title, text } = closedNotice(loaded);
    const settings = await getSettings(app.ctx.db);
    return page(
      settings.park.name,
      `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(await returnPath(loaded))}">Palaa sivustolle</a></p>`,
    );
  }

  // The page changes as the payment does: Back must fetch it again rather than show an old copy.
  const noStore = { "cache-control": "no-store" };

  const responses = { 403: messageSchema, 404: messageSchema, 400: messageSchema };
  const closed = html.describe("HTML-sivu: maksu on jo maksettu tai peruttu, ja linkki takaisin sivustolle");

  app.get(
    "/:paymentId",
    {
      schema: {
        tags: ["demo-payments"],
        summary: "Demo provider's hosted payment page (HTML)",
        params,
        response: { 200: html, ...responses },
      },
    },
    async (request, reply) => {
      const loaded = await load(request.params.paymentId);
      reply.headers(noStore).type("text/html; charset=utf-8");
      if (!payable(loaded)) return reply.send(await closedPage(loaded));
      const { payment, reservation, invoice } = loaded;
      const settings = await getSettings(app.ctx.db);
      const { name: park } = settings.park;
      const vatRate =
        invoice?.vatRateBasisPoints ?? (await vatRateOn(app.ctx.db, helsinkiDate(reservation!.startsAt)));
      const vat = `sisältää ALV ${formatVatRate(vatRate)} ${formatEuros(payment.vatCents)}`;
      const action = `/maksu/demo/${payment.id}`;
      const radio = (value: "mobilepay" | "card", label: string) =>
        `<label><input type="radio" name="method" value="${value}"${payment.method === value ? " checked" : ""}> ${label}</label>`;
      let title: string, details: string, note: string;
      if (invoice) {
        title = `Maksa lasku ${invoice.number}`;
        details = `${escapeHtml(park)}<br>${escapeHtml(invoice.description)}`;
        note = `Viitenumero ${formatReferenceNumber(invoice.referenceNumber)}.`;
      } else {
        const r = reservation!;
        title = r.moveOf ? "Maksa varauksen siirron lisämaksu" : "Maksa varaus";
        details = `${escapeHtml(r.areaName === park ? park : `${park}, ${r.areaName}`)}<br>${escapeHtml(formatTimeRange(r.startsAt, r.endsAt))}`;
        const holdEnd = r.holdExpiresAt;
        note =
          r.status === "pending" && holdEnd && holdEnd > app.ctx.now()
            ? `Aika on varattu sinulle klo ${formatTime(holdEnd)} asti.`
            : "Varauksen pitoaika on päättynyt. Jos aika on yhä vapaa, varaus vahvistetaan maksaessasi; muuten maksu palautetaan.";
      }
      return reply.send(
        page(
          park,
          `<h1>${escapeHtml(title)}</h1>
<p class="demo">Tämä on demomaksusivu: rahaa ei veloiteta.</p>
<p>${details}</p>
<p class="amount">${formatEuros(payment.amountCents)}</p>
<p>${vat}</p>
${payment.giftCardCents > 0 ? `<p>Lahjakortilla maksettu ${formatEuros(payment.giftCardCents)}; tällä sivulla maksetaan loput.</p>` : ""}
<p>${note}</p>
<form method="post" action="${action}/approve">
<fieldset><legend>Maksutapa</legend>${ONLINE_PAYMENT_METHODS.map((m) => radio(m, paymentMethodNames[m])).join(" ")}</fieldset>
<button type="submit" class="pay">Maksa</button>
</form>
<form method="post" action="${action}/cancel"><button type="submit" class="cancel">Peruuta</button></form>`,
        ),
      );
    },
  );

  app.post(
    "/:paymentId/approve",
    {
      schema: {
        tags: ["demo-payments"],
        summary: "Demo page's 'Maksa': confirms through the fulfilment path",
        params,
        body: z.object({ method: z.optional(paymentMethodSchema) }).optional(),
        response: { 303: redirect, 409: closed, ...responses },
      },
    },
    async (request, reply) => {
      const loaded = await load(request.params.paymentId);
      // Pressed again on an old copy of the page (Back after paying): say so as a page, in Finnish.
      if (!payable(loaded))
        return reply
          .code(409)
          .headers(noStore)
          .type("text/html; charset=utf-8")
          .send(await closedPage(loaded));
      const { payment } = loaded;
      const method = request.body?.method;
      if (method && method !== payment.method)
        await paymentRepository(app.ctx.db).setMethodIfPending(payment.id, method);
      await applyPaymentOutcome(app.ctx, {
        outcome: "paid",
        payment: { provider: "demo", paymentId: payment.id },
      });
      return reply.redirect(await returnPath(await load(payment.id)), 303);
    },
  );

  app.post(
    "/:paymentId/cancel",
    {
      schema: {
        tags: ["demo-payments"],
        summary: "Demo page's 'Peruuta': cancels the payment and releases the hold",
        params,
        response: { 303: redirect, ...responses },
      },
    },
    async (request, reply) => {
      await load(request.params.paymentId);
      await applyPaymentOutcome(app.ctx, {
        outcome: "cancelled",
        payment: { provider: "demo", paymentId: request.params.paymentId },
      });
      return reply.redirect(await returnPath(await load(request.params.paymentId)), 303);
    },
  );
};
