import { createTestApp, type TestApp } from "../support/app.js";
import { outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, joinAndPay, logIn, type CustomerApi } from "../support/member.js";

/** Member bookings get the e-mails single ones do: confirmation with the door link and .ics, cancel. */
describe.each(databaseKinds)("member booking e-mails on %s", (kind) => {
  let t: TestApp;
  let api: CustomerApi;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
    api = asCustomer(t, await logIn(t, "jasen@example.com"));
    await joinAndPay(t, api, 2);
  });
  afterEach(() => t.close());

  const book = (start: string, end: string) =>
    api.post("/api/v2/reservations/subscriber", { start, end, dogs: 2 });

  it("confirms a booking with the door link and a calendar file whose UID is the booking's", async () => {
    const res = await book("2026-06-20T10:00:00+03:00", "2026-06-20T12:00:00+03:00");
    expect(res.statusCode).toBe(201);
    const { id, doorUrl, accessToken } = res.json().reservation;

    const [mail] = await outboxOf(t, "member_booking");
    expect(mail).toMatchObject({
      to: "jasen@example.com",
      subject: "Jäsenvaraus vahvistettu: la 20.6.2026 klo 10.00–12.00",
      status: "sent",
    });
    expect(mail!.text).toContain(`Portin avaus: ${doorUrl}`);
    expect(mail!.text).toContain(`/oma-varaus?varaus=${accessToken}`);
    expect(mail!.text).toContain("Koiria: 2");
    expect(mail!.text).toContain("Tuntikiintiötä jäljellä jaksolla: 14 h");
    expect(mail!.attachments).toHaveLength(1);
    const ics = mail!.attachments[0]!;
    expect(ics).toMatchObject({
      filename: "varaus.ics",
      contentType: expect.stringContaining("text/calendar"),
    });
    expect(ics.content).toContain(`UID:${id}@koirapuisto`);
    expect(ics.content).toContain("DTSTART:20260620T070000Z");
    expect(ics.content).toContain("DTEND:20260620T090000Z");
    expect(ics.content).toContain(doorUrl);
  });

  it("is found by the booking look-up, and its link opens it on any device", async () => {
    const res = await book("2026-06-20T10:00:00+03:00", "2026-06-20T12:00:00+03:00");
    const { accessToken } = res.json().reservation;
    const lookup = await t.app.inject({
      method: "POST",
      url: "/api/v2/reservations/lookup",
      payload: { email: "jasen@example.com" },
    });
    expect(lookup.statusCode).toBe(202);
    const [mail] = await outboxOf(t, "lookup");
    expect(mail!.text).toContain(`/oma-varaus?varaus=${accessToken}`);
    const opened = await t.app.inject({ method: "GET", url: `/api/v2/reservations/by-token/${accessToken}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().reservation).toMatchObject({
      status: "confirmed",
      doorUrl: expect.stringMatching(/\/avaa\//),
    });
  });

  it("sends nothing for a refused booking", async () => {
    await book("2026-06-20T10:00:00+03:00", "2026-06-20T12:00:00+03:00");
    const taken = await book("2026-06-20T11:00:00+03:00", "2026-06-20T12:00:00+03:00");
    expect(taken.statusCode).toBe(409);
    expect(await outboxOf(t, "member_booking")).toHaveLength(1);
  });

  it("tells of a cancel, with the hours returned, once", async () => {
    const res = await book("2026-06-20T10:00:00+03:00", "2026-06-20T11:30:00+03:00");
    const { id } = res.json().reservation;
    expect((await api.delete(`/api/v2/reservations/${id}`)).statusCode).toBe(200);
    expect((await api.delete(`/api/v2/reservations/${id}`)).statusCode).toBe(409);

    const mails = await outboxOf(t, "cancellation");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "jasen@example.com",
      subject: "Varaus peruttu: la 20.6.2026 klo 10.00–11.30",
      status: "sent",
    });
    expect(mails[0]!.text).toContain("1,5 h palautui tuntikiintiöösi.");
    expect(mails[0]!.text).toContain("Portin avauslinkki ei ole enää voimassa.");
  });
});
