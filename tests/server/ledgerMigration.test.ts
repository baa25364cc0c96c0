import { sql } from "drizzle-orm";
import { helsinkiDate } from "../../src/domain/helsinkiClock.js";
import { balanceOf, paymentsOf, type LedgerEntry } from "../../src/domain/ledger.js";
import type { Db } from "../../src/server/db/database.js";
import {
  areas,
  discountCodes,
  giftCards,
  giftCardTransactions,
  invoices,
  ledgerEntries,
  payments,
  refunds,
  reservations,
  vatRates,
} from "../../src/server/schema/index.js";
import { ledgerOf, type LedgerOwner } from "../../src/server/ledger/service.js";
import { openDatabaseBefore, type DatabaseBefore } from "../support/before0022.js";
import { databaseKinds } from "../support/database.js";
import { moneyBefore0022 } from "../support/moneyBefore0022.js";

/**
 * Migration 0022 (decision 038) turns the money the code before the ledger recorded into ledger
 * entries. A database migrated up to 0021 gets the rows that code wrote for every money path (see
 * tests/support/moneyBefore0022.ts), then the real migrations folder runs on it (0022 only). The
 * old notion of money (what Talous summed: a paid payment's provider share and gift card share as
 * stored, by paid_at; succeeded refunds by completed_at; a paid payment's card share returned, by
 * the later of the return and the payment) must be the ledger's, per booking, per invoice, per
 * payment and per month, and what the ledger says is due must be what the old rows say: nothing,
 * except where the old code left money owed back, which the ledger must show.
 */

const HELSINKI = "+02:00"; // every instant below is before the spring's clock change
const at = (wall: string) => new Date(`${wall.replace(" ", "T")}:00${HELSINKI}`);
const month = (d: Date) => helsinkiDate(d).slice(0, 7);

type Money = { charged: number; paid: number; refunded: number; pending: number };
const nothing = (): Money => ({ charged: 0, paid: 0, refunded: 0, pending: 0 });
const dueOf = (m: Money) => m.charged - (m.paid - m.refunded - m.pending);
type PaymentMoney = { paid: number; giftCard: number; refunded: number; giftCardReturned: number };

/** The database before 0022, read as the old code and its Talous added money up. */
async function oldMoney(db: Db) {
  const rows = {
    reservations: await db.select().from(reservations),
    invoices: await db.select().from(invoices),
    payments: await db.select().from(payments),
    refunds: await db.select().from(refunds),
    giftCardTransactions: await db.select().from(giftCardTransactions),
  };
  const moveOf = new Map(rows.reservations.map((r) => [r.id, r.moveOf]));
  const owners = new Map<string, Money>();
  for (const r of rows.reservations) {
    if (r.moveOf) continue;
    // What the booking holds now: a live one its price, and one an admin cancelled keeping the money
    // (an admin's refund from Ostokset comes off below).
    const keeps = r.status === "confirmed" || (r.cancelReason === "admin" && r.confirmedAt !== null);
    owners.set(`r:${r.id}`, { ...nothing(), charged: keeps ? r.priceCents : 0 });
  }
  for (const i of rows.invoices)
    owners.set(`i:${i.id}`, { ...nothing(), charged: i.status === "void" ? 0 : i.amountCents });

  const months = new Map<string, { paid: number; refunded: number }>();
  const inMonth = (d: Date) =>
    months.get(month(d)) ?? months.set(month(d), { paid: 0, refunded: 0 }).get(month(d))!;
  const byPayment = new Map<string, PaymentMoney>();
  const paid = new Map(
    rows.payments.filter((p) => p.status === "paid" || p.status === "refunded").map((p) => [p.id, p]),
  );
  const ownerOf = (p: (typeof rows.payments)[number]) =>
    p.invoiceId ? `i:${p.invoiceId}` : `r:${moveOf.get(p.reservationId!) ?? p.reservationId}`;
  for (const p of paid.values()) {
    const cents = p.amountCents + p.giftCardCents;
    owners.get(ownerOf(p))!.paid += cents;
    inMonth(p.paidAt!).paid += cents;
    byPayment.set(p.id, { paid: p.amountCents, giftCard: p.giftCardCents, refunded: 0, giftCardReturned: 0 });
  }
  for (const f of rows.refunds) {
    const p = paid.get(f.paymentId)!;
    const owner = owners.get(ownerOf(p))!;
    // Ostokset's refund let the customer off that much of a booking or invoice that stayed.
    if (f.reason === "admin_refund") owner.charged -= f.amountCents;
    if (f.status !== "failed") byPayment.get(p.id)!.refunded += f.amountCents;
    if (f.status === "pending") owner.pending += f.amountCents;
    if (f.status !== "succeeded") continue;
    owner.refunded += f.amountCents;
    inMonth(f.completedAt!).refunded += f.amountCents;
  }
  for (const t of rows.giftCardTransactions) {
    const p = t.kind === "return" && t.paymentId ? paid.get(t.paymentId) : undefined;
    if (!p) continue;
    owners.get(ownerOf(p))!.refunded += t.amountCents;
    byPayment.get(p.id)!.giftCardReturned += t.amountCents;
    inMonth(t.createdAt > p.paidAt! ? t.createdAt : p.paidAt!).refunded += t.amountCents;
  }
  const holds = rows.reservations.filter((r) => r.moveOf).map((r) => r.id);
  const cardOfPayment = new Map(rows.payments.map((p) => [p.id, p.giftCardId]));
  return { owners, months, byPayment, holds, cardOfPayment };
}

/** Every owner's entries after the migration. */
async function ledgerMoney(db: Db, keys: string[]) {
  const entries = new Map<string, LedgerEntry[]>();
  for (const key of keys) {
    const owner: LedgerOwner = key.startsWith("r:")
      ? { reservationId: key.slice(2) }
      : { invoiceId: key.slice(2) };
    entries.set(key, await ledgerOf(db, owner));
  }
  return entries;
}

describe.each(databaseKinds)("migration 0022 on %s", (kind) => {
  let database: DatabaseBefore;
  afterEach(() => database?.close());

  it("moves every booking's and invoice's money into the ledger and changes no total", async () => {
    database = await openDatabaseBefore(kind, 21);
    const { db } = database;
    const [area] = await db.insert(areas).values({ name: "Iso aitaus" }).returning();
    await db.insert(vatRates).values({ rateBasisPoints: 2550 });
    const [code] = await db
      .insert(discountCodes)
      .values({ code: "KEVAT20", kind: "percent", percentOff: 20, usedCount: 2 })
      .returning();
    const card = async (cents: number) => {
      const [row] = await db
        .insert(giftCards)
        .values({ code: `CARD${cents}${Math.random()}`, initialCents: cents, balanceCents: cents })
        .returning();
      await db
        .insert(giftCardTransactions)
        .values({ giftCardId: row!.id, kind: "issue", amountCents: cents, balanceAfterCents: cents });
      return row!.id;
    };
    const cards = { a: await card(5000), b: await card(2000), c: await card(2000), d: await card(500) };
    const more = { e: await card(500), f: await card(990) };
    // Written by hand: columns the schema gained after 0022 (subscriptions.pauses) are not there yet.
    const inserted = (await db.execute(sql`
      insert into subscriptions (tier_level, tier_name, hours_quota, monthly_price_cents, commitment, status, start_date)
      values (1, 'Perus', 10, 2990, 'none', 'active', '2025-11-01') returning id`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    const sub = inserted.rows[0];
    const old = moneyBefore0022(db, area!.id);
    const bookings: Record<string, string> = {};
    const paidBooking = async (name: string, o: Parameters<typeof old.checkout>[0], paidAt: Date) => {
      const b = await old.checkout(o);
      await old.paid(b.reservationId, b.paymentId!, paidAt);
      bookings[name] = b.reservationId;
      return b;
    };

    // Single bookings paid by card and MobilePay, with a discount code, gift cards and extra dogs.
    await paidBooking("card", { at: at("2026-01-05 10:00"), listCents: 2000 }, at("2026-01-05 10:02"));
    await paidBooking(
      "mobilepay",
      { at: at("2026-01-06 10:00"), listCents: 2000, method: "mobilepay" },
      at("2026-01-06 10:02"),
    );
    await paidBooking(
      "discountCode",
      { at: at("2026-01-07 10:00"), listCents: 2000, discount: { codeId: code!.id, cents: 400 } },
      at("2026-01-07 10:02"),
    );
    await paidBooking(
      "giftCardPartial",
      {
        at: at("2026-01-08 10:00"),
        listCents: 2500,
        dogs: 2,
        extraDogsCents: 500,
        gift: { cardId: cards.a, cents: 1000 },
      },
      at("2026-01-08 10:02"),
    );
    await paidBooking(
      "giftCardFull",
      { at: at("2026-01-09 10:00"), listCents: 2000, gift: { cardId: cards.b, cents: 2000 } },
      at("2026-01-09 10:00"),
    );
    await paidBooking(
      "extraDogs",
      { at: at("2026-01-10 10:00"), listCents: 3000, dogs: 3, extraDogsCents: 1000, method: "mobilepay" },
      at("2026-01-10 10:02"),
    );

    // Cheaper moves: part of the provider share back; then a difference beyond it, the rest to the card.
    await paidBooking("cheaperMove", { at: at("2026-01-11 10:00"), listCents: 3000 }, at("2026-01-11 10:02"));
    await old.cheaperMove(bookings.cheaperMove!, { totalCents: 2000 }, at("2026-02-02 10:00"));
    await paidBooking(
      "cheaperMoveGiftCard",
      { at: at("2026-01-12 10:00"), listCents: 3000, gift: { cardId: cards.c, cents: 2000 } },
      at("2026-01-12 10:02"),
    );
    await old.cheaperMove(bookings.cheaperMoveGiftCard!, { totalCents: 1000 }, at("2026-02-03 10:00"));

    // Dearer moves: the difference paid on the hold row and swapped in; a late one refunded.
    await paidBooking("dearerMove", { at: at("2026-01-13 10:00"), listCents: 2000 }, at("2026-01-13 10:02"));
    await old.dearerMove(bookings.dearerMove!, { totalCents: 3000 }, at("2026-02-04 10:00"), {
      swappedAt: at("2026-02-04 10:03"),
    });
    await paidBooking(
      "dearerMoveLate",
      { at: at("2026-01-14 10:00"), listCents: 2000 },
      at("2026-01-14 10:02"),
    );
    await old.dearerMove(bookings.dearerMoveLate!, { totalCents: 2600 }, at("2026-02-05 10:00"), {
      expiredAt: at("2026-02-05 10:16"),
      latePaidAt: at("2026-02-05 10:30"),
    });
    // The old bug: the cheaper move refunded only from the booking's own payment, never the difference's.
    await paidBooking(
      "dearerThenCheaper",
      { at: at("2026-01-15 10:00"), listCents: 2000 },
      at("2026-01-15 10:02"),
    );
    await old.dearerMove(bookings.dearerThenCheaper!, { totalCents: 4000 }, at("2026-02-06 10:00"), {
      swappedAt: at("2026-02-06 10:03"),
    });
    await old.cheaperMove(bookings.dearerThenCheaper!, { totalCents: 1000 }, at("2026-02-10 10:00"));
    // ...and cancelled after it: its own payment refunded already, the difference never goes back.
    await paidBooking(
      "dearerThenCheaperCancelled",
      { at: at("2026-01-16 10:00"), listCents: 2000 },
      at("2026-01-16 10:02"),
    );
    await old.dearerMove(bookings.dearerThenCheaperCancelled!, { totalCents: 4000 }, at("2026-02-07 10:00"), {
      swappedAt: at("2026-02-07 10:03"),
    });
    await old.cheaperMove(bookings.dearerThenCheaperCancelled!, { totalCents: 500 }, at("2026-02-11 10:00"));
    await old.customerCancel(bookings.dearerThenCheaperCancelled!, at("2026-02-12 10:00"));
    await paidBooking(
      "dearerMoveCancelled",
      { at: at("2026-01-17 10:00"), listCents: 2000 },
      at("2026-01-17 10:02"),
    );
    await old.dearerMove(bookings.dearerMoveCancelled!, { totalCents: 3000 }, at("2026-02-08 10:00"), {
      swappedAt: at("2026-02-08 10:03"),
    });
    await old.customerCancel(bookings.dearerMoveCancelled!, at("2026-02-13 10:00"));

    // Cancels: the visitor's with its refund made, pending or failed; the admin's with and without.
    await paidBooking(
      "customerCancel",
      {
        at: at("2026-01-18 10:00"),
        listCents: 3000,
        discount: { codeId: code!.id, cents: 500 },
        gift: { cardId: cards.d, cents: 500 },
      },
      at("2026-01-18 10:02"),
    );
    await old.customerCancel(bookings.customerCancel!, at("2026-02-14 10:00"));
    await paidBooking(
      "customerCancelPending",
      { at: at("2026-01-19 10:00"), listCents: 2000 },
      at("2026-01-19 10:02"),
    );
    await old.customerCancel(bookings.customerCancelPending!, at("2026-03-02 10:00"), "pending");
    await paidBooking(
      "customerCancelFailed",
      { at: at("2026-01-20 10:00"), listCents: 2000 },
      at("2026-01-20 10:02"),
    );
    await old.customerCancel(bookings.customerCancelFailed!, at("2026-03-03 10:00"), "failed");
    await paidBooking(
      "adminCancel",
      { at: at("2026-01-21 10:00"), listCents: 2000, method: "mobilepay" },
      at("2026-01-21 10:02"),
    );
    await old.adminCancel(bookings.adminCancel!, at("2026-02-15 10:00"), { refund: false });
    await paidBooking(
      "adminCancelRefunded",
      { at: at("2026-01-22 10:00"), listCents: 2500, gift: { cardId: cards.a, cents: 500 } },
      at("2026-01-22 10:02"),
    );
    await old.adminCancel(bookings.adminCancelRefunded!, at("2026-02-16 10:00"), { refund: true });
    // Ostokset's refund of a booking that stays (its card's share stays paid).
    const refundedInOstokset = await paidBooking(
      "adminRefund",
      { at: at("2026-01-23 10:00"), listCents: 2500, gift: { cardId: more.e, cents: 500 } },
      at("2026-01-23 10:02"),
    );
    await old.adminRefund(refundedInOstokset.paymentId!, at("2026-02-17 10:00"));

    // Late payments for expired holds: one whose card's share went back at the expiry (the month before).
    const lateGift = await old.checkout({
      at: at("2026-01-31 23:40"),
      listCents: 2000,
      gift: { cardId: cards.a, cents: 500 },
    });
    bookings.latePaymentGiftCard = lateGift.reservationId;
    await old.holdExpired(lateGift.reservationId, at("2026-01-31 23:56"));
    await old.latePaymentRefunded(lateGift.reservationId, lateGift.paymentId!, at("2026-02-01 00:05"));
    const late = await old.checkout({ at: at("2026-02-20 10:00"), listCents: 2000 });
    bookings.latePayment = late.reservationId;
    await old.holdExpired(late.reservationId, at("2026-02-20 10:16"));
    await old.latePaymentRefunded(late.reservationId, late.paymentId!, at("2026-02-20 10:30"));
    const neverPaid = await old.checkout({ at: at("2026-02-21 10:00"), listCents: 2000 });
    bookings.neverPaid = neverPaid.reservationId;
    await old.holdExpired(neverPaid.reservationId, at("2026-02-21 10:16"));

    // Members' bookings: no price, no payment.
    for (const name of ["member", "memberCancelled"]) {
      const m = await old.checkout({
        at: at("2026-02-22 10:00"),
        listCents: 0,
        kind: "subscriber",
        subscriptionId: sub!.id,
      });
      bookings[name] = m.reservationId;
    }
    await old.customerCancel(bookings.memberCancelled!, at("2026-02-23 10:00"));

    // Invoices: paid, open, void, credited, and one paid twice with the second refunded.
    const invoiceIds: Record<string, string> = {};
    const invoice = async (name: string, number: number, periodStart: string, issuedAt: Date) =>
      (invoiceIds[name] = await old.invoice({
        subscriptionId: sub!.id,
        number,
        periodStart,
        cents: 2990,
        at: issuedAt,
      }));
    await invoice("paid", 1, "2026-01-01", at("2026-01-01 06:00"));
    await old.invoicePaid(
      invoiceIds.paid!,
      await old.invoicePayment(invoiceIds.paid!, 2990, at("2026-01-02 09:00")),
      at("2026-01-02 09:01"),
    );
    await invoice("open", 2, "2026-02-01", at("2026-02-01 06:00"));
    await old.invoicePayment(invoiceIds.open!, 2990, at("2026-02-02 09:00"));
    await invoice("void", 3, "2026-03-01", at("2026-03-01 06:00"));
    await old.voidInvoice(invoiceIds.void!, at("2026-03-04 09:00"));
    await invoice("credited", 4, "2025-12-01", at("2025-12-01 06:00"));
    const creditedPayment = await old.invoicePayment(invoiceIds.credited!, 2990, at("2025-12-02 09:00"), {
      gift: { cardId: more.f, cents: 990 },
    });
    await old.invoicePaid(invoiceIds.credited!, creditedPayment, at("2025-12-02 09:01"));
    await old.creditInvoice(invoiceIds.credited!, creditedPayment, at("2026-01-20 09:00"));
    await invoice("paidTwice", 5, "2025-11-01", at("2025-11-01 06:00"));
    const first = await old.invoicePayment(invoiceIds.paidTwice!, 2990, at("2025-11-02 10:00"));
    const second = await old.invoicePayment(invoiceIds.paidTwice!, 2990, at("2025-11-02 10:05"));
    await old.invoicePaid(invoiceIds.paidTwice!, first, at("2025-11-02 10:06"));
    await old.invoiceNotNeeded(second, at("2025-11-02 10:07"));

    const before = await oldMoney(db);
    await database.migrateRest();
    const after = await ledgerMoney(db, [...before.owners.keys()]);
    const nameOf = new Map<string, string>([
      ...Object.entries(bookings).map(([name, id]) => [`r:${id}`, name] as const),
      ...Object.entries(invoiceIds).map(([name, id]) => [`i:${id}`, `invoice ${name}`] as const),
    ]);

    // Each booking's and invoice's money, as the old rows had it and as the ledger has it.
    const said = (m: Map<string, Money>) =>
      Object.fromEntries(
        [...m].map(([key, money]) => [nameOf.get(key) ?? key, { ...money, due: dueOf(money) }]),
      );
    const ledgerSays = new Map(
      [...after].map(([key, entries]) => {
        const b = balanceOf(entries);
        return [
          key,
          {
            charged: b.chargedCents,
            paid: b.paidCents,
            refunded: b.refundedCents,
            pending: b.refundPendingCents,
          },
        ];
      }),
    );
    expect(said(ledgerSays)).toEqual(said(before.owners));

    // Each payment's money (paymentsOf), in the order the payments were paid.
    const paymentsAfter = new Map<string, PaymentMoney>();
    for (const [key, entries] of after) {
      const ps = paymentsOf(entries);
      expect(
        ps.map((p) => p.paidAt.getTime()),
        `${nameOf.get(key)}: payments in the order paid`,
      ).toEqual(ps.map((p) => p.paidAt.getTime()).sort((x, y) => x - y));
      for (const p of ps)
        paymentsAfter.set(p.paymentId, {
          paid: p.paidCents,
          giftCard: p.giftCardCents,
          refunded: p.refundedCents,
          giftCardReturned: p.giftCardReturnedCents,
        });
    }
    expect(paymentsAfter).toEqual(before.byPayment);

    // Each month's money in and back (Helsinki months, as Talous groups them).
    const monthsAfter = new Map<string, { paid: number; refunded: number }>();
    const allEntries = [...after.values()].flat();
    for (const m of new Set(allEntries.map((e) => month(e.createdAt)))) {
      const b = balanceOf(allEntries.filter((e) => month(e.createdAt) === m));
      if (b.paidCents !== 0 || b.refundedCents !== 0)
        monthsAfter.set(m, { paid: b.paidCents, refunded: b.refundedCents });
    }
    const sortedMonths = (m: Map<string, unknown>) =>
      Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)));
    expect(sortedMonths(monthsAfter)).toEqual(sortedMonths(before.months));

    // A dearer move's hold owns nothing: its payment and refunds are its booking's. No entry is left over.
    expect(before.holds.length).toBe(5);
    for (const hold of before.holds) expect(await ledgerOf(db, { reservationId: hold })).toEqual([]);
    expect(await db.$count(ledgerEntries)).toBe(allEntries.length);

    // What is due: nothing on every settled booking and invoice; the open invoice its amount; and
    // money owed back where the old code never gave it (the ledger shows the debt, not hides it).
    const owedBack = {
      // Paid 2000 + 2000 on the dearer move's hold, moved to 1000: only 2000 came back.
      dearerThenCheaper: -1000,
      // The same, then cancelled: the booking's own payment was refunded, so nothing more went back.
      dearerThenCheaperCancelled: -2000,
      // The visitor's refund failed at the provider.
      customerCancelFailed: -2000,
    } as Record<string, number>;
    const due = Object.fromEntries(
      [...after].map(([key, entries]) => [nameOf.get(key)!, balanceOf(entries).dueCents]),
    );
    const expected = Object.fromEntries(
      Object.keys(due).map((name) => [name, owedBack[name] ?? (name === "invoice open" ? 2990 : 0)]),
    );
    expect(due).toEqual(expected);
    expect(Object.fromEntries([...before.owners].map(([key, m]) => [nameOf.get(key)!, dueOf(m)]))).toEqual(
      expected,
    );

    // No gift card money is lost: each card's balance is what it was issued less what the ledger says
    // its payments kept (a cheaper move's share given back without its payment included).
    const kept = new Map<string, number>();
    for (const e of allEntries) {
      const cardId = e.paymentId ? before.cardOfPayment.get(e.paymentId) : null;
      if (!cardId) continue;
      const cents =
        e.kind === "gift_card" ? e.amountCents : e.kind === "gift_card_return" ? -e.amountCents : 0;
      kept.set(cardId, (kept.get(cardId) ?? 0) + cents);
    }
    for (const c of await db.select().from(giftCards))
      expect(c.balanceCents, `card of ${c.initialCents}`).toBe(c.initialCents - (kept.get(c.id) ?? 0));
  }, 120_000);
});
