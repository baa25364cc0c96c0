import fc from "fast-check";
import { eq, inArray } from "drizzle-orm";
import { addDays, toHelsinkiIso, wallClock } from "../../src/domain/helsinkiTime.js";
import { chargeKinds, paymentsOf, priceOf, type LedgerEntry } from "../../src/domain/ledger.js";
import { formatEuros } from "../../src/domain/money.js";
import {
  giftCardTransactions,
  giftCards,
  ledgerEntries,
  payments,
  refunds,
  reservations,
} from "../../src/server/schema/index.js";
import { moneyOf } from "../../src/server/ledger/service.js";
import { demoPaymentProvider } from "../../src/server/integrations/payments/demo.js";
import type { PaymentProvider } from "../../src/server/integrations/payments/provider.js";
import { applyPaymentOutcome } from "../../src/server/paymentOutcomes/fulfilment.js";
import { retryDueRefunds } from "../../src/server/payments/refunds.js";
import { releaseExpiredHolds } from "../../src/server/reservations/holds.js";
import { getSettings, putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { postCheckout, pressDemoButton } from "../support/booking.js";
import { addDiscountCode, addGiftCard } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";

/*
 * The money ledger (decision 038) as a property: random short lives of a booking, driven through
 * the HTTP API, the demo payment page and the payment-outcome dispatcher on the real app and
 * database: booked with or without a discount code and a gift card, paid, abandoned or left to
 * expire; moved dearer, cheaper or to the same price, the difference paid, cancelled, left to
 * expire or paid late; cancelled by the visitor or an admin; refunded from Ostokset; outcomes
 * delivered twice and out of order. After every step the ledger must balance (see
 * assertLedgerInvariants) and the visitor's views agree with it (assertViewsAgree).
 *
 * One app per database: each sequence gets a day of its own (the clock jumps a day ahead per
 * sequence, its booking three days after that), its own e-mail addresses and gift cards, so the
 * sequences never see each other. LEDGER_PROPERTY_SEED and LEDGER_PROPERTY_RUNS change the seed
 * and the number of sequences (LEDGER_PROPERTY_PATH replays a reported failure's path); a failure
 * prints the shrunk sequence and what each step answered.
 */

const SEED = Number(process.env.LEDGER_PROPERTY_SEED ?? 20_260_615);
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 200);
/** fast-check's `path` of a reported failure, with its seed: replays just that counterexample. */
const PATH = process.env.LEDGER_PROPERTY_PATH;
const DISCOUNT_CODE = "LEDGER10";
const EXTRA_DOG_CENTS = 300;
const MINUTE = 60_000;
const SKIPPED = "skipped";
/** Where successive moves go (the first one not overlapping the booking's time is taken). */
const MOVE_STARTS = ["13:00", "16:00", "07:00", "18:30", "11:30", "14:30", "08:30"];

// ---------- The operations ----------

type Via = "page" | "webhook";
type Book = {
  dogs: 1 | 2 | 3;
  minutes: 60 | 90;
  discount: boolean;
  giftCard: "none" | "partial" | "full";
  method: "mobilepay" | "card";
  /** What happens to the hold's payment (a full gift card confirms at once whatever this says). */
  then: "pay" | "abandon" | "expire" | "leave";
};
type Step =
  /** A dearer move's difference is then paid, cancelled on the payment page, left to expire or left. */
  | { op: "move"; to: "dearer" | "cheaper" | "equal"; then: "pay" | "cancel" | "expire" | "leave" }
  | { op: "payMove"; which: "latest" | "earliest"; via: Via }
  | { op: "cancelMovePayment"; which: "latest" | "earliest"; via: Via }
  | { op: "letHoldsExpire" }
  | { op: "payBooking"; via: Via }
  | { op: "visitorCancel" }
  | { op: "adminCancel"; refund: boolean }
  | { op: "adminRefund"; payment: "booking" | "latest"; cents: number | "all" }
  | { op: "deliverAgain"; payment: number; outcome: "paid" | "cancelled" | "expired" | "failed" }
  | { op: "takeHeldSlot" }
  | { op: "refundNewsAgain" }
  /** The provider cannot refund for a while (refunds stay pending), then can, and the job retries. */
  | { op: "providerDown" }
  | { op: "providerBack" };

/** One of the values, each as often as its weight says (shrinking towards the first). */
const weighted = <T>(...choices: Array<[T, number]>) =>
  fc.oneof(...choices.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));

const via = fc.constantFrom<Via>("page", "webhook");
const which = fc.constantFrom("latest" as const, "earliest" as const);
const bookArb: fc.Arbitrary<Book> = fc.record({
  dogs: fc.constantFrom(1 as const, 2 as const, 3 as const),
  minutes: fc.constantFrom(60 as const, 90 as const),
  discount: fc.boolean(),
  giftCard: weighted<Book["giftCard"]>(["none", 2], ["partial", 2], ["full", 1]),
  method: fc.constantFrom("mobilepay" as const, "card" as const),
  then: weighted<Book["then"]>(["pay", 5], ["abandon", 1], ["expire", 1], ["leave", 1]),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 7,
    arbitrary: fc.record({
      op: fc.constant("move" as const),
      to: weighted<"dearer" | "cheaper" | "equal">(["dearer", 3], ["cheaper", 2], ["equal", 1]),
      then: weighted<"pay" | "cancel" | "expire" | "leave">(
        ["pay", 2],
        ["cancel", 1],
        ["expire", 1],
        ["leave", 1],
      ),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("payMove" as const), which, via }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("cancelMovePayment" as const), which, via }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("letHoldsExpire" as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("payBooking" as const), via }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("visitorCancel" as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("adminCancel" as const), refund: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("adminRefund" as const),
      payment: fc.constantFrom("booking" as const, "latest" as const),
      cents: fc.oneof(fc.constant("all" as const), fc.integer({ min: 1, max: 2000 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("deliverAgain" as const),
      payment: fc.nat(3),
      outcome: weighted<"paid" | "cancelled" | "expired" | "failed">(
        ["paid", 2],
        ["cancelled", 1],
        ["expired", 1],
        ["failed", 1],
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("takeHeldSlot" as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("refundNewsAgain" as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("providerDown" as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("providerBack" as const) }) },
);
const scenarioArb = fc.record({ book: bookArb, steps: fc.array(stepArb, { minLength: 2, maxLength: 5 }) });

// ---------- One sequence's state ----------

type Run = {
  day: string;
  email: string;
  booking: { id: string; token: string };
  /** The booking's own payment first, then each dearer move's, in the order they were made. */
  payments: string[];
  movePayments: string[];
  moves: number;
  /** Bookings other visitors made in the sequence (a slot taken after a hold ran out). */
  others: Array<{ id: string; token: string }>;
  cards: string[];
  trace: string[];
};

let sequence = 0;

describe.each(databaseKinds)("the money ledger under random operations on %s", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  /** The demo provider, whose refunds fail while the sequence says it is down. */
  let refundsDown = false;
  const demo = demoPaymentProvider();
  const provider: PaymentProvider = {
    ...demo,
    refund: (request) =>
      refundsDown ? Promise.resolve({ ok: false, error: "maksupalvelu ei vastaa" }) : demo.refund(request),
  };
  beforeAll(async () => {
    admin = await signedInAdmin("kirjanpito");
    t = await createTestApp(kind, { payments: provider });
    const settings = await getSettings(t.ctx.db);
    await putSetting(t.ctx.db, "dogRules", { ...settings.dogRules, extraDogPriceCents: EXTRA_DOG_CENTS });
    await putSetting(t.ctx.db, "holdLimits", { perEmail: 5, perIp: 1000, dayPercent: 100 });
    await addDiscountCode(t, { code: DISCOUNT_CODE });
  });
  afterAll(() => t.close());

  /** An HTTP call that may refuse (4xx) but never fail (5xx). */
  async function call(
    method: "GET" | "POST" | "DELETE",
    url: string,
    o: { payload?: unknown; asAdmin?: boolean } = {},
  ) {
    const res = await t.app.inject({
      method,
      url,
      ...(o.payload === undefined ? {} : { payload: o.payload as object }),
      ...(o.asAdmin ? { headers: { authorization: `Bearer ${admin.token}` } } : {}),
    });
    if (res.statusCode >= 500) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res;
  }
  const said = (res: { statusCode: number; body: string }) => {
    const message = res.body.startsWith("{") ? (JSON.parse(res.body) as { message?: string }).message : "";
    return `${res.statusCode}${message ? ` ${message}` : ""}`;
  };
  const rowOf = async (id: string) =>
    (await t.ctx.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
  const paymentRow = async (id: string) =>
    (await t.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const minutesOf = (r: { startsAt: Date; endsAt: Date }) =>
    (r.endsAt.getTime() - r.startsAt.getTime()) / MINUTE;

  async function pay(paymentId: string, how: Via, button: "approve" | "cancel"): Promise<string> {
    if (how === "page") {
      const res = await pressDemoButton(t, `/maksu/demo/${paymentId}`, button);
      if (res.statusCode >= 500) throw new Error(`demo ${button} answered ${res.statusCode}: ${res.body}`);
      return res.statusCode === 303 ? `303 → ${res.headers.location}` : said(res);
    }
    const { provider } = await paymentRow(paymentId);
    return applyPaymentOutcome(t.ctx, {
      outcome: button === "approve" ? "paid" : "cancelled",
      payment: { provider, paymentId },
    });
  }

  async function letHoldsExpire(): Promise<string> {
    t.clock.advance(16 * MINUTE);
    const expired = await releaseExpiredHolds(t.ctx);
    return `${expired.length} hold(s) expired`;
  }

  async function book(run: Run, b: Book): Promise<string> {
    const start = wallClock(run.day, "10:00");
    const extra: Record<string, unknown> = { email: run.email, dogs: b.dogs, paymentMethod: b.method };
    if (b.discount) extra.discountCode = DISCOUNT_CODE;
    if (b.giftCard !== "none") {
      // Less than any price (a part), or more than any (the whole).
      const card = await addGiftCard(t, b.giftCard === "partial" ? 500 : 10_000);
      run.cards.push(card.id);
      extra.giftCardCode = card.printed;
    }
    const res = await postCheckout(
      t,
      toHelsinkiIso(start),
      toHelsinkiIso(start.plus({ minutes: b.minutes })),
      extra,
    );
    if (res.statusCode !== 201) throw new Error(`checkout answered ${res.statusCode}: ${res.body}`);
    const body = res.json() as { redirectUrl: string; reservation: { id: string; accessToken: string } };
    run.booking = { id: body.reservation.id, token: body.reservation.accessToken };
    const [payment] = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, run.booking.id));
    run.payments.push(payment!.id);
    if (!body.redirectUrl) return "201 confirmed at once (nothing left to pay)";
    if (b.then === "pay") return `201, paid: ${await pay(payment!.id, "page", "approve")}`;
    if (b.then === "abandon") return `201, abandoned: ${await pay(payment!.id, "page", "cancel")}`;
    if (b.then === "expire") return `201, ${await letHoldsExpire()}`;
    return "201, left pending";
  }

  async function move(run: Run, { to, then }: Extract<Step, { op: "move" }>): Promise<string> {
    const row = await rowOf(run.booking.id);
    const current = minutesOf(row);
    const minutes = to === "dearer" ? current + 30 : to === "cheaper" ? current - 30 : current;
    if (minutes < 30 || minutes > 120) return `${SKIPPED}: no ${to} length than ${current} min`;
    for (let i = 0; i < MOVE_STARTS.length; i++) {
      const start = wallClock(run.day, MOVE_STARTS[(run.moves + i) % MOVE_STARTS.length]!);
      const end = start.plus({ minutes });
      const overlaps = start.toMillis() < row.endsAt.getTime() && end.toMillis() > row.startsAt.getTime();
      if (overlaps) continue;
      run.moves += i + 1;
      const res = await call("POST", `/api/v2/reservations/by-token/${run.booking.token}/reschedule`, {
        payload: { start: toHelsinkiIso(start), end: toHelsinkiIso(end) },
      });
      const difference = (res.json() as { payment?: { redirectUrl: string } | null }).payment;
      const moved = `to ${start.toFormat("HH:mm")}–${end.toFormat("HH:mm")}: ${said(res)}`;
      if (res.statusCode !== 202 || !difference) return moved;
      const paymentId = difference.redirectUrl.split("/").at(-1)!;
      run.movePayments.push(paymentId);
      run.payments.push(paymentId);
      if (then === "pay") return `${moved}; paid: ${await pay(paymentId, "page", "approve")}`;
      if (then === "cancel") return `${moved}; cancelled: ${await pay(paymentId, "page", "cancel")}`;
      if (then === "expire") return `${moved}; ${await letHoldsExpire()}`;
      return `${moved}; left pending`;
    }
    return `${SKIPPED}: no free start`;
  }

  /** Another visitor books and pays the time of the latest move hold (or of the booking itself). */
  async function takeHeldSlot(run: Run): Promise<string> {
    const holds = await t.ctx.db.select().from(reservations).where(eq(reservations.moveOf, run.booking.id));
    const target =
      holds.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0] ?? (await rowOf(run.booking.id));
    const res = await postCheckout(t, toHelsinkiIso(target.startsAt), toHelsinkiIso(target.endsAt), {
      email: `toinen.${run.email}`,
      dogs: 1,
    });
    if (res.statusCode >= 500) throw new Error(`checkout answered ${res.statusCode}: ${res.body}`);
    if (res.statusCode !== 201) return `someone else's checkout: ${said(res)}`;
    const body = res.json() as { redirectUrl: string; reservation: { id: string; accessToken: string } };
    run.others.push({ id: body.reservation.id, token: body.reservation.accessToken });
    const [payment] = await t.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.reservationId, body.reservation.id));
    return `someone else booked ${toHelsinkiIso(target.startsAt)}: ${await pay(payment!.id, "page", "approve")}`;
  }

  async function perform(run: Run, step: Step): Promise<string> {
    const last = <T>(list: T[], w: "latest" | "earliest") => (w === "latest" ? list.at(-1) : list[0]);
    switch (step.op) {
      case "move":
        return move(run, step);
      case "payMove": {
        const id = last(run.movePayments, step.which);
        return id ? pay(id, step.via, "approve") : `${SKIPPED}: no move payment`;
      }
      case "cancelMovePayment": {
        const id = last(run.movePayments, step.which);
        return id ? pay(id, step.via, "cancel") : `${SKIPPED}: no move payment`;
      }
      case "letHoldsExpire":
        return letHoldsExpire();
      case "payBooking":
        return pay(run.payments[0]!, step.via, "approve");
      case "visitorCancel":
        return said(await call("DELETE", `/api/v2/reservations/by-token/${run.booking.token}`));
      case "adminCancel":
        return said(
          await call("POST", `/api/v2/admin/reservations/${run.booking.id}/cancel`, {
            payload: { refund: step.refund },
            asAdmin: true,
          }),
        );
      case "adminRefund": {
        const id = step.payment === "booking" ? run.payments[0]! : run.payments.at(-1)!;
        const res = await call("POST", `/api/v2/admin/purchases/${id}/refund`, {
          payload: step.cents === "all" ? {} : { amountCents: step.cents },
          asAdmin: true,
        });
        return said(res);
      }
      case "deliverAgain": {
        const paymentId = run.payments[step.payment % run.payments.length]!;
        const { provider } = await paymentRow(paymentId);
        const outcome = await applyPaymentOutcome(t.ctx, {
          outcome: step.outcome,
          payment: { provider, paymentId },
        });
        return `payment #${run.payments.indexOf(paymentId)}: ${outcome}`;
      }
      case "takeHeldSlot":
        return takeHeldSlot(run);
      case "providerDown":
        refundsDown = true;
        return "the provider's refunds fail";
      case "providerBack": {
        refundsDown = false;
        // Past the first retry's wait (a minute); earlier sequences' leftovers may be due too.
        t.clock.advance(2 * MINUTE);
        const outcomes: string[] = [];
        for (let batch = await retryDueRefunds(t.ctx); batch.length > 0; batch = await retryDueRefunds(t.ctx))
          outcomes.push(...batch);
        return `the provider is back; retried: ${outcomes.join(", ") || "none"}`;
      }
      case "refundNewsAgain": {
        const ids = run.payments.length
          ? await t.ctx.db.select().from(refunds).where(inArray(refunds.paymentId, run.payments))
          : [];
        const outcomes = [];
        for (const r of ids)
          outcomes.push(
            await applyPaymentOutcome(t.ctx, {
              outcome: "refunded",
              refund: {
                providerRef: r.providerRef ?? r.id,
                refundId: r.id,
                status: "succeeded",
                reason: null,
              },
            }),
          );
        return outcomes.join(", ") || "no refunds";
      }
    }
  }

  // ---------- The invariants ----------

  const sumOf = (entries: Array<Pick<LedgerEntry, "kind" | "amountCents">>, kinds: readonly string[]) =>
    entries.reduce((s, e) => (kinds.includes(e.kind) ? s + e.amountCents : s), 0);

  /**
   * What the ledger must say after every step, for each booking of the sequence:
   * 1. a pending hold has no money in and owes nothing; every other booking owes nothing and is
   *    owed nothing back (dueCents 0: paid − refunded − pending equals what it is charged);
   *    nothing is ever charged below zero, and a booking that was confirmed is charged its price;
   * 2. a booking let off (the visitor's cancel, an admin's cancel with refund, an expired hold, a
   *    payment cancelled, late money for a time that was taken) is charged nothing and holds no
   *    money; an admin's cancel without refund keeps what was charged, and paid;
   * 3. no payment gives back more than it took (provider and gift-card shares apart); each
   *    refunds row has exactly one ledger entry, on the owner of the payment's money, of its
   *    amount; every paid payment's money is in the ledger and no unpaid one's; the payments'
   *    refunded_cents is what the ledger has as refunded; a move hold owns nothing;
   * 4. a gift card's balance, plus what it paid (net of returns), plus what pending payments
   *    hold of it, is what was loaded; its history adds up to its balance.
   */
  async function assertLedgerInvariants(run: Run): Promise<void> {
    const db = t.ctx.db;
    const bookings = [run.booking, ...run.others];
    const ids = bookings.map((b) => b.id);
    const holds = await db.select().from(reservations).where(inArray(reservations.moveOf, ids));
    const ownerOf = new Map<string, string>(ids.map((id) => [id, id]));
    for (const h of holds) ownerOf.set(h.id, h.moveOf!);
    const pays = await db
      .select()
      .from(payments)
      .where(inArray(payments.reservationId, [...ownerOf.keys()]));
    const payIds = pays.map((p) => p.id);
    const refundRows = await db.select().from(refunds).where(inArray(refunds.paymentId, payIds));
    const moneyEntries = await db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.paymentId, payIds));

    for (const b of bookings) {
      const row = await rowOf(b.id);
      const who = `booking ${b === run.booking ? "" : "of someone else "}(${row.status}${row.cancelReason ? `/${row.cancelReason}` : ""})`;
      const { entries, balance } = await moneyOf(db, { reservationId: b.id });
      const net = balance.paidCents - balance.refundedCents - balance.refundPendingCents;
      const says = `${who}: ${JSON.stringify(balance)}`;
      // 1
      if (row.status === "pending") {
        expect(balance.paidCents, `${says}: a hold has no money in`).toBe(0);
        expect(balance.chargedCents, `${says}: a hold owes nothing`).toBe(0);
      } else expect(balance.dueCents, `${says}: paid − refunded is what it is charged`).toBe(0);
      expect(balance.chargedCents, `${says}: never charged below zero`).toBeGreaterThanOrEqual(0);
      if (row.confirmedAt) {
        const made = entries.filter((e) => ["price", "discount", "move"].includes(e.kind));
        expect(sumOf(made, ["price", "discount", "move"]), `${says}: the charges make its price`).toBe(
          row.priceCents,
        );
        // Talous sums the entries' VAT (chargedVatByRate): it must be the VAT of the sale itself.
        expect(
          made.reduce((s, e) => s + e.vatCents, 0),
          `${says}: the charges' VAT is the price's (${made.map((e) => `${e.kind} ${e.amountCents}/${e.vatCents}`).join(", ")})`,
        ).toBe(row.vatCents);
      } else
        expect(
          entries.filter((e) => (chargeKinds as readonly string[]).includes(e.kind)),
          `${says}`,
        ).toEqual([]);
      // 2
      if (row.status === "expired" || (row.status === "cancelled" && row.cancelReason !== "admin")) {
        expect(balance.chargedCents, `${says}: let off, charged nothing`).toBe(0);
        expect(net, `${says}: let off, holds no money`).toBe(0);
      }
      if (row.cancelReason === "admin") expect(balance.chargedCents, `${says}: kept what was paid`).toBe(net);
      // 3
      for (const p of paymentsOf(entries)) {
        expect(p.refundedCents, `${says}: payment ${p.paymentId} refunded ≤ paid`).toBeLessThanOrEqual(
          p.paidCents,
        );
        expect(
          p.giftCardReturnedCents,
          `${says}: payment ${p.paymentId} card returned ≤ card paid`,
        ).toBeLessThanOrEqual(p.giftCardCents);
      }
    }

    if (holds.length > 0) {
      const holdIds = holds.map((h) => h.id);
      const heldEntries = await db
        .select()
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.reservationId, holdIds));
      expect(heldEntries, "a move hold owns no money").toEqual([]);
    }

    for (const r of refundRows) {
      const own = moneyEntries.filter((e) => e.refundId === r.id);
      const payment = pays.find((p) => p.id === r.paymentId)!;
      expect(own, `refund ${r.id} (${r.reason}, ${r.amountCents}) has one ledger entry`).toHaveLength(1);
      expect(own[0], `refund ${r.id}'s entry`).toMatchObject({
        kind: "refund",
        amountCents: r.amountCents,
        reservationId: ownerOf.get(payment.reservationId!),
      });
    }
    for (const e of moneyEntries.filter((e) => e.kind === "refund"))
      expect(
        refundRows.some((r) => r.id === e.refundId),
        `ledger refund ${e.id} has its refunds row`,
      ).toBe(true);

    for (const p of pays) {
      const of = moneyEntries.filter((e) => e.paymentId === p.id);
      const what = `payment ${p.id} (${p.status}, ${p.amountCents} + card ${p.giftCardCents})`;
      const paidIn = of.filter((e) => e.kind === "payment" || e.kind === "gift_card");
      if (p.status === "paid" || p.status === "refunded") {
        expect(sumOf(of, ["payment"]), `${what}: its money in the ledger`).toBe(p.amountCents);
        expect(sumOf(of, ["gift_card"]), `${what}: its card share at most`).toBeLessThanOrEqual(
          p.giftCardCents,
        );
        expect(
          paidIn.every((e) => e.reservationId === ownerOf.get(p.reservationId!)),
          `${what}: owned by its booking`,
        ).toBe(true);
      } else expect(of, `${what}: no money in the ledger`).toEqual([]);
      const succeeded = refundRows
        .filter((r) => r.paymentId === p.id && r.status === "succeeded")
        .reduce((s, r) => s + r.amountCents, 0);
      const done = of
        .filter(
          (e) => e.kind === "refund" && refundRows.find((r) => r.id === e.refundId)?.status === "succeeded",
        )
        .reduce((s, e) => s + e.amountCents, 0);
      expect(p.refundedCents, `${what}: refunded_cents is the refunds made`).toBe(succeeded);
      expect(done, `${what}: the ledger's refunds made`).toBe(succeeded);
    }

    for (const cardId of run.cards) {
      const [card] = await db.select().from(giftCards).where(eq(giftCards.id, cardId));
      const history = await db
        .select()
        .from(giftCardTransactions)
        .where(eq(giftCardTransactions.giftCardId, cardId));
      expect(
        history.reduce((s, h) => s + h.amountCents, 0),
        "the card's history adds up to its balance",
      ).toBe(card!.balanceCents);
      const cardPays = pays.filter((p) => p.giftCardId === cardId);
      const cardEntries = moneyEntries.filter((e) => cardPays.some((p) => p.id === e.paymentId));
      const paidNet = sumOf(cardEntries, ["gift_card"]) - sumOf(cardEntries, ["gift_card_return"]);
      const held = cardPays.filter((p) => p.status === "pending").reduce((s, p) => s + p.giftCardCents, 0);
      expect(
        card!.balanceCents + paidNet + held,
        `card: balance ${card!.balanceCents} + paid ${paidNet} + held ${held} is what was loaded`,
      ).toBe(card!.initialCents);
    }
  }

  /**
   * What the visitor sees agrees with the ledger: the booking's answer carries the ledger's sums
   * (`money`) and its payment's refunded and pending cents are the provider's refunds in them; the
   * price shown is what the charges make before any credit; the receipt (kuitti) exists exactly for
   * a booking that was confirmed, and its totals are the balance's.
   */
  async function assertViewsAgree(run: Run): Promise<void> {
    for (const b of [run.booking, ...run.others]) {
      const row = await rowOf(b.id);
      const { entries, balance } = await moneyOf(t.ctx.db, { reservationId: b.id });
      const shown = await call("GET", `/api/v2/reservations/by-token/${b.token}`);
      expect(shown.statusCode).toBe(200);
      const view = shown.json().reservation as {
        status: string;
        priceCents: number;
        money: Record<string, number>;
        payment: { amountCents: number; refundedCents: number; refundPendingCents: number } | null;
      };
      expect(view.status, "the page's status").toBe(row.status);
      expect(view.priceCents, "the page's price").toBe(row.priceCents);
      expect(view.money, "the page's sums are the ledger's").toEqual(balance);
      if (row.status === "confirmed")
        expect(row.priceCents, "a confirmed booking's price is what its charges make").toBe(priceOf(entries));
      if (view.payment) {
        expect(view.payment.refundedCents, "the page's refunded").toBe(
          balance.refundedCents - balance.giftCardReturnedCents,
        );
        expect(view.payment.refundPendingCents, "the page's refund pending").toBe(balance.refundPendingCents);
      }

      const receipt = await call("GET", `/api/v2/reservations/by-token/${b.token}/receipt`);
      const hasReceipt =
        row.confirmedAt !== null && (row.status === "confirmed" || row.status === "cancelled");
      expect(receipt.statusCode, "a receipt exactly for a booking once confirmed").toBe(
        hasReceipt ? 200 : 404,
      );
      if (!hasReceipt) continue;
      const line = (label: string, cents: number) => `${label}</th><td>${formatEuros(cents)}</td>`;
      expect(receipt.body).toContain(line("Hinta yhteensä", balance.chargedCents));
      expect(receipt.body).toContain(line("Maksettu yhteensä", balance.paidCents));
      const back = balance.refundedCents + balance.refundPendingCents;
      if (back > 0) expect(receipt.body).toContain(line("Palautettu yhteensä", -back));
      else expect(receipt.body).not.toContain("Palautettu yhteensä");
    }
  }

  it(
    `balances after every step of ${RUNS} random sequences (seed ${SEED})`,
    async () => {
      const base = new Date("2026-06-15T09:00:00Z").getTime();
      const startedAt = Date.now();
      await fc.assert(
        fc.asyncProperty(scenarioArb, async ({ book: first, steps }) => {
          const n = sequence++;
          refundsDown = false;
          t.clock.set(new Date(base + n * 86_400_000));
          const today = toHelsinkiIso(t.clock.now()).slice(0, 10);
          const run: Run = {
            day: addDays(today, 3),
            email: `kirja.${kind}.${n}@example.com`,
            booking: { id: "", token: "" },
            payments: [],
            movePayments: [],
            moves: 0,
            others: [],
            cards: [],
            trace: [],
          };
          const check = async () => {
            await assertLedgerInvariants(run);
            await assertViewsAgree(run);
          };
          try {
            run.trace.push(`book ${JSON.stringify(first)} → ${await book(run, first)}`);
            await check();
            for (const step of steps) {
              const answer = await perform(run, step);
              run.trace.push(`${JSON.stringify(step)} → ${answer}`);
              // A step that found nothing to act on changed nothing to check again.
              if (!answer.startsWith(SKIPPED)) await check();
            }
          } catch (error) {
            const e = error as Error;
            e.message = `${e.message}\n\nSequence ${n} on ${run.day}, step by step:\n  ${run.trace.join("\n  ")}`;
            throw e;
          }
        }),
        { numRuns: RUNS, seed: SEED, ...(PATH ? { path: PATH } : {}) },
      );
      console.info(`money ledger property on ${kind}: ${RUNS} sequences in ${Date.now() - startedAt} ms`);
    },
    30 * 60_000,
  );
});
