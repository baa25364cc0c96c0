import { checkBooking, computeAvailability, dateRangeProblem } from "../../src/domain/availability.js";
import { booking, cell, day, lengths, price, rules } from "./availabilityFixtures.js";

describe("an ordinary summer day", () => {
  const d = day(rules(), "2026-06-16");

  it("has 32 half-hour cells from 06:00 to 22:00 Helsinki time", () => {
    expect(d.opensAt).toBe("2026-06-16T06:00:00+03:00");
    expect(d.closesAt).toBe("2026-06-16T22:00:00+03:00");
    expect(d.slots).toHaveLength(32);
    expect(d.slots[0]).toMatchObject({
      start: "2026-06-16T06:00:00+03:00",
      end: "2026-06-16T06:30:00+03:00",
    });
    expect(d.slots.at(-1)).toMatchObject({
      start: "2026-06-16T21:30:00+03:00",
      end: "2026-06-16T22:00:00+03:00",
    });
    expect(d.slots.every((s) => s.status === "free")).toBe(true);
  });

  it("offers every length that fits, with its end and price", () => {
    expect(cell(d, "2026-06-16T10:00:00+03:00").options).toEqual([
      { lengthMinutes: 30, end: "2026-06-16T10:30:00+03:00", priceCents: 900 },
      { lengthMinutes: 60, end: "2026-06-16T11:00:00+03:00", priceCents: 1500 },
      { lengthMinutes: 90, end: "2026-06-16T11:30:00+03:00", priceCents: 2100 },
      { lengthMinutes: 120, end: "2026-06-16T12:00:00+03:00", priceCents: 2700 },
    ]);
  });

  it("never offers a booking that runs past closing time", () => {
    expect(lengths(d, "2026-06-16T20:00:00+03:00")).toEqual([30, 60, 90, 120]);
    expect(lengths(d, "2026-06-16T20:30:00+03:00")).toEqual([30, 60, 90]);
    expect(lengths(d, "2026-06-16T21:00:00+03:00")).toEqual([30, 60]);
    expect(lengths(d, "2026-06-16T21:30:00+03:00")).toEqual([30]);
    const r = rules();
    expect(
      checkBooking(r, new Date("2026-06-16T21:00:00+03:00"), new Date("2026-06-16T23:00:00+03:00")),
    ).toMatchObject({
      ok: false,
      code: "closed",
      reason: "Varauksen on mahduttava aukioloaikaan: puisto on auki klo 6.00–22.00.",
    });
  });

  it("does not offer a length that has no price", () => {
    const r = rules({ priceRules: [price(30, 900), price(60, 1500)] });
    expect(lengths(day(r, "2026-06-16"), "2026-06-16T10:00:00+03:00")).toEqual([30, 60]);
  });
});

describe("the booking window", () => {
  // now = Monday 15 June 12:00; the window ends 60 days later, 14 August 12:00.
  const d = day(rules(), "2026-08-14");

  it("offers only bookings that end by now + 60 days", () => {
    expect(lengths(d, "2026-08-14T10:00:00+03:00")).toEqual([30, 60, 90, 120]);
    expect(lengths(d, "2026-08-14T11:00:00+03:00")).toEqual([30, 60]);
    expect(lengths(d, "2026-08-14T11:30:00+03:00")).toEqual([30]);
    expect(cell(d, "2026-08-14T12:00:00+03:00").status).toBe("beyondWindow");
    expect(day(rules(), "2026-08-15").slots.every((s) => s.status === "beyondWindow")).toBe(true);
  });

  it("refuses a booking that ends after the window", () => {
    const r = rules();
    expect(
      checkBooking(r, new Date("2026-08-14T11:00:00+03:00"), new Date("2026-08-14T12:00:00+03:00")).ok,
    ).toBe(true);
    expect(
      checkBooking(r, new Date("2026-08-14T11:30:00+03:00"), new Date("2026-08-14T12:30:00+03:00")),
    ).toMatchObject({
      ok: false,
      code: "outside_window",
      reason: "Varauksen voi tehdä enintään 60 päivän päähän.",
    });
  });

  it("marks cells that have ended as past and the one under way as started", () => {
    const r = rules({ now: new Date("2026-06-15T09:10:00Z") }); // 12:10
    const today = day(r, "2026-06-15");
    expect(cell(today, "2026-06-15T11:30:00+03:00")).toMatchObject({ status: "past", options: [] });
    expect(cell(today, "2026-06-15T12:00:00+03:00")).toMatchObject({ status: "started", options: [] });
    expect(cell(today, "2026-06-15T12:30:00+03:00").status).toBe("free");
    const exactly = day(rules(), "2026-06-15"); // now is exactly 12:00
    expect(cell(exactly, "2026-06-15T12:00:00+03:00").status).toBe("free");
  });
});

describe("bookings, holds, blocks and closed days", () => {
  const now = new Date("2026-06-15T09:00:00Z");

  it("a live hold takes its cells; an expired or cancelled one does not", () => {
    const r = rules({
      reservations: [
        booking("2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00", {
          status: "pending",
          holdExpiresAt: new Date(now.getTime() + 60_000),
        }),
        booking("2026-06-16T12:00:00+03:00", "2026-06-16T13:00:00+03:00", {
          status: "pending",
          holdExpiresAt: now,
        }),
        booking("2026-06-16T14:00:00+03:00", "2026-06-16T15:00:00+03:00", { status: "cancelled" }),
        booking("2026-06-16T16:00:00+03:00", "2026-06-16T17:00:00+03:00", { status: "expired" }),
      ],
    });
    const d = day(r, "2026-06-16");
    expect(cell(d, "2026-06-16T10:30:00+03:00")).toMatchObject({ status: "taken", options: [] });
    expect(cell(d, "2026-06-16T12:00:00+03:00").status).toBe("free");
    expect(cell(d, "2026-06-16T14:00:00+03:00").status).toBe("free");
    expect(cell(d, "2026-06-16T16:00:00+03:00").status).toBe("free");
    // A length that would run into the hold is not offered.
    expect(lengths(d, "2026-06-16T09:00:00+03:00")).toEqual([30, 60]);
  });

  it("a cell taken only by unpaid holds says when it may free; a confirmed booking's does not", () => {
    const r = rules({
      reservations: [
        booking("2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00", {
          status: "pending",
          holdExpiresAt: new Date("2026-06-15T12:10:00+03:00"),
        }),
        booking("2026-06-16T10:30:00+03:00", "2026-06-16T11:30:00+03:00", {
          status: "pending",
          holdExpiresAt: new Date("2026-06-15T12:14:00+03:00"),
        }),
        booking("2026-06-16T11:30:00+03:00", "2026-06-16T12:00:00+03:00", {
          status: "pending",
          holdExpiresAt: new Date("2026-06-15T12:05:00+03:00"),
        }),
        booking("2026-06-16T11:30:00+03:00", "2026-06-16T12:00:00+03:00"),
      ],
    });
    const d = day(r, "2026-06-16");
    expect(cell(d, "2026-06-16T10:00:00+03:00")).toMatchObject({
      status: "taken",
      freesAt: "2026-06-15T12:10:00+03:00",
    });
    // Two holds on one cell: it frees when the later one ends.
    expect(cell(d, "2026-06-16T10:30:00+03:00").freesAt).toBe("2026-06-15T12:14:00+03:00");
    expect(cell(d, "2026-06-16T11:30:00+03:00")).toMatchObject({ status: "taken" });
    expect(cell(d, "2026-06-16T11:30:00+03:00").freesAt).toBeUndefined();
    expect(cell(d, "2026-06-16T12:00:00+03:00").freesAt).toBeUndefined();
  });

  it("an admin block closes its cells and cuts the lengths before it", () => {
    const r = rules({
      blocks: [
        { startsAt: new Date("2026-06-16T13:00:00+03:00"), endsAt: new Date("2026-06-16T14:00:00+03:00") },
      ],
    });
    const d = day(r, "2026-06-16");
    expect(cell(d, "2026-06-16T13:00:00+03:00").status).toBe("closed");
    expect(cell(d, "2026-06-16T13:30:00+03:00").status).toBe("closed");
    expect(lengths(d, "2026-06-16T12:00:00+03:00")).toEqual([30, 60]);
    expect(
      checkBooking(r, new Date("2026-06-16T12:30:00+03:00"), new Date("2026-06-16T13:30:00+03:00")),
    ).toMatchObject({
      code: "blocked",
    });
  });

  it("a changeover gap keeps the cells next to a booking free of new bookings", () => {
    const base = rules({ reservations: [booking("2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00")] });
    const r = { ...base, slotRules: { ...base.slotRules, changeoverMinutes: 15 } };
    const d = day(r, "2026-06-16");
    expect(cell(d, "2026-06-16T09:30:00+03:00").status).toBe("taken");
    expect(cell(d, "2026-06-16T11:00:00+03:00").status).toBe("taken");
    expect(cell(d, "2026-06-16T11:30:00+03:00").status).toBe("free");
  });

  it("a day closed by the weekly hours or an exception has no cells", () => {
    const weekly = rules().weeklyHours.map((h, i) => (i === 6 ? null : h));
    expect(day(rules({ weeklyHours: weekly }), "2026-06-21")).toEqual({
      date: "2026-06-21",
      opensAt: null,
      closesAt: null,
      slots: [],
    });
    const closed = rules({ exceptions: [{ date: "2026-06-19", opensAt: null, closesAt: null }] });
    expect(day(closed, "2026-06-19").slots).toEqual([]);
    expect(
      checkBooking(closed, new Date("2026-06-19T10:00:00+03:00"), new Date("2026-06-19T11:00:00+03:00")),
    ).toMatchObject({
      code: "closed",
      reason: "Puisto on suljettu valitsemanasi päivänä.",
    });
  });

  it("an exception with other hours replaces the weekly ones", () => {
    const r = rules({ exceptions: [{ date: "2026-06-19", opensAt: "10:00", closesAt: "14:00" }] });
    const d = day(r, "2026-06-19");
    expect(d.slots).toHaveLength(8);
    expect(d.opensAt).toBe("2026-06-19T10:00:00+03:00");
  });
});

describe("a buffer between bookings, to the minute on the slot grid (decision 041)", () => {
  const at = (hhmm: string) => `2026-06-16T${hhmm}:00+03:00`;
  // A reactive dog's booking 10–12 keeps others out of 9.45–12.15 (decision 036).
  const reactive = booking(at("10:00"), at("12:00"), {
    blockedFrom: new Date(at("09:45")),
    blockedUntil: new Date(at("12:15")),
  });
  const onGrid = (gridMinutes: number) => {
    const base = rules({ reservations: [reactive] });
    return { ...base, slotRules: { ...base.slotRules, gridMinutes } };
  };

  it("on the half-hour grid (product.md) the next start is the first half hour after the buffer", () => {
    const d = day(onGrid(30), "2026-06-16");
    expect(cell(d, at("12:00")).status).toBe("taken");
    expect(lengths(d, at("12:30"))).toEqual([30, 60, 90, 120]);
    expect(cell(d, at("09:30")).status).toBe("taken");
    expect(lengths(d, at("09:00"))).toEqual([30]);
  });

  it("on a quarter-hour grid the next start is 12.15, and a start into the buffer is taken", () => {
    const d = day(onGrid(15), "2026-06-16");
    expect(cell(d, at("12:00")).status).toBe("taken");
    expect(lengths(d, at("12:15"))).toEqual([30, 60, 90, 120]);
    // 9.15–9.45 ends where the buffer begins; nothing that starts at 9.30 ends before it.
    expect(lengths(d, at("09:15"))).toEqual([30]);
    expect(cell(d, at("09:30"))).toMatchObject({ status: "taken", options: [] });
  });

  it("says a cell is free exactly where a booking can start, and checkBooking agrees", () => {
    for (const gridMinutes of [15, 30]) {
      const r = onGrid(gridMinutes);
      const own = { before: 15, after: 15 }; // a reactive dog's own booking, asked with its options
      for (const buffers of [undefined, own]) {
        const d = computeAvailability(r, "2026-06-16", "2026-06-16", buffers).days[0]!;
        // Until 20.00: later starts meet closing time, which is not what this is about.
        const ofBookings = d.slots.filter(
          (s) => (s.status === "free" || s.status === "taken") && s.start < at("20:00"),
        );
        for (const slot of ofBookings) {
          const shortest = new Date(Date.parse(slot.start) + 30 * 60_000);
          const check = checkBooking(r, new Date(slot.start), shortest, { buffers });
          expect([slot.start, slot.status]).toEqual([slot.start, check.ok ? "free" : "taken"]);
          if (slot.status === "free") expect(slot.options.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe("checkBooking", () => {
  const r = rules({ reservations: [booking("2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00")] });
  const check = (start: string, end: string) => checkBooking(r, new Date(start), new Date(end));

  it("accepts a free slot and prices it with its VAT", () => {
    expect(check("2026-06-16T12:00:00+03:00", "2026-06-16T13:00:00+03:00")).toEqual({
      ok: true,
      lengthMinutes: 60,
      priceCents: 1500,
      vatCents: 305,
      vatRateBasisPoints: 2550,
    });
  });

  it("explains each refusal in Finnish", () => {
    expect(check("2026-06-16T12:00:00+03:00", "2026-06-16T12:45:00+03:00")).toMatchObject({
      code: "bad_length",
      reason: "Varauksen pituus voi olla 30, 60, 90 tai 120 minuuttia.",
    });
    expect(check("2026-06-16T12:15:00+03:00", "2026-06-16T13:15:00+03:00")).toMatchObject({
      code: "not_on_grid",
      reason: "Varaus alkaa aina tasalta tai puolelta tunnilta.",
    });
    expect(check("2026-06-15T10:00:00+03:00", "2026-06-15T11:00:00+03:00")).toMatchObject({
      code: "past",
      reason: "Valitsemasi aika on jo mennyt. Valitse toinen aika.",
    });
    expect(check("2026-06-16T10:30:00+03:00", "2026-06-16T11:30:00+03:00")).toMatchObject({
      code: "taken",
      reason: "Valitsemasi aika on juuri varattu. Valitse toinen aika.",
    });
    expect(check("2026-06-16T05:30:00+03:00", "2026-06-16T06:30:00+03:00")).toMatchObject({ code: "closed" });
  });

  it("lets a booking end exactly where another begins", () => {
    expect(check("2026-06-16T09:00:00+03:00", "2026-06-16T10:00:00+03:00").ok).toBe(true);
    expect(check("2026-06-16T11:00:00+03:00", "2026-06-16T11:30:00+03:00").ok).toBe(true);
  });
});

describe("dateRangeProblem", () => {
  it("accepts up to 62 days and refuses more, reversed or impossible dates", () => {
    expect(dateRangeProblem("2026-06-15", "2026-06-15")).toBeNull();
    expect(dateRangeProblem("2026-06-01", "2026-08-01")).toBeNull(); // 62 days
    expect(dateRangeProblem("2026-06-01", "2026-08-02")).toBe("Aikaväli voi olla enintään 62 päivää.");
    expect(dateRangeProblem("2026-06-16", "2026-06-15")).toBe("Alkupäivä ei voi olla loppupäivän jälkeen.");
    expect(dateRangeProblem("2026-02-30", "2026-03-01")).toBe("Virheellinen päivämäärä: 2026-02-30.");
  });

  it("counts days across a DST change correctly", () => {
    expect(computeAvailability(rules(), "2026-03-28", "2026-03-30").days.map((d) => d.date)).toEqual([
      "2026-03-28",
      "2026-03-29",
      "2026-03-30",
    ]);
  });
});
