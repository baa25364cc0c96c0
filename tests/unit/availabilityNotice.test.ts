import { noticeEffect } from "../../src/server/availability/notice.js";

/** The cache's area 1 with a 15-minute changeover gap. */
const scope = { areaId: 1, changeoverMinutes: 15 };
const notice = (n: object) => JSON.stringify(n);

describe("what a change notice touches (decision 016)", () => {
  it("maps a booking to the Helsinki dates of its time, widened by the gap, and a day each side", () => {
    const booking = { t: "reservations", a: 1, s: "2026-06-10T10:00:00Z", e: "2026-06-10T11:00:00Z" };
    expect(noticeEffect(notice(booking), scope)).toEqual({
      base: false,
      dates: ["2026-06-09", "2026-06-10", "2026-06-11"],
    });
  });

  it("counts dates in Helsinki, not UTC: a booking at 00:30 Helsinki is on the next day", () => {
    // 21:30Z is 00:30 on 11 June in Helsinki (UTC+3); the gap does not reach back over midnight.
    const late = { t: "reservations", a: 1, s: "2026-06-10T21:30:00Z", e: "2026-06-10T22:30:00Z" };
    expect(noticeEffect(notice(late), scope).dates).toEqual(["2026-06-10", "2026-06-11", "2026-06-12"]);
    // With a gap of an hour the widened start is 23:30 on 10 June: one day more before.
    expect(noticeEffect(notice(late), { areaId: 1, changeoverMinutes: 60 }).dates).toEqual([
      "2026-06-09",
      "2026-06-10",
      "2026-06-11",
      "2026-06-12",
    ]);
  });

  it("ignores another area's bookings and blocks, but not a block of every area", () => {
    const other = { a: 2, s: "2026-06-10T10:00:00Z", e: "2026-06-10T11:00:00Z" };
    expect(noticeEffect(notice({ t: "reservations", ...other }), scope)).toEqual({
      base: false,
      dates: "none",
    });
    expect(noticeEffect(notice({ t: "blocks", ...other }), scope)).toEqual({ base: true, dates: "none" });
    const everyArea = { t: "blocks", a: null, s: "2026-06-10T10:00:00Z", e: "2026-06-12T10:00:00Z" };
    expect(noticeEffect(notice(everyArea), scope)).toEqual({
      base: true,
      dates: ["2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13"],
    });
  });

  it("drops every day when it cannot tell which: no snapshot yet, no times, bad or very long times", () => {
    const booking = { t: "reservations", a: 1, s: "2026-06-10T10:00:00Z", e: "2026-06-10T11:00:00Z" };
    expect(noticeEffect(notice(booking), null)).toEqual({ base: false, dates: "all" });
    expect(noticeEffect(notice({ t: "reservations", a: 1 }), scope).dates).toBe("all");
    expect(noticeEffect(notice({ ...booking, e: "eilen" }), scope).dates).toBe("all");
    expect(noticeEffect(notice({ ...booking, e: "2027-08-01T00:00:00Z" }), scope).dates).toBe("all");
  });

  it("maps an opening exception to its date, and without one to every day", () => {
    expect(noticeEffect(notice({ t: "opening_exceptions", d: "2026-12-24" }), scope)).toEqual({
      base: true,
      dates: ["2026-12-24"],
    });
    expect(noticeEffect(notice({ t: "opening_exceptions" }), scope).dates).toBe("all");
  });

  it("drops every day for settings that shape the grid, none for others, and reloads the snapshot either way", () => {
    for (const k of ["openingHours", "slotRules", "vat"])
      expect(noticeEffect(notice({ t: "settings", k }), scope)).toEqual({ base: true, dates: "all" });
    expect(noticeEffect(notice({ t: "settings", k: "homeNotice" }), scope)).toEqual({
      base: true,
      dates: "none",
    });
    expect(noticeEffect(notice({ t: "settings" }), scope).dates).toBe("all");
  });

  it("drops every day for prices, areas, an unknown table and a payload that is not JSON", () => {
    for (const payload of [
      notice({ t: "price_rules" }),
      notice({ t: "areas" }),
      notice({ t: "uusi" }),
      "{rikki",
    ])
      expect(noticeEffect(payload, scope)).toEqual({ base: true, dates: "all" });
  });

  it("reads a booking's row from its notice (migration 0029): as it is now, gone, or not at all", () => {
    const row = {
      t: "reservations",
      a: 1,
      i: "r-1",
      s: "2026-06-10T10:00:00Z",
      e: "2026-06-10T11:00:00Z",
      bf: "2026-06-10T09:45:00Z",
      bu: "2026-06-10T11:15:00Z",
    };
    expect(noticeEffect(notice({ ...row, st: "pending", x: "2026-06-10T08:00:00Z" }), scope).booking).toEqual(
      {
        id: "r-1",
        row: {
          id: "r-1",
          status: "pending",
          startsAt: new Date("2026-06-10T10:00:00Z"),
          endsAt: new Date("2026-06-10T11:00:00Z"),
          holdExpiresAt: new Date("2026-06-10T08:00:00Z"),
          blockedFrom: new Date("2026-06-10T09:45:00Z"),
          blockedUntil: new Date("2026-06-10T11:15:00Z"),
        },
      },
    );
    // The row before an update or a delete, and a row no longer live, leave nothing kept.
    expect(noticeEffect(notice({ ...row, st: "confirmed", o: true }), scope).booking).toEqual({
      id: "r-1",
      row: null,
    });
    expect(noticeEffect(notice({ ...row, st: "cancelled" }), scope).booking).toEqual({
      id: "r-1",
      row: null,
    });
    // Without a status it knows, or without an id (an older trigger), the bookings are loaded again.
    expect(noticeEffect(notice({ ...row, st: "lost" }), scope).booking).toBeUndefined();
    expect(noticeEffect(notice({ ...row, i: undefined, st: "confirmed" }), scope).booking).toBeUndefined();
    // A block carries no booking.
    expect(noticeEffect(notice({ ...row, t: "blocks" }), scope).booking).toBeUndefined();
  });
});
