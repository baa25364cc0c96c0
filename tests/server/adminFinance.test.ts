import { rescheduleResponseSchema } from "../../src/domain/booking.js";
import { helsinkiDate } from "../../src/domain/helsinkiTime.js";
import { balanceOf, type LedgerEntry } from "../../src/domain/ledger.js";
import { invoices, ledgerEntries } from "../../src/server/schema/index.js";
import { financeReport } from "../../src/server/finance/report.js";
import { ledgerRepository } from "../../src/server/ledger/repository.js";
import { cancelReservation } from "../../src/server/reservations/service.js";
import { createDueInvoices } from "../../src/server/memberships/invoices/service.js";
import { setVatRate } from "../../src/server/prices/admin.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, holdSlot, pressDemoButton } from "../support/booking.js";
import { addDiscountCode, addGiftCard } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";

/*
 * v2/talous on the real app and database, over a September seeded through the real services:
 * bookings paid by card and MobilePay, a discount, a gift card sold and redeemed, a cancellation
 * refunded, memberships paid, an invoice left overdue and one open, and the VAT rate raised from
 * 24 % to 25,5 % on 15.9. Every expected figure below is worked out by hand in the comments.
 */

const slot = (date: string) => [`${date}T10:00:00+03:00`, `${date}T11:00:00+03:00`] as const;

async function seedSeptember(t: TestApp) {
  const at = (time: string) => t.clock.set(time);
  // Set in advance, as an admin would: 24 % now, 25,5 % for slots and periods from 15.9.
  const owner = { uid: "owner", email: "owner@example.com" };
  at("2026-08-01T10:00:00+03:00");
  await setVatRate(t.ctx, owner, { rateBasisPoints: 2400 });
  await setVatRate(t.ctx, owner, { rateBasisPoints: 2550, effectiveFrom: "2026-09-15" });

  // August, outside the month: Bertta joins Perus, 39,00 € (ALV 24 %: 7,55 €).
  at("2026-08-10T10:00:00+03:00");
  await joinAndPay(t, asCustomer(t, await logIn(t, "bertta@example.com")), 1);

  // 1.9. Cecilia joins Perus by card: 39,00 €, ALV 24 % 7,55 €.
  at("2026-09-01T10:00:00+03:00");
  await joinAndPay(t, asCustomer(t, await logIn(t, "cecilia@example.com")), 1);
  // 3.9. Booking A by card: 15,00 €, ALV 24 % 2,90 €.
  at("2026-09-03T10:00:00+03:00");
  await bookAndPay(t, ...slot("2026-09-06"), { paymentMethod: "card" });
  // 5.9. Booking B by MobilePay with 10 % off: 13,50 € (1,50 € off), ALV 24 % 2,61 €.
  at("2026-09-05T10:00:00+03:00");
  await addDiscountCode(t);
  await bookAndPay(t, ...slot("2026-09-07"), { discountCode: "kevat10" });
  // 8.9. Aino joins Plus by card: 59,00 €, ALV 24 % 11,42 €.
  at("2026-09-08T10:00:00+03:00");
  await joinAndPay(t, asCustomer(t, await logIn(t, "aino@example.com")), 2);
  // 10.9. Bertta's second period is invoiced (39,00 €, 24 %), due 24.9., never paid. A gift card
  // of 10,00 € is sold: a voucher, not revenue.
  at("2026-09-10T10:00:00+03:00");
  await createDueInvoices(t.ctx);
  const card = await addGiftCard(t, 1000);

  // 15.9. The rate is 25,5 % from here on (for slots from this date).
  // 16.9. A hold that would use the card is given up on the payment page: its share goes back to
  // the card, and nothing was sold or refunded.
  at("2026-09-16T09:00:00+03:00");
  const given = await holdSlot(t, ...slot("2026-09-17"), { giftCardCode: card.printed });
  await pressDemoButton(t, given.redirectUrl, "cancel");
  // 16.9. Booking C: 15,00 €, ALV 25,5 % 3,05 €; the gift card pays 10,00 €, the card 5,00 €.
  at("2026-09-16T10:00:00+03:00");
  await bookAndPay(t, ...slot("2026-09-18"), { paymentMethod: "card", giftCardCode: card.printed });
  // 18.9. Booking D by MobilePay: 15,00 €, ALV 3,05 €; cancelled 19.9. and refunded.
  at("2026-09-18T10:00:00+03:00");
  const d = await bookAndPay(t, ...slot("2026-09-21"));
  at("2026-09-19T10:00:00+03:00");
  await cancelReservation(t.ctx, d.reservation.accessToken);
  // 30.9. 23.30 in Helsinki (20.30 UTC) is still September: booking E by card, 15,00 €, ALV 3,05 €.
  at("2026-09-30T23:30:00+03:00");
  await bookAndPay(t, ...slot("2026-10-03"), { paymentMethod: "card" });
  // 1.10. 0.15 in Helsinki (30.9. 21.15 UTC) is October: booking F by MobilePay, 15,00 €.
  at("2026-10-01T00:15:00+03:00");
  await bookAndPay(t, ...slot("2026-10-04"));
  // 1.10. Cecilia's second period is invoiced: 39,00 € at 25,5 %, due 15.10., open.
  at("2026-10-01T10:00:00+03:00");
  await createDueInvoices(t.ctx);
  at("2026-10-02T12:00:00+03:00");
}

describe.each(databaseKinds)("admin talous (%s)", (kind) => {
  let t: TestApp;
  let admin: { email: string; token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("talous");
    t = await createTestApp(kind);
    await seedSeptember(t);
  }, 120_000);
  afterAll(() => t?.close());

  const get = (url: string) => adminRequest(t, admin, "GET", url);

  it("reports September's revenue, refunds and VAT per rate to the cent", async () => {
    const res = await get("/finance?from=2026-09-01&to=2026-09-30&groupBy=day");
    expect(res.statusCode).toBe(200);
    const report = res.json();
    // Sales: A 15 + B 13,50 + C 15 + D 15 + E 15 = 73,50 (bookings); 39 + 59 = 98 (memberships).
    // Refunds: D 15,00 back to MobilePay.
    expect(report.products).toEqual([
      { product: "single", salesCents: 7350, refundsCents: 1500, netCents: 5850 },
      { product: "membership", salesCents: 9800, refundsCents: 0, netCents: 9800 },
    ]);
    // In the forms' order: MobilePay: B 13,50 + D 15; card: A 15 + C 5 + E 15 + Cecilia 39 + Aino 59 = 133; gift card: 10.
    expect(report.methods).toEqual([
      { method: "mobilepay", salesCents: 2850, refundsCents: 1500, netCents: 1350 },
      { method: "card", salesCents: 13300, refundsCents: 0, netCents: 13300 },
      { method: "tilisiirto", salesCents: 0, refundsCents: 0, netCents: 0 },
      { method: "gift_card", salesCents: 1000, refundsCents: 0, netCents: 1000 },
    ]);
    // 24 %: A 15/2,90 + B 13,50/2,61 + Cecilia 39/7,55 + Aino 59/11,42 = 126,50/24,48.
    // 25,5 %: C, D, E 3 × 15/3,05 = 45/9,15, less D's refund 15/3,05 = 30/6,10.
    expect(report.vat).toEqual([
      {
        rateBasisPoints: 2400,
        salesCents: 12650,
        refundsCents: 0,
        grossCents: 12650,
        vatCents: 2448,
        netCents: 10202,
      },
      {
        rateBasisPoints: 2550,
        salesCents: 4500,
        refundsCents: 1500,
        grossCents: 3000,
        vatCents: 610,
        netCents: 2390,
      },
    ]);
    expect(report.totals).toEqual({
      salesCents: 17150,
      refundsCents: 1500,
      grossCents: 15650,
      vatCents: 3058,
      netCents: 12592,
      discountsCents: 150,
    });
    expect(report.giftCards).toEqual({ soldCents: 1000, redeemedCents: 1000 });

    expect(report.series).toHaveLength(30);
    const day = (date: string) => report.series.find((s: { period: string }) => s.period === date);
    expect(day("2026-09-01")).toEqual({
      period: "2026-09-01",
      singleCents: 0,
      membershipCents: 3900,
      salesCents: 3900,
      refundsCents: 0,
      netCents: 3900,
    });
    expect(day("2026-09-19")).toMatchObject({ salesCents: 0, refundsCents: 1500, netCents: -1500 });
    expect(day("2026-09-30")).toMatchObject({ singleCents: 1500, salesCents: 1500 });
    expect(day("2026-09-02")).toMatchObject({ salesCents: 0, refundsCents: 0 });
    const summed = report.series.reduce((s: number, p: { netCents: number }) => s + p.netCents, 0);
    expect(summed).toBe(report.totals.grossCents);
  });

  it("lists open and overdue invoices as of today", async () => {
    const { invoices } = (await get("/finance?from=2026-09-01&to=2026-09-30")).json();
    expect(invoices).toMatchObject({
      today: "2026-10-02",
      open: { count: 2, totalCents: 7800 },
      overdue: { count: 1, totalCents: 3900 },
    });
    expect(invoices.rows).toEqual([
      expect.objectContaining({
        email: "bertta@example.com",
        dueDate: "2026-09-24",
        amountCents: 3900,
        overdue: true,
      }),
      expect.objectContaining({
        email: "cecilia@example.com",
        dueDate: "2026-10-15",
        amountCents: 3900,
        overdue: false,
      }),
    ]);
  });

  it("groups by Helsinki month, each sale in the month its money came in", async () => {
    const report = (await get("/finance?from=2026-08-01&to=2026-10-31&groupBy=month")).json();
    expect(report.series).toEqual([
      {
        period: "2026-08",
        singleCents: 0,
        membershipCents: 3900,
        salesCents: 3900,
        refundsCents: 0,
        netCents: 3900,
      },
      {
        period: "2026-09",
        singleCents: 7350,
        membershipCents: 9800,
        salesCents: 17150,
        refundsCents: 1500,
        netCents: 15650,
      },
      {
        period: "2026-10",
        singleCents: 1500,
        membershipCents: 0,
        salesCents: 1500,
        refundsCents: 0,
        netCents: 1500,
      },
    ]);
    // Bertta's August 39,00 € at 24 % (7,55 €); F's 15,00 € at 25,5 % (3,05 €).
    expect(report.totals).toMatchObject({ grossCents: 21050, vatCents: 3058 + 755 + 305 });
  });

  it("exports the same figures as CSV for Finnish Excel, totals equal to the page's", async () => {
    const query = "from=2026-09-01&to=2026-09-30&groupBy=day";
    const report = (await get(`/finance?${query}`)).json();
    const res = await get(`/finance.csv?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="talous-2026-09-01-2026-09-30.csv"',
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = res.body
      .slice(1)
      .trimEnd()
      .split("\r\n")
      // A cell with a comma is quoted (lists/csv.ts); none of these holds a ; or a quote.
      .map((line) => line.split(";").map((cell) => cell.replace(/^"(.*)"$/, "$1")));
    const cents = (text: string) => {
      expect(text).toMatch(/^-?\d+,\d{2}$/);
      return Math.round(Number(text.replace(",", ".")) * 100);
    };
    const vatHeader = rows.findIndex((r) => r[0] === "ALV-kanta");
    expect(rows[vatHeader]).toEqual([
      "ALV-kanta",
      "Myynti €",
      "Palautukset €",
      "Verollinen €",
      "ALV €",
      "Veroton €",
    ]);
    expect(rows[vatHeader + 1]).toEqual(["24 %", "126,50", "0,00", "126,50", "24,48", "102,02"]);
    expect(rows[vatHeader + 2]).toEqual(["25,5 %", "45,00", "15,00", "30,00", "6,10", "23,90"]);
    const total = rows[vatHeader + 3]!;
    expect(total[0]).toBe("Yhteensä");
    const t = report.totals;
    expect(total.slice(1).map(cents)).toEqual([
      t.salesCents,
      t.refundsCents,
      t.grossCents,
      t.vatCents,
      t.netCents,
    ]);
    // The daily rows add up to the page's totals too.
    const days = rows.slice(3, 3 + 30);
    expect(days[0]![0]).toBe("2026-09-01");
    expect(days.reduce((s, r) => s + cents(r[5]!), 0)).toBe(t.grossCents);
    expect(rows.find((r) => r[0] === "Erääntyneet")).toEqual(["Erääntyneet", "1", "39,00"]);
  });

  it("refuses a bad period in Finnish", async () => {
    const reversed = await get("/finance?from=2026-09-30&to=2026-09-01");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/Alkupäivä on loppupäivän jälkeen\.$/);
    const week = await get("/finance?from=2026-09-01&to=2026-09-30&groupBy=week");
    expect(week.statusCode).toBe(400);
    expect((await get("/finance.csv?from=2026-09-01")).statusCode).toBe(400);
    expect((await get("/finance?from=2020-01-01&to=2026-01-01")).statusCode).toBe(400);
  });
});

/*
 * Talous reads its money from the ledger (decision 038): for a month, its money in less money back
 * is, booking by booking and invoice by invoice, what the ledger says was paid less what went back
 * in that month. Followed through a booking whose gift card pays part, moved to a cheaper time (the
 * provider's share and part of the card's go back), to a dearer one (the difference paid), then
 * cancelled; and a membership's invoice paid alongside.
 */
describe.each(databaseKinds)("talous from the ledger (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 60_000);
  afterAll(() => t?.close());

  const at = (hhmm: string) => `2026-06-20T${hhmm}:00+03:00`;
  const june = () => financeReport(t.ctx, { from: "2026-06-01", to: "2026-06-30", groupBy: "month" });

  /** The ledger's June: each owner's entries of the month through balanceOf, added up. */
  async function ledgerOfJune() {
    const owners = await t.ctx.db
      .selectDistinct({ reservationId: ledgerEntries.reservationId, invoiceId: ledgerEntries.invoiceId })
      .from(ledgerEntries);
    const entries = await ledgerRepository(t.ctx.db).ofMany({
      reservationIds: owners.flatMap((o) => (o.reservationId ? [o.reservationId] : [])),
      invoiceIds: owners.flatMap((o) => (o.invoiceId ? [o.invoiceId] : [])),
    });
    const byOwner = new Map<string, LedgerEntry[]>();
    for (const e of entries) {
      if (!helsinkiDate(e.createdAt).startsWith("2026-06")) continue;
      const owner = e.reservationId ?? `invoice ${e.invoiceId}`;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), e]);
    }
    const sums = { paid: 0, refunded: 0, giftCardPaid: 0, giftCardReturned: 0, memberships: 0 };
    for (const [owner, own] of byOwner) {
      const b = balanceOf(own);
      sums.paid += b.paidCents;
      sums.refunded += b.refundedCents;
      sums.giftCardPaid += b.giftCardPaidCents;
      sums.giftCardReturned += b.giftCardReturnedCents;
      if (owner.startsWith("invoice")) sums.memberships += b.paidCents - b.refundedCents;
    }
    return sums;
  }

  async function expectTalousEqualsLedger() {
    const [report, ledger] = await Promise.all([june(), ledgerOfJune()]);
    expect(report.totals).toMatchObject({
      salesCents: ledger.paid,
      refundsCents: ledger.refunded,
      grossCents: ledger.paid - ledger.refunded,
    });
    expect(report.series).toEqual([
      expect.objectContaining({ period: "2026-06", netCents: ledger.paid - ledger.refunded }),
    ]);
    expect(report.methods.find((m) => m.method === "gift_card")).toMatchObject({
      salesCents: ledger.giftCardPaid,
      refundsCents: ledger.giftCardReturned,
    });
    expect(report.products.find((p) => p.product === "membership")!.netCents).toBe(ledger.memberships);
    return report;
  }

  it("sums the month's money in and back as the ledger has it, a partial gift-card return included", async () => {
    await joinAndPay(t, asCustomer(t, await logIn(t, "jasen@example.com")), 1);
    // 20.6. 10-12, 27,00 €: the gift card pays 20,00 €, the card 7,00 €.
    const card = await addGiftCard(t, 2000);
    const { checkout } = await bookAndPay(t, at("10:00"), at("12:00"), {
      paymentMethod: "card",
      giftCardCode: card.printed,
    });
    const token = checkout.reservation.accessToken;
    let report = await expectTalousEqualsLedger();
    expect(report.methods.find((m) => m.method === "gift_card")).toMatchObject({ salesCents: 2000 });

    // To 10-11, 15,00 €: 12,00 € back, the card's 7,00 € and 5,00 € of the gift card's 20,00 €.
    // The return has no payment on its gift-card row and the payment keeps its 20,00 €: only the
    // ledger's gift_card_return entry says it went back.
    t.clock.advance(60_000);
    const cheaper = await t.app.inject({
      method: "POST",
      url: `/api/v2/reservations/by-token/${token}/reschedule`,
      payload: { start: at("10:00"), end: at("11:00") },
    });
    expect(cheaper.statusCode).toBe(200);
    report = await expectTalousEqualsLedger();
    expect(report.methods.find((m) => m.method === "gift_card")).toEqual({
      method: "gift_card",
      salesCents: 2000,
      refundsCents: 500,
      netCents: 1500,
    });

    // To 14-16, 27,00 €: the 12,00 € difference paid by card, the booking's money (not its hold's).
    t.clock.advance(60_000);
    const dearer = rescheduleResponseSchema.parse(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/v2/reservations/by-token/${token}/reschedule`,
          payload: { start: at("14:00"), end: at("16:00") },
        })
      ).json(),
    );
    const paid = await pressDemoButton(
      t,
      new URL(dearer.payment!.redirectUrl, "http://x").pathname,
      "approve",
      "card",
    );
    expect(paid.statusCode).toBe(303);
    await expectTalousEqualsLedger();

    // Cancelled: 27,00 € back (the difference's 12,00 € by card, the gift card's 15,00 €).
    t.clock.advance(60_000);
    const cancelled = await t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${token}` });
    expect(cancelled.statusCode).toBe(200);
    report = await expectTalousEqualsLedger();
    // The booking's money is all back, and so is its VAT, to the cent, though the gift card's
    // share went back in two parts: the month holds the membership's sale alone.
    const [invoice] = await t.ctx.db.select().from(invoices);
    expect(report.totals).toMatchObject({ grossCents: invoice!.amountCents, vatCents: invoice!.vatCents });
    expect(report.vat).toEqual([
      expect.objectContaining({
        rateBasisPoints: invoice!.vatRateBasisPoints,
        grossCents: invoice!.amountCents,
        vatCents: invoice!.vatCents,
      }),
    ]);
    expect(report.methods.find((m) => m.method === "gift_card")).toMatchObject({
      salesCents: 2000,
      refundsCents: 2000,
    });
  });
});
