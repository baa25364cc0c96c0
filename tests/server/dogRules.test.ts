import { eq, sql } from "drizzle-orm";
import { expandAvailability } from "../../src/domain/availabilityWire.js";
import { availabilityWireSchema, type Quote } from "../../src/domain/booking.js";
import { formatEuros, vatIncludedCents } from "../../src/domain/money.js";
import { reservations } from "../../src/server/schema/index.js";
import { financeReport } from "../../src/server/finance/report.js";
import { moveByToken } from "../../src/server/reservations/move.js";
import { putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, holdSlot, outboxOf, postCheckout } from "../support/booking.js";
import { addDiscountCode } from "../support/credits.js";
import { databaseKinds } from "../support/database.js";

/*
 * Rules per dog (decision 036) on the real app and database: 5,00 € per dog after the first, a
 * reactive dog's 15 minutes before and after, an in-heat booking's 30 minutes after. A 60-minute
 * slot costs 15,00 € (the seed's price list).
 */

const TAKEN = { message: "Valitsemasi aika on juuri varattu. Valitse toinen aika." };
const at = (date: string, time: string) => `${date}T${time}:00+03:00`;
/** db.execute answers rows on both drivers; its type is the drivers' union. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(databaseKinds)("rules per dog on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await putSetting(t.ctx.db, "dogRules", {
      extraDogPriceCents: 500,
      reactiveDogBufferMinutes: 15,
      inHeatGapMinutes: 30,
    });
    await putSetting(t.ctx.db, "holdLimits", { perEmail: 5, perIp: 1000, dayPercent: 100 });
  });
  afterAll(() => t.close());

  const quote = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/v2/reservations/quote?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json() as Quote;
  };

  it("prices each dog after the first in the quote, the receipt and the finance report, discount on the total", async () => {
    const [start, end] = [at("2026-06-20", "10:00"), at("2026-06-20", "11:00")];
    const range = `start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;
    const one = await quote(range);
    expect(one).toMatchObject({ priceCents: 1500, extraDogsCents: 0, totalCents: 1500 });
    const rate = one.vatRateBasisPoints;
    // Three dogs: 15,00 + 2 × 5,00 = 25,00 €; 10 % off the total is 2,50 €.
    await addDiscountCode(t);
    const three = await quote(`${range}&dogs=3&discountCode=KEVAT10`);
    expect(three).toMatchObject({
      priceCents: 2500,
      extraDogsCents: 1000,
      discountCents: 250,
      totalCents: 2250,
      vatCents: vatIncludedCents(2250, rate),
      available: true,
    });

    const { reservation } = await bookAndPay(t, start, end, { dogs: 3, discountCode: "KEVAT10" });
    expect(reservation).toMatchObject({ priceCents: 2250, extraDogsCents: 1000, discountCents: 250 });
    expect(reservation.vatCents).toBe(vatIncludedCents(2250, rate));
    const [receipt] = await outboxOf(t, "receipt");
    expect(receipt!.text).toContain("Koiria: 3");
    expect(receipt!.text).toContain(`Lisäkoirat (2 × ${formatEuros(500)}): ${formatEuros(1000)}`);
    expect(receipt!.text).toContain(`Hinta: ${formatEuros(2250)}`);

    // The extra dogs' share of the 22,50 € sale: 10,00 × 22,50 / 25,00 = 9,00 €, and its VAT.
    const report = await financeReport(t.ctx, { from: "2026-06-01", to: "2026-06-30", groupBy: "month" });
    expect(report.extraDogs).toEqual({
      cents: 900,
      vatCents: Math.round((1000 * reservation.vatCents) / 2500),
    });
    expect(report.totals.salesCents).toBe(2250);
  });

  it("lets exactly one of racing checkouts near a reactive dog win, and none into its buffer", async () => {
    const date = "2026-06-22";
    // A reactive dog at 10-11 and normal bookings right after it (11-12) and before it (9-10),
    // all at once: the reactive one and its neighbours exclude each other, neighbours do not.
    const normal = (start: string, end: string) => ({ start, end, reactiveDog: false });
    const racers = [
      { start: "10:00", end: "11:00", reactiveDog: true },
      ...[1, 2, 3].flatMap(() => [normal("11:00", "12:00"), normal("09:00", "10:00")]),
    ];
    const codes = (
      await Promise.all(
        racers.map((r, i) =>
          postCheckout(t, at(date, r.start), at(date, r.end), {
            email: `kisa${i}@example.com`,
            reactiveDog: r.reactiveDog,
          }),
        ),
      )
    ).map((r) => r.statusCode);
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    const won = racers.filter((_, i) => codes[i] === 201);
    if (won.some((r) => r.reactiveDog)) expect(won).toHaveLength(1);
    else expect(won.map((r) => r.start).sort()).toEqual(["09:00", "11:00"]);

    // Whoever won, no live booking starts or ends within another's blocked period.
    const clashes = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`
        SELECT count(*)::int AS n FROM reservations a JOIN reservations b ON a.id < b.id
          AND a.area_id = b.area_id
          AND tstzrange(a.blocked_from, a.blocked_until, '[)') && tstzrange(b.blocked_from, b.blocked_until, '[)')
        WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')`),
    );
    expect(clashes[0]!.n).toBe(0);

    // A reactive dog already booked: every checkout into its buffer, at once, is refused.
    await bookAndPay(t, at("2026-06-23", "12:00"), at("2026-06-23", "13:00"), {
      email: "reaktiivinen@example.com",
      reactiveDog: true,
    });
    const into = await Promise.all(
      [
        ["11:00", "12:00"],
        ["13:00", "14:00"],
        ["13:00", "13:30"],
        ["11:30", "12:00"],
      ].map(([s, e], i) =>
        postCheckout(t, at("2026-06-23", s!), at("2026-06-23", e!), { email: `puskuri${i}@example.com` }),
      ),
    );
    expect(into.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
    expect(into[0]!.json()).toEqual(TAKEN);
    // Just outside the buffer (a 30-minute grid: 13.30) fits.
    expect((await postCheckout(t, at("2026-06-23", "13:30"), at("2026-06-23", "14:30"))).statusCode).toBe(
      201,
    );
  });

  it("keeps an in-heat booking's cleaning gap after it, and the calendar offers only starts that fit", async () => {
    const date = "2026-06-24";
    await holdSlot(t, at(date, "14:00"), at(date, "15:00"), { email: "juoksu@example.com", inHeat: true });
    const [row] = await t.ctx.db
      .select()
      .from(reservations)
      .where(eq(reservations.email, "juoksu@example.com"));
    expect(row).toMatchObject({ inHeat: true, reactiveDog: false });
    expect(row!.blockedFrom.toISOString()).toBe(new Date(at(date, "14:00")).toISOString());
    expect(row!.blockedUntil.toISOString()).toBe(new Date(at(date, "15:30")).toISOString());
    expect((await postCheckout(t, at(date, "15:00"), at(date, "16:00"))).statusCode).toBe(409);
    // Before it nothing changes: a normal booking may end as it starts.
    expect(
      (await postCheckout(t, at(date, "13:00"), at(date, "14:00"), { email: "ennen@example.com" }))
        .statusCode,
    ).toBe(201);

    const lengthsAt = async (query: string, time: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/v2/availability?from=${date}&to=${date}${query}`,
      });
      expect(res.statusCode).toBe(200);
      const day = expandAvailability(availabilityWireSchema.parse(res.json())).days[0]!;
      const slot = day.slots.find((s) => s.start === at(date, time))!;
      return { status: slot.status, lengths: slot.options.map((o) => o.lengthMinutes) };
    };
    // 12.00 for an hour ends as the 13.00 booking starts: fine for a normal booking, not for a
    // reactive dog (15 minutes) nor for an in-heat booking (30 minutes after).
    expect((await lengthsAt("", "12:00")).lengths).toEqual([30, 60]);
    expect((await lengthsAt("&reactiveDog=true", "12:00")).lengths).toEqual([30]);
    expect((await lengthsAt("&inHeat=1", "12:00")).lengths).toEqual([30]);
    expect((await lengthsAt("", "12:30")).lengths).toEqual([30]);
    expect((await lengthsAt("&reactiveDog=true", "12:30")).lengths).toEqual([]);
    expect((await lengthsAt("&inHeat=true", "12:30")).lengths).toEqual([]);
    expect((await lengthsAt("", "15:30")).status).toBe("free");
    expect((await lengthsAt("&reactiveDog=true", "15:30")).status).toBe("taken");
    // The quote says so too.
    const range = `start=${encodeURIComponent(at(date, "12:00"))}&end=${encodeURIComponent(at(date, "13:00"))}`;
    expect(await quote(`${range}&inHeat=true`)).toMatchObject({ available: false, reason: TAKEN.message });
  });

  it("withholds from the calendar the starts whose buffer would touch a neighbour, and keeps the plain answer cached", async () => {
    const date = "2026-06-26";
    // A neighbour 10.00–11.00 (no changeover gap: edge to edge is fine for a normal booking).
    await bookAndPay(t, at(date, "10:00"), at(date, "11:00"), { email: "naapuri2@example.com" });
    const url = (query: string) => `/api/v2/availability?from=${date}&to=${date}${query}`;
    const ask = async (query: string) => {
      const res = await t.app.inject({ method: "GET", url: url(query) });
      expect(res.statusCode).toBe(200);
      return { res, day: expandAvailability(availabilityWireSchema.parse(res.json())).days[0]! };
    };
    const startsAt = async (query: string, time: string) => {
      const slot = (await ask(query)).day.slots.find((s) => s.start === at(date, time))!;
      return { status: slot.status, lengths: slot.options.map((o) => o.lengthMinutes) };
    };
    const plain = await ask("");
    const etag = plain.res.headers.etag;
    expect(etag).toBeTruthy();
    // Right after the neighbour: a normal booking and an in-heat one (its gap is after) may start at
    // 11.00; a reactive dog's 15 minutes before would reach into the neighbour, so 11.00 is not
    // offered to it, and 11.30 (its buffer from 11.15) is.
    expect(await startsAt("", "11:00")).toEqual({ status: "free", lengths: [30, 60, 90, 120] });
    expect(await startsAt("&inHeat=true", "11:00")).toEqual({ status: "free", lengths: [30, 60, 90, 120] });
    expect((await startsAt("&reactiveDog=true", "11:00")).status).toBe("taken");
    expect((await startsAt("&reactiveDog=true", "11:30")).status).toBe("free");
    // Before it: 9.00 for an hour ends as the neighbour starts: fine without options; a reactive
    // dog's 15 minutes after and an in-heat booking's 30 minutes after would reach into it.
    expect((await startsAt("", "09:00")).lengths).toEqual([30, 60]);
    expect((await startsAt("&reactiveDog=true", "09:00")).lengths).toEqual([30]);
    expect((await startsAt("&inHeat=true", "09:00")).lengths).toEqual([30]);
    expect((await startsAt("&reactiveDog=true&inHeat=true", "09:30")).status).toBe("taken");
    // The option-less answer is still the cached one: the same ETag, a 304 on revalidation.
    const again = await t.app.inject({ method: "GET", url: url(""), headers: { "if-none-match": etag! } });
    expect(again.statusCode).toBe(304);
  });

  it("moves a reactive dog's booking only where its buffer fits, and moves the buffer with it", async () => {
    const date = "2026-06-25";
    const { reservation } = await bookAndPay(t, at(date, "09:00"), at(date, "10:00"), {
      email: "siirto@example.com",
      reactiveDog: true,
    });
    await bookAndPay(t, at(date, "12:00"), at(date, "13:00"), { email: "naapuri@example.com" });
    await expect(
      moveByToken(t.ctx, reservation.accessToken, { start: at(date, "11:00"), end: at(date, "12:00") }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await moveByToken(t.ctx, reservation.accessToken, { start: at(date, "10:30"), end: at(date, "11:30") });
    const [moved] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(moved!.blockedFrom.toISOString()).toBe(new Date(at(date, "10:15")).toISOString());
    expect(moved!.blockedUntil.toISOString()).toBe(new Date(at(date, "11:45")).toISOString());
  });
});
