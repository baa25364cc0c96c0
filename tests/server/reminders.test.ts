import { eq } from "drizzle-orm";
import type { AppContext } from "../../src/server/context.js";
import { emailOutbox, reservations } from "../../src/server/schema/index.js";
import { runOnce, jobs } from "../../src/server/jobs/schedule.js";
import { consoleTransport, createMailService } from "../../src/server/mail/service.js";
import { queueDueReminders } from "../../src/server/reservations/reminders.js";
import { getSetting, putSetting } from "../../src/server/settings/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";

const at = (time: string, day = "15") => `2026-06-${day}T${time}:00+03:00`;
const reminderJob = jobs.find((j) => j.name === "send-reminders")!;

describe.each(databaseKinds)("booking reminders on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set(at("12:00", "14"));
  });
  afterEach(() => t.close());

  /** Another server on the same database: its own mail service and transport. */
  const secondServer = (): AppContext => ({
    ...t.ctx,
    mail: createMailService({
      transport: consoleTransport(() => {}),
      from: "x@example.com",
      now: t.clock.now,
    }),
  });
  const reminded = async () =>
    (await outboxOf(t, "reminder")).map((m) => m.to).sort((a, b) => a.localeCompare(b));

  it("sends one reminder per booking within the window, with the door link, rules and links", async () => {
    const { reservation } = await bookAndPay(t, at("10:00"), at("11:00"));
    await bookAndPay(t, at("11:00"), at("12:00"), { email: "toinen@example.com" });
    await bookAndPay(t, at("14:00"), at("15:00"), { email: "myohemmin@example.com" });

    t.clock.set(at("07:00")); // 3 h before 10:00 is 07:00: only the first is due
    expect(await queueDueReminders(t.ctx)).toBe(1);
    t.clock.set(at("08:30"));
    expect(await queueDueReminders(t.ctx)).toBe(1);
    expect(await queueDueReminders(t.ctx)).toBe(0);
    expect(await reminded()).toEqual(["maija@example.com", "toinen@example.com"]);

    const [mail] = (await outboxOf(t, "reminder")).filter((m) => m.to === "maija@example.com");
    expect(mail!.subject).toBe("Muistutus varauksesta: ma 15.6.2026 klo 10.00–11.00");
    expect(mail!.text).toContain(`/avaa/${reservation.doorToken}`);
    expect(mail!.text).toContain(`/oma-varaus?varaus=${reservation.accessToken}`);
    expect(mail!.text).toMatch(/Saapuminen ja pysäköinti:\nTule portille/);
    expect(mail!.text).toContain(
      "Näytä kartalla: https://www.openstreetmap.org/?mlat=61.4978&mlon=23.761#map=17/",
    );
    expect(mail!.text).toMatch(/Puiston säännöt lyhyesti:\nAlue on varattu vain sinulle/);
    expect(mail!.status).toBe("sent"); // delivered after the commit, and visible in the outbox
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(row!.reminderSentAt).toEqual(new Date(at("07:00")));
  });

  it("reminds exactly once when two servers run the job at the same moment", async () => {
    for (const [i, hour] of ["08", "09", "10", "11", "12"].entries())
      await bookAndPay(t, at(`${hour}:00`), at(`${hour}:30`), { email: `k${i}@example.com` });
    t.clock.set(at("07:00")); // 3 h ahead: 08:00, 09:00 and 10:00 are due
    const other = secondServer();
    const counts = await Promise.all([
      queueDueReminders(t.ctx),
      queueDueReminders(other),
      queueDueReminders(t.ctx),
      queueDueReminders(other),
      // The scheduled job itself, as two servers whose timers name different due times.
      runOnce(t.ctx, reminderJob, new Date(at("07:00"))).then(() => 0),
      runOnce(other, reminderJob, new Date(Date.parse(at("07:00")) + 30_000)).then(() => 0),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3);
    expect(await reminded()).toEqual(["k0@example.com", "k1@example.com", "k2@example.com"]);
    expect(await queueDueReminders(other)).toBe(0);
  });

  it("sends what a run that died half-way did not, and nothing twice", async () => {
    await bookAndPay(t, at("09:00"), at("10:00"), { email: "eka@example.com" });
    await bookAndPay(t, at("10:00"), at("11:00"), { email: "toka@example.com" });
    t.clock.set(at("08:00"));
    // The process dies while queueing the second e-mail: the transaction rolls back both.
    let queued = 0;
    const dying: AppContext = {
      ...t.ctx,
      mail: {
        ...t.ctx.mail,
        enqueue: async (db, mail) => {
          if (++queued === 2) throw new Error("prosessi kaatui");
          return t.ctx.mail.enqueue(db, mail);
        },
      },
    };
    await expect(queueDueReminders(dying)).rejects.toThrow("prosessi kaatui");
    expect(await reminded()).toEqual([]);
    expect(await t.ctx.db.select().from(reservations).where(eq(reservations.status, "confirmed"))).toEqual(
      expect.arrayContaining([expect.objectContaining({ reminderSentAt: null })]),
    );
    expect(await queueDueReminders(t.ctx)).toBe(2);
    expect(await queueDueReminders(t.ctx)).toBe(0);
    expect(await reminded()).toEqual(["eka@example.com", "toka@example.com"]);
  });

  it("sends none for a booking made inside the window", async () => {
    t.clock.set(at("08:00"));
    await bookAndPay(t, at("10:00"), at("11:00"));
    t.clock.set(at("09:00"));
    expect(await queueDueReminders(t.ctx)).toBe(0);
    expect(await reminded()).toEqual([]);
  });

  it("reminds a moved booking again for its new time", async () => {
    const { reservation } = await bookAndPay(t, at("10:00"), at("11:00"));
    t.clock.set(at("07:00"));
    expect(await queueDueReminders(t.ctx)).toBe(1);
    const admin = await signedInAdmin("muistutus-siirto");
    const moved = await t.app.inject({
      method: "POST",
      url: `/api/v2/admin/reservations/${reservation.id}/move`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { start: at("10:00", "16"), end: at("11:00", "16") },
    });
    expect(moved.statusCode).toBe(200);
    expect(await queueDueReminders(t.ctx)).toBe(0);
    t.clock.set(at("07:00", "16"));
    expect(await queueDueReminders(t.ctx)).toBe(1);
    expect((await outboxOf(t, "reminder")).map((m) => m.subject)).toEqual([
      "Muistutus varauksesta: ma 15.6.2026 klo 10.00–11.00",
      "Muistutus varauksesta: ti 16.6.2026 klo 10.00–11.00",
    ]);
  });

  it("sends none for a cancelled booking", async () => {
    const { reservation } = await bookAndPay(t, at("10:00", "16"), at("11:00", "16"));
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${reservation.accessToken}`,
    });
    expect(cancel.statusCode).toBe(200);
    t.clock.set(at("08:00", "16"));
    expect(await queueDueReminders(t.ctx)).toBe(0);
    expect(await reminded()).toEqual([]);
  });

  it("sends none to an address whose customer turned reminders off in /oma-tili", async () => {
    const token = await logIn(t, "maija@example.com");
    const api = asCustomer(t, token);
    expect((await api.get("/api/v2/customers/me/reminders")).json()).toEqual({ enabled: true });
    const off = await t.app.inject({
      method: "PUT",
      url: "/api/v2/customers/me/reminders",
      headers: { authorization: `Bearer ${token}` },
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, message: "Muistutukset ovat pois päältä." });
    expect((await api.get("/api/v2/customers/me/reminders")).json()).toEqual({ enabled: false });

    await bookAndPay(t, at("10:00"), at("11:00"), { email: "Maija@Example.com" });
    await bookAndPay(t, at("11:00"), at("12:00"), { email: "muu@example.com" });
    t.clock.set(at("08:30"));
    expect(await queueDueReminders(t.ctx)).toBe(1);
    expect(await reminded()).toEqual(["muu@example.com"]);
  });

  it("refuses the preference without a session and with a body that is not a boolean", async () => {
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/v2/customers/me/reminders",
      payload: { enabled: false },
    });
    expect(anonymous.statusCode).toBe(401);
    const token = await logIn(t, "maija@example.com");
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/v2/customers/me/reminders",
      headers: { authorization: `Bearer ${token}` },
      payload: { enabled: "ei" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });

  it("reminds a member booking too, and none at all when the setting is 0", async () => {
    t.clock.set(at("12:00", "13"));
    const api = asCustomer(t, await logIn(t, "jasen@example.com"));
    await joinAndPay(t, api, 2);
    const booked = await api.post("/api/v2/reservations/subscriber", {
      start: at("10:00"),
      end: at("11:00"),
      dogs: 1,
    });
    expect(booked.statusCode).toBe(201);
    await bookAndPay(t, at("11:00"), at("12:00"));

    const texts = await getSetting(t.ctx.db, "reminders");
    await putSetting(t.ctx.db, "reminders", { ...texts, hoursBefore: 0 });
    t.clock.set(at("08:30"));
    expect(await queueDueReminders(t.ctx)).toBe(0);

    await putSetting(t.ctx.db, "reminders", { ...(await getSetting(t.ctx.db, "reminders")), hoursBefore: 3 });
    expect(await queueDueReminders(t.ctx)).toBe(2);
    const member = (await outboxOf(t, "reminder")).find((m) => m.to === "jasen@example.com")!;
    // A member booking can be moved and cancelled until it starts: still, 3 hours before.
    expect(member.text).toContain(
      "Jäsenvarauksen voi vielä siirtää tai perua varauksen alkuun asti; perutun varauksen tunnit palaavat kiintiöösi.",
    );
    expect(member.text).toMatch(/Siirrä tai peru varaus: .*\/oma-varaus\?varaus=/);
    expect((await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "reminder"))).length).toBe(
      2,
    );
  });

  it("says what can still be done with the booking when it is sent, not what could be done earlier", async () => {
    const { reservation } = await bookAndPay(t, at("10:00"), at("11:00"));
    // 3 hours before, the 24-hour window to move or cancel has closed: the e-mail says so.
    t.clock.set(at("07:00"));
    expect(await queueDueReminders(t.ctx)).toBe(1);
    const [closed] = await outboxOf(t, "reminder");
    expect(closed!.text).not.toMatch(/Siirrä tai peru/);
    expect(closed!.text).toContain(
      "Siirto ja peruutus olivat mahdollisia viimeistään 24 tuntia ennen alkua, joten varausta ei voi enää siirtää eikä perua.",
    );
    expect(closed!.text).toContain(
      `Oma varaus: ${t.ctx.config.publicUrl}/oma-varaus?varaus=${reservation.accessToken}`,
    );
    // The cancel itself agrees.
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/v2/reservations/by-token/${reservation.accessToken}`,
    });
    expect(cancel.statusCode).toBe(409);

    // A park whose window is shorter than the reminder's lead: moving and cancelling are still open.
    const slotRules = await getSetting(t.ctx.db, "slotRules");
    await putSetting(t.ctx.db, "slotRules", { ...slotRules, cancellationHours: 2 });
    await bookAndPay(t, at("10:00", "16"), at("11:00", "16"), { email: "avoin@example.com" });
    t.clock.set(at("07:00", "16"));
    expect(await queueDueReminders(t.ctx)).toBe(1);
    const open = (await outboxOf(t, "reminder")).find((m) => m.to === "avoin@example.com")!;
    expect(open.text).toContain("Varauksen voi vielä siirtää tai perua viimeistään ti 16.6.2026 klo 8.00.");
    expect(open.text).toMatch(/Siirrä tai peru varaus: .*\/oma-varaus\?varaus=/);
    expect(open.text).not.toMatch(/ei voi enää/);
    await putSetting(t.ctx.db, "slotRules", slotRules);
  });

  it("takes its hours and texts from the setting an admin edits, refusing nonsense in Finnish", async () => {
    const admin = await signedInAdmin("muistutukset");
    const put = (value: unknown) =>
      t.app.inject({
        method: "PUT",
        url: "/api/v2/admin/settings/reminders",
        headers: { authorization: `Bearer ${admin.token}` },
        payload: value as never,
      });
    const settingsNow = await t.app.inject({
      method: "GET",
      url: "/api/v2/admin/settings",
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(settingsNow.json().settings.reminders).toMatchObject({ hoursBefore: 3 });
    const bad = await put({ hoursBefore: 2, rules: " ", arrival: "Pysäköi portin viereen." });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Anna puiston säännöt lyhyesti.");
    const ok = await put({
      hoursBefore: 24,
      rules: "Koirat kytkettynä portilla.",
      arrival: "Pysäköi P2:lle.",
    });
    expect(ok.statusCode).toBe(200);

    await bookAndPay(t, at("10:00", "16"), at("11:00", "16"));
    t.clock.set(at("10:30", "15")); // 23.5 h before
    expect(await queueDueReminders(t.ctx)).toBe(1);
    const [mail] = await outboxOf(t, "reminder");
    expect(mail!.text).toContain("Puiston säännöt lyhyesti:\nKoirat kytkettynä portilla.");
    expect(mail!.text).toContain("Saapuminen ja pysäköinti:\nPysäköi P2:lle.");
  });
});
