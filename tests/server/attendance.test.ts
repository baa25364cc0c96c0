import { gateOverviewSchema } from "../../src/domain/admin/gate.js";
import { reservationDetailsSchema } from "../../src/domain/admin/reservations.js";
import { logDoorProvider } from "../../src/server/integrations/door/log.js";
import { checkGate } from "../../src/server/door/gateHealth.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, logIn } from "../support/member.js";

/**
 * Attendance from the gate (issue 23): a booking with an allowed press is attended, one without a
 * no-show once it ends; toiminta, the booking's details and the finance report count them.
 */
describe.each(databaseKinds)("attendance from the gate on %s", (kind) => {
  let t: TestApp;
  let admin: { token: string };
  beforeAll(async () => {
    admin = await signedInAdmin("attendance");
    t = await createTestApp(kind, { door: logDoorProvider(() => {}) });
  });
  afterAll(() => t.close());

  const get = (url: string) => adminRequest(t, admin, "GET", url);
  const press = (doorToken: string) =>
    t.app.inject({ method: "POST", url: `/api/v2/door/${doorToken}/open` });

  it("counts the day's attended and no-shows, the customer's no-shows and the no-show hours", async () => {
    t.clock.set("2026-06-20T07:00:00+03:00");
    const came = await bookAndPay(t, "2026-06-20T09:00:00+03:00", "2026-06-20T10:00:00+03:00", {
      email: "tuli@example.com",
    });
    const missed = await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:30:00+03:00", {
      email: "Poissa@Example.com",
    });
    const later = await bookAndPay(t, "2026-06-20T15:00:00+03:00", "2026-06-20T16:00:00+03:00", {
      email: "poissa@example.com",
    });
    // A refused press (too early) is not attendance.
    expect((await press(missed.reservation.doorToken)).statusCode).toBe(403);
    t.clock.set("2026-06-20T09:10:00+03:00");
    expect((await press(came.reservation.doorToken)).statusCode).toBe(200);

    t.clock.set("2026-06-20T12:00:00+03:00");
    const res = await get("/operations/gate");
    expect(res.statusCode).toBe(200);
    const overview = gateOverviewSchema.parse(res.json());
    expect(overview.attendance).toEqual({
      date: "2026-06-20",
      attended: 1,
      noShows: 1,
      pending: 1,
      noShowList: [
        {
          id: missed.reservation.id,
          name: "Maija Meikäläinen",
          areaName: "Koirapuisto",
          start: "2026-06-20T10:00:00+03:00",
          end: "2026-06-20T11:30:00+03:00",
        },
      ],
    });
    expect(overview).toMatchObject({ provider: "log", state: "unknown", healthCheckMinutesBefore: 30 });

    const details = reservationDetailsSchema.parse(
      (await get(`/reservations/${later.reservation.id}`)).json(),
    );
    // The same customer by e-mail, whatever its case: one ended booking, missed.
    expect(details.attendance).toEqual({
      attendedAt: null,
      noShow: false,
      customerEndedBookings: 1,
      customerNoShows: 1,
    });
    const cameDetails = reservationDetailsSchema.parse(
      (await get(`/reservations/${came.reservation.id}`)).json(),
    );
    expect(cameDetails.attendance).toMatchObject({
      attendedAt: "2026-06-20T09:10:00+03:00",
      customerNoShows: 0,
    });

    const finance = await get("/finance?from=2026-06-01&to=2026-06-30");
    expect(finance.statusCode).toBe(200);
    expect(finance.json().noShows).toEqual({ bookings: 1, minutes: 90 });

    // The member page: the customer sees which of their own bookings they missed.
    const me = asCustomer(t, await logIn(t, "poissa@example.com"));
    const own = await me.get("/api/v2/reservations/me");
    expect(own.statusCode).toBe(200);
    const flags = Object.fromEntries(
      (own.json().reservations as Array<{ id: string; noShow: boolean }>).map((r) => [r.id, r.noShow]),
    );
    expect(flags).toEqual({ [missed.reservation.id]: true, [later.reservation.id]: false });
  });

  it("shows the gate's state and history once the health job has checked it", async () => {
    t.clock.set("2026-06-20T14:40:00+03:00");
    expect(await checkGate(t.ctx)).toBe("ok");
    const overview = gateOverviewSchema.parse((await get("/operations/gate")).json());
    expect(overview.state).toBe("ok");
    expect(overview.checks[0]).toMatchObject({
      windowStart: "2026-06-20T14:40:00+03:00",
      ok: true,
      provider: "log",
    });
    expect(overview.outages).toEqual([]);
  });
});
