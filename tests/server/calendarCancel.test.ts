import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";

/*
 * A booking's calendar event lives as long as the booking (issue 32): the confirmation's .ics adds
 * it, a move's replaces it (same UID, higher SEQUENCE), and a cancel's removes it: METHOD:CANCEL,
 * STATUS:CANCELLED, the same UID and a SEQUENCE higher than any sent before, whoever cancels.
 */

const at = (day: string, hhmm: string) => `2026-06-${day}T${hhmm}:00+03:00`;
type Mail = Awaited<ReturnType<typeof outboxOf>>[number];
const icsOf = (mail: Mail | undefined) => {
  expect(mail?.attachments).toHaveLength(1);
  return mail!.attachments[0]!;
};

/** The calendar file of a cancel: removes the event `id` had, at its time, with this SEQUENCE. */
function expectCancelOf(mail: Mail | undefined, id: string, sequence: number, start: string) {
  const ics = icsOf(mail);
  expect(ics).toMatchObject({
    filename: "varaus.ics",
    contentType: "text/calendar; charset=utf-8; method=CANCEL",
  });
  const lines = ics.content.split("\r\n");
  expect(lines).toContain("METHOD:CANCEL");
  expect(lines).toContain(`UID:${id}@koirapuisto`);
  expect(lines).toContain(`SEQUENCE:${sequence}`);
  expect(lines).toContain("STATUS:CANCELLED");
  expect(lines).toContain(`DTSTART:${new Date(start).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`);
  expect(lines.find((l) => l.startsWith("ORGANIZER;"))).toMatch(/:mailto:info@koirapuisto\.fi$/i);
  expect(mail!.text).toContain("Liitteenä oleva kalenteritiedosto poistaa varauksen kalenteristasi.");
}

describe.each(databaseKinds)("the calendar event of a cancelled booking on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  it("is removed by the visitor's cancel, after a move too (the UID kept, the SEQUENCE above the move's)", async () => {
    const { checkout, reservation } = await bookAndPay(t, at("20", "10:00"), at("20", "11:00"));
    const token = checkout.reservation.accessToken;
    const [receipt] = await outboxOf(t, "receipt");
    expect(icsOf(receipt).content).toContain("METHOD:PUBLISH");
    expect(icsOf(receipt).content).toContain("SEQUENCE:0");
    const moved = await t.app.inject({
      method: "POST",
      url: `/api/v2/reservations/by-token/${token}/reschedule`,
      payload: { start: at("20", "14:00"), end: at("20", "15:00") },
    });
    expect(moved.statusCode).toBe(200);
    const [move] = await outboxOf(t, "reservation_move");
    expect(icsOf(move).content).toContain("SEQUENCE:1");
    expect(icsOf(move).content).toContain("DTSTART:20260620T110000Z");

    const cancelled = await t.app.inject({ method: "DELETE", url: `/api/v2/reservations/by-token/${token}` });
    expect(cancelled.statusCode).toBe(200);
    const [mail] = await outboxOf(t, "cancellation");
    expectCancelOf(mail, reservation.id, 2, at("20", "14:00"));
  });

  it("is removed by an admin's cancel, with a refund or without", async () => {
    const admin = await signedInAdmin("kalenteri-peruutus");
    const first = await bookAndPay(t, at("20", "10:00"), at("20", "11:00"), { email: "eka@example.com" });
    const second = await bookAndPay(t, at("20", "12:00"), at("20", "13:00"), { email: "toka@example.com" });
    for (const [booking, refund] of [
      [first, true],
      [second, false],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/v2/admin/reservations/${booking.reservation.id}/cancel`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { refund },
      });
      expect(res.statusCode).toBe(200);
    }
    const mails = await outboxOf(t, "cancellation");
    expectCancelOf(
      mails.find((m) => m.to === "eka@example.com"),
      first.reservation.id,
      1,
      at("20", "10:00"),
    );
    expectCancelOf(
      mails.find((m) => m.to === "toka@example.com"),
      second.reservation.id,
      1,
      at("20", "12:00"),
    );
  });

  it("is removed by a member's cancel of a member booking", async () => {
    t.clock.set("2026-06-15T12:00:00+03:00");
    const api = asCustomer(t, await logIn(t, "jasen@example.com"));
    await joinAndPay(t, api, 2);
    const booked = await api.post("/api/v2/reservations/subscriber", {
      start: at("20", "10:00"),
      end: at("20", "11:00"),
      dogs: 1,
    });
    expect(booked.statusCode).toBe(201);
    const { id } = booked.json().reservation as { id: string };
    expect((await api.delete(`/api/v2/reservations/${id}`)).statusCode).toBe(200);
    const [mail] = await outboxOf(t, "cancellation");
    expectCancelOf(mail, id, 1, at("20", "10:00"));
  });
});
