import { sql } from "drizzle-orm";
import { WAITLIST_MESSAGES } from "../../src/domain/waitlist.js";
import { MAGIC_LINK_MAX_PER_EMAIL } from "../../src/server/customers/customerAuth.js";
import { mailboxKey } from "../../src/domain/mailbox.js";
import { mailboxSql } from "../../src/server/schema/mailbox.js";
import { LOOKUP_MAX_PER_MAILBOX } from "../../src/server/reservations/lookup.js";
import { queueDueReminders } from "../../src/server/reservations/reminders.js";
import { WAITLIST_MAX_PER_MAILBOX } from "../../src/server/waitlist/service.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, outboxOf } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { asCustomer, logIn } from "../support/member.js";

/*
 * One inbox, one key (issue 31, finding 9): case, a +tag, Gmail's dots and googlemail.com all reach
 * one mailbox, so its limits (login links, look-ups, waitlist joins), its place in a slot's line
 * and its reminders' opt-out are one, whichever variant and IP address a request comes from.
 */

const at = (time: string, day: string) => `2026-06-${day}T${time}:00+03:00`;

/** Variants of one Gmail inbox, each a different string. */
const gmail = [
  "maija.meikalainen@gmail.com",
  "MaijaMeikalainen@gmail.com",
  "m.a.i.j.a.meikalainen+koira@gmail.com",
  "maija.meikalainen@googlemail.com",
  "Maija.Meika.lainen+x+y@GoogleMail.com",
  "maijameikalainen+@gmail.com",
];

describe.each(databaseKinds)("one mailbox key on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set(at("12:00", "15"));
  });
  afterEach(() => t.close());

  it("keys an address alike in code and in SQL", async () => {
    const addresses = [
      ...gmail,
      "Maija@Example.com",
      "maija+tag@example.com",
      "maija.m+tag@example.com",
      "maija.m@example.com",
      "m.a.i.j.a@gmail.com.example.com",
      "maija@notgmail.com",
      "first.last@mail.gmail.com",
      "+only@example.com",
      "a+b+c@sub.example.fi",
    ];
    for (const gmailVariant of gmail) expect(mailboxKey(gmailVariant)).toBe("maijameikalainen@gmail.com");
    // Dots and +tags elsewhere mean what they say: only the tag goes.
    expect(mailboxKey("maija.m+tag@example.com")).toBe("maija.m@example.com");
    expect(mailboxKey("first.last@mail.gmail.com")).toBe("first.last@mail.gmail.com");
    for (const address of addresses) {
      const result = await t.ctx.db.execute(sql`select ${mailboxSql(sql`${address}::text`)} as key`);
      const key = (result as unknown as { rows: { key: string }[] }).rows[0]!.key;
      expect(key, address).toBe(mailboxKey(address));
    }
  });

  it("gives Gmail's dotted names one allowance of login links and look-ups, from any IP", async () => {
    const ask = (url: string, email: string, i: number) =>
      t.app.inject({ method: "POST", url, payload: { email }, remoteAddress: `198.51.100.${i + 1}` });
    const links = [];
    for (const [i, email] of gmail.slice(0, MAGIC_LINK_MAX_PER_EMAIL + 1).entries())
      links.push((await ask("/api/v2/auth/magic-link", email, i)).statusCode);
    expect(links).toEqual([...Array<number>(MAGIC_LINK_MAX_PER_EMAIL).fill(200), 429]);

    const lookups = [];
    for (const [i, email] of gmail.slice(0, LOOKUP_MAX_PER_MAILBOX + 1).entries())
      lookups.push((await ask("/api/v2/reservations/lookup", email, i)).statusCode);
    expect(lookups).toEqual([...Array<number>(LOOKUP_MAX_PER_MAILBOX).fill(202), 429]);
  });

  it("keeps one place in a slot's line and one allowance of joins per Gmail inbox", async () => {
    const join = (day: string, email: string, i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/v2/waitlist",
        payload: { start: at("10:00", day), end: at("11:00", day), email },
        remoteAddress: `203.0.113.${i + 1}`,
      });
    const days = ["20", "21", "22", "23", "24", "25"];
    for (const day of days) await bookAndPay(t, at("10:00", day), at("11:00", day));
    const first = await join("20", gmail[0]!, 0);
    expect(first.json().message).toBe(WAITLIST_MESSAGES.joined);
    // The dotted and googlemail.com names of the same inbox: the same entry.
    const again = await join("20", gmail[4]!, 1);
    expect(again.json().message).toBe(WAITLIST_MESSAGES.alreadyIn);
    // Each later day a new variant from a new IP: counted as one mailbox's joins.
    const answers = [];
    for (const [i, day] of days.slice(1).entries())
      answers.push((await join(day, gmail[(i + 1) % gmail.length]!, i + 2)).statusCode);
    expect(answers).toEqual([...Array<number>(WAITLIST_MAX_PER_MAILBOX - 1).fill(201), 429]);
  });

  it("sends no reminder to any variant of an inbox whose account turned reminders off", async () => {
    t.clock.set(at("12:00", "14"));
    const token = await logIn(t, "maija.meikalainen@gmail.com");
    const off = await t.app.inject({
      method: "PUT",
      url: "/api/v2/customers/me/reminders",
      headers: { authorization: `Bearer ${token}` },
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    // Another account reaching the same inbox reads the inbox's preference.
    const otherToken = await logIn(t, "maijameikalainen+koira@googlemail.com");
    const other = asCustomer(t, otherToken);
    expect((await other.get("/api/v2/customers/me/reminders")).json()).toEqual({ enabled: false });

    await bookAndPay(t, at("09:00", "15"), at("10:00", "15"), { email: "Maija.Meikalainen+koira@gmail.com" });
    await bookAndPay(t, at("10:00", "15"), at("11:00", "15"), { email: "m.aija.meikalainen@googlemail.com" });
    await bookAndPay(t, at("11:00", "15"), at("12:00", "15"), { email: "maija+koira@example.com" });
    t.clock.set(at("08:30", "15"));
    expect(await queueDueReminders(t.ctx)).toBe(1);
    expect((await outboxOf(t, "reminder")).map((m) => m.to)).toEqual(["maija+koira@example.com"]);

    // Turned on again from the other account: on for the whole inbox.
    const on = await t.app.inject({
      method: "PUT",
      url: "/api/v2/customers/me/reminders",
      headers: { authorization: `Bearer ${otherToken}` },
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await asCustomer(t, token).get("/api/v2/customers/me/reminders")).json()).toEqual({
      enabled: true,
    });
  });
});
