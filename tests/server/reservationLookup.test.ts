import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { LOOKUP_MAX_PER_IP, LOOKUP_MAX_PER_MAILBOX } from "../../src/server/reservations/lookup.js";

const at = (time: string, day = "20") => `2026-06-${day}T${time}:00+03:00`;

describe.each(databaseKinds)("POST /api/v2/reservations/lookup on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set(at("12:00", "15"));
  });
  afterEach(() => t.close());

  const lookUp = (email: unknown, ip = "198.51.100.1") =>
    t.app.inject({
      method: "POST",
      url: "/api/v2/reservations/lookup",
      payload: { email },
      remoteAddress: ip,
    });

  it("answers alike with and without bookings, and mails the links to the upcoming ones", async () => {
    const first = await bookAndPay(t, at("10:00"), at("11:00"));
    const second = await bookAndPay(t, at("14:00", "21"), at("15:00", "21"));
    await bookAndPay(t, at("16:00"), at("17:00"), { email: "joku.muu@example.com" });
    const cancelled = await bookAndPay(t, at("12:00", "22"), at("13:00", "22"));
    await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${cancelled.reservation.accessToken}`,
    });

    const withBookings = await lookUp("Maija@Example.com");
    const without = await lookUp("ei.varauksia@example.com");
    expect(withBookings.statusCode).toBe(202);
    expect(without.statusCode).toBe(202);
    expect(withBookings.json()).toEqual(without.json());
    expect(withBookings.json().message).toMatch(/^Jos tällä osoitteella on tulevia varauksia/);

    const mails = await outboxOf(t, "lookup");
    expect(mails.map((m) => m.to).sort()).toEqual(["ei.varauksia@example.com", "maija@example.com"]);
    const found = mails.find((m) => m.to === "maija@example.com")!;
    const links = [...found.text.matchAll(/\/oma-varaus\?varaus=([\w-]+)/g)].map((m) => m[1]);
    // The upcoming ones, soonest first; not the cancelled one, not another address's.
    expect(links).toEqual([first.reservation.accessToken, second.reservation.accessToken]);
    expect(found.text).toContain("la 20.6.2026 klo 10.00–11.00");
    expect(found.status).toBe("sent");
    const none = mails.find((m) => m.to === "ei.varauksia@example.com")!;
    expect(none.text).toContain("tällä sähköpostiosoitteella ei ole tulevia varauksia");
    expect(none.text).not.toContain("/oma-varaus?varaus=");
  });

  it("leaves out bookings that are over", async () => {
    await bookAndPay(t, at("13:00", "15"), at("14:00", "15"));
    t.clock.set(at("14:30", "15"));
    expect((await lookUp("maija@example.com")).statusCode).toBe(202);
    const [mail] = await outboxOf(t, "lookup");
    expect(mail!.text).toContain("ei ole tulevia varauksia");
  });

  it("limits requests per mailbox (name+tag@ too) like the login link", async () => {
    for (let i = 0; i < LOOKUP_MAX_PER_MAILBOX; i++)
      expect(
        (await lookUp(i === 0 ? "maija+a@example.com" : "maija@example.com", `192.0.2.${i}`)).statusCode,
      ).toBe(202);
    const refused = await lookUp("maija@example.com", "192.0.2.99");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/on jo lähetetty varaukset 3 kertaa 15 minuutin sisällä/);
    expect(await outboxOf(t, "lookup")).toHaveLength(LOOKUP_MAX_PER_MAILBOX);
    t.clock.advance(15 * 60_000 + 1);
    expect((await lookUp("maija@example.com")).statusCode).toBe(202);
  });

  it("limits requests per IP exactly, also when they come at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: LOOKUP_MAX_PER_IP + 5 }, (_, i) => lookUp(`k${i}@example.com`, "203.0.113.9")),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(LOOKUP_MAX_PER_IP);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Yritä uudelleen 15 minuutin kuluttua/);
    expect((await lookUp("toinen@example.com", "203.0.113.10")).statusCode).toBe(202);
  });

  it("refuses what is not an e-mail address with a Finnish message", async () => {
    for (const email of ["", "ei-osoite", 42]) {
      const res = await lookUp(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/sähköpostiosoite|email/i);
    }
    expect(await outboxOf(t, "lookup")).toHaveLength(0);
  });
});
