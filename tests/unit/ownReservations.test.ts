import {
  OWN_RESERVATION_LINK_GRACE_MINUTES,
  ownReservationsLinkVisibleUntil,
  showOwnReservationsLink,
} from "../../src/domain/ownReservations";

const entry = (endTime: string) => ({
  id: "r1",
  accessToken: "t1",
  start: "2026-06-01T09:00:00+03:00",
  endTime,
});
const at = (iso: string) => new Date(iso);

describe("the Omat varaukset header link (spec §1, §9)", () => {
  const ended = entry("2026-06-01T10:00:00+03:00"); // 07:00Z

  it("keeps the grace period at 10 minutes", () => {
    expect(OWN_RESERVATION_LINK_GRACE_MINUTES).toBe(10);
  });

  it.each([
    ["before the end", "2026-06-01T06:30:00Z", true],
    ["9 min 59 s after the end", "2026-06-01T07:09:59Z", true],
    ["exactly 10 minutes after the end", "2026-06-01T07:10:00Z", false],
    ["an hour after the end", "2026-06-01T08:00:00Z", false],
  ])("%s: %s", (_label, now, expected) => {
    expect(showOwnReservationsLink({ entries: [ended], hasActiveSubscription: false, now: at(now) })).toBe(
      expected,
    );
  });

  it("is hidden for a member with an active subscription, whatever is stored", () => {
    expect(
      showOwnReservationsLink({
        entries: [ended],
        hasActiveSubscription: true,
        now: at("2026-06-01T06:00:00Z"),
      }),
    ).toBe(false);
  });

  it("shows when any one of several entries is still within its grace period", () => {
    const entries = [entry("2026-05-01T10:00:00+03:00"), ended, entry("2026-04-01T10:00:00+03:00")];
    expect(
      showOwnReservationsLink({ entries, hasActiveSubscription: false, now: at("2026-06-01T07:05:00Z") }),
    ).toBe(true);
    expect(ownReservationsLinkVisibleUntil(entries, at("2026-06-01T07:05:00Z"))).toEqual(
      at("2026-06-01T07:10:00Z"),
    );
  });

  it("compares instants, so an end time written in another offset means the same moment", () => {
    const utc = entry("2026-06-01T07:00:00Z");
    expect(
      showOwnReservationsLink({
        entries: [utc],
        hasActiveSubscription: false,
        now: at("2026-06-01T07:09:00Z"),
      }),
    ).toBe(true);
  });

  it("works across the autumn DST change (2026-10-25 04:00 happens twice in Helsinki)", () => {
    // Ends at the first 03:30 (+03:00 = 00:30Z); the second 03:30 (+02:00) is an hour later.
    const first = entry("2026-10-25T03:30:00+03:00");
    expect(
      showOwnReservationsLink({
        entries: [first],
        hasActiveSubscription: false,
        now: at("2026-10-25T00:39:00Z"),
      }),
    ).toBe(true);
    expect(
      showOwnReservationsLink({
        entries: [first],
        hasActiveSubscription: false,
        now: at("2026-10-25T01:35:00Z"),
      }),
    ).toBe(false);
  });

  it.each([
    ["nothing stored", null],
    ["an empty list", []],
    ["not a list", { endTime: "2026-06-01T10:00:00+03:00" }],
    [
      "entries without a usable endTime",
      [{ id: "x" }, null, 42, { endTime: 1_780_000_000_000 }, { endTime: "huomenna" }],
    ],
  ])("is hidden for %s", (_label, entries) => {
    expect(
      showOwnReservationsLink({ entries, hasActiveSubscription: false, now: at("2026-01-01T00:00:00Z") }),
    ).toBe(false);
    expect(ownReservationsLinkVisibleUntil(entries, at("2026-01-01T00:00:00Z"))).toBeNull();
  });

  it("skips broken entries but still honours a good one beside them", () => {
    const entries = [{ endTime: "rikki" }, ended];
    expect(
      showOwnReservationsLink({ entries, hasActiveSubscription: false, now: at("2026-06-01T07:00:00Z") }),
    ).toBe(true);
  });
});
