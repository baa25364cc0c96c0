import { eq, sql } from "drizzle-orm";
import { auditLog, doorEvents, reservationLookups, reservations } from "../../src/server/schema/index.js";
import { adminRequest, createTestApp, type TestApp } from "../support/app.js";
import { checkoutBody, pressDemoButton } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay } from "../support/member.js";

/**
 * Issue 31: erasing an account reaches every copy of the person. A customer leaves every kind of
 * trace (login links, a membership with its invoice, paid and cancelled bookings with their
 * checkout IP and a stored answer, a gate press, a look-up, a waitlist entry, e-mails, admins'
 * actions in the audit log); after the erasure, every column of every table that can hold text
 * (text, varchar, json, jsonb, inet: read from the database's own catalogue, so a new column is
 * read too) is searched for the person's e-mail, name, phone and IP address.
 */

const EMAIL = "maija.erasmus@example.com";
const NAME = "Maija Erasmus";
const PHONE = "+358 40 111 2233";
const IP = "203.0.113.77";
/** What is searched for: the address, the surname, the phone with and without spaces, the IP. */
const NEEDLES = [EMAIL, "Erasmus", "111 2233", "401112233", IP];

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** Every column that can hold a text, as "table.column". */
async function textColumns(t: TestApp): Promise<Array<{ table: string; column: string }>> {
  const rows = rowsOf(
    await t.ctx.db.execute(sql`select c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'inet', 'cidr')
          or c.udt_name in ('_text', '_varchar', 'citext'))
      order by 1, 2`),
  );
  return rows.map((r) => ({ table: String(r.table), column: String(r.column) }));
}

/** "table.column: needle" for each column where a needle is found (any case). */
async function traces(t: TestApp): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(t)) {
    const hits = sql.join(
      NEEDLES.map(
        (needle, i) =>
          sql`bool_or(strpos(lower(${sql.identifier(column)}::text), ${needle.toLowerCase()}) > 0) as ${sql.identifier(`n${i}`)}`,
      ),
      sql`, `,
    );
    const [row] = rowsOf(await t.ctx.db.execute(sql`select ${hits} from ${sql.identifier(table)}`));
    NEEDLES.forEach((needle, i) => {
      if (row?.[`n${i}`] === true) found.push(`${table}.${column}: ${needle}`);
    });
  }
  return found;
}

describe.each(databaseKinds)("erasing an account on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
    t.clock.set("2026-06-15T12:00:00+03:00");
  });
  afterEach(() => t.close());

  /** A session through the real magic link, asked for from the person's IP address. */
  async function logIn(): Promise<string> {
    await t.app.inject({
      method: "POST",
      url: "/api/v2/auth/magic-link",
      payload: { email: EMAIL },
      remoteAddress: IP,
    });
    const token = t.printedMail.at(-1)!.match(/[?&]token=([A-Za-z0-9_-]+)/)![1]!;
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v2/auth/callback?token=${token}`,
      remoteAddress: IP,
    });
    expect(res.statusCode).toBe(200);
    return res.json().sessionToken as string;
  }

  /** A paid booking, checked out from the person's IP with an Idempotency-Key (a stored answer). */
  async function book(start: string, end: string, who = { email: EMAIL, name: NAME, phone: PHONE }, ip = IP) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v2/reservations",
      payload: checkoutBody(start, end, who),
      headers: { "idempotency-key": `erasure-${start}` },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(201);
    expect((await pressDemoButton(t, res.json().redirectUrl, "approve")).statusCode).toBe(303);
    const id = res.json().reservation.id as string;
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, id));
    return row!;
  }

  it("leaves no e-mail, name, phone or IP address of the person in any column", async () => {
    const api = asCustomer(t, await logIn());
    await joinAndPay(t, api, 1);
    const kept = await book("2026-06-16T10:00:00+03:00", "2026-06-16T11:00:00+03:00");
    const cancelled = await book("2026-06-17T10:00:00+03:00", "2026-06-17T11:00:00+03:00");
    // Someone else's booking (from another address), whose slot the person queues for.
    await book(
      "2026-06-18T10:00:00+03:00",
      "2026-06-18T11:00:00+03:00",
      { email: "muu@example.com", name: "Muu Asiakas", phone: "+358 50 999 8877" },
      "198.51.100.9",
    );
    const joined = await t.app.inject({
      method: "POST",
      url: "/api/v2/waitlist",
      payload: { start: "2026-06-18T10:00:00+03:00", end: "2026-06-18T11:00:00+03:00", email: EMAIL },
      remoteAddress: IP,
    });
    expect(joined.statusCode).toBe(201);
    const lookup = await t.app.inject({
      method: "POST",
      url: "/api/v2/reservations/lookup",
      payload: { email: EMAIL },
      remoteAddress: IP,
    });
    expect(lookup.statusCode).toBe(202);

    // Admins act on the booking and the invoice: audit rows.
    const admin = await signedInAdmin("poisto");
    const asAdmin = (url: string, payload: object = {}) => adminRequest(t, admin, "POST", url, payload);
    expect((await asAdmin(`/reservations/${cancelled.id}/cancel`, { refund: true })).statusCode).toBe(200);
    const [invoice] = (await api.get("/api/v2/invoices/me")).json().invoices;
    expect((await asAdmin(`/invoices/${invoice.id}/resend`)).statusCode).toBe(200);

    // The gate is opened with the booking's link, from the person's IP.
    t.clock.set("2026-06-16T10:05:00+03:00");
    const press = await t.app.inject({
      method: "POST",
      url: `/api/v2/door/${kept.doorToken}/open`,
      remoteAddress: IP,
    });
    expect(press.statusCode).toBe(200);

    expect((await api.post("/api/v2/subscriptions/me/cancel")).statusCode).toBe(200);

    // Every kind of trace is there before the erasure: the search finds what it looks for.
    const before = await traces(t);
    for (const trace of [
      `customers.email: ${EMAIL}`,
      `reservations.name: Erasmus`,
      `reservations.phone: 111 2233`,
      `reservations.hold_ip: ${IP}`,
      `door_events.ip: ${IP}`,
      `reservation_lookups.ip: ${IP}`,
      `waitlist_entries.email: ${EMAIL}`,
      `email_outbox.text: Erasmus`,
    ])
      expect(before).toContain(trace);
    // The audit log has the admins' actions, by ids and changed fields, never the person.
    const audit = await t.ctx.db.select().from(auditLog);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["reservation.cancel_with_refund", "invoice.resend"]),
    );
    const cancel = audit.find((a) => a.action === "reservation.cancel_with_refund")!;
    expect(cancel.changed).toEqual(expect.arrayContaining(["status", "cancelledAt"]));
    expect(cancel.after).toMatchObject({ status: "cancelled" });
    expect(before.filter((trace) => trace.startsWith("audit_log."))).toEqual([]);

    // The membership has ended; the person erases the account.
    t.clock.set("2026-08-15T09:00:00+03:00");
    const later = asCustomer(t, await logIn());
    const erased = await later.delete("/api/v2/customers/me");
    expect(erased.statusCode).toBe(200);

    expect(await traces(t)).toEqual([]);
    // The books stay: the bookings and the gate's log, without the person.
    expect(await t.ctx.db.select().from(reservations)).toHaveLength(3);
    expect((await t.ctx.db.select().from(doorEvents)).map((e) => [e.allowed, e.ip])).toEqual([[true, null]]);
    expect(await t.ctx.db.select().from(reservationLookups)).toEqual([]);
  });
});
