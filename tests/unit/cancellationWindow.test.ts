import {
  closedWindowText,
  lateBookingWarning,
  windowHours,
} from "../../src/web/pages/booking/cancellationWindow";

const START = "2026-06-16T18:00:00+03:00";
const DEADLINE = "2026-06-15T18:00:00+03:00";

describe("the cancellation window in words", () => {
  it("reads the window's length from the start and the deadline the server gave", () => {
    expect(windowHours(START, DEADLINE)).toBe(24);
    // Across the autumn DST change the deadline is still 24 real hours before the start.
    expect(windowHours("2026-10-25T12:00:00+02:00", "2026-10-24T13:00:00+03:00")).toBe(24);
    expect(windowHours(START, "2026-06-16T12:00:00+03:00")).toBe(6);
  });

  it("warns at the checkout only when a booking made now could not be cancelled or moved", () => {
    expect(lateBookingWarning({ start: START, cancellableUntil: DEADLINE, cancellable: true })).toBeNull();
    expect(lateBookingWarning({ start: START })).toBeNull();
    expect(lateBookingWarning({ start: START, cancellableUntil: DEADLINE, cancellable: false })).toBe(
      "Aika alkaa alle 24 tunnin kuluttua. Varausta ei voi maksamisen jälkeen perua eikä siirtää, eikä maksua palauteta.",
    );
    expect(
      lateBookingWarning({ start: START, cancellableUntil: "2026-06-16T17:00:00+03:00", cancellable: false }),
    ).toMatch(/^Aika alkaa alle tunnin kuluttua\./);
  });

  it("says a booking made inside the window was made so; one made before it, when its window ended", () => {
    expect(
      closedWindowText({
        start: START,
        cancellableUntil: DEADLINE,
        confirmedAt: "2026-06-16T07:00:00+03:00",
      }),
    ).toBe("Varaus tehtiin alle 24 tuntia ennen alkua, joten sitä ei voi perua eikä siirtää.");
    expect(
      closedWindowText({
        start: START,
        cancellableUntil: DEADLINE,
        confirmedAt: "2026-06-10T07:00:00+03:00",
      }),
    ).toBe("Peruutus- ja siirtoaika päättyi ma 15.6.2026 klo 18.00.");
    // Confirmed at the very deadline it could still be cancelled then (the server's `<=`).
    expect(closedWindowText({ start: START, cancellableUntil: DEADLINE, confirmedAt: DEADLINE })).toMatch(
      /päättyi/,
    );
    expect(closedWindowText({ start: START, cancellableUntil: DEADLINE, confirmedAt: null })).toMatch(
      /päättyi/,
    );
  });
});
