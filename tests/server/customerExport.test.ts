import { sql } from "drizzle-orm";
import { EXPORTED, NOT_EXPORTED } from "../../src/server/customers/exportRepository.js";
import { createTestApp, type TestApp } from "../support/app.js";
import { bookAndPay, pressDemoButton, holdSlot } from "../support/booking.js";
import { databaseKinds } from "../support/database.js";
import { signedInAdmin } from "../support/firebase.js";
import { asCustomer, joinAndPay, logIn } from "../support/member.js";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * The tables that can hold something about a customer, read from the database's own catalogue: a
 * table referring to the customers table, or to such a table (foreign keys, followed to the end),
 * or one with an e-mail address or an IP address in a column.
 */
async function tablesAboutCustomers(t: TestApp): Promise<string[]> {
  const keys = rowsOf(
    await t.ctx.db.execute(sql`select conrelid::regclass::text as child, confrelid::regclass::text as parent
      from pg_constraint where contype = 'f'`),
  ) as Array<{ child: string; parent: string }>;
  const columns = rowsOf(
    await t.ctx.db.execute(sql`select table_name from information_schema.columns
      where table_schema = 'public' and (column_name in ('email', 'to') or column_name = 'ip' or column_name like '%\\_ip')`),
  ) as Array<{ table_name: string }>;
  const found = new Set(["customers", ...columns.map((c) => c.table_name)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { child, parent } of keys)
      if (found.has(parent) && !found.has(child)) {
        found.add(child);
        grew = true;
      }
  }
  return [...found].map((name) => name.replace(/^"|"$/g, "")).sort();
}

describe.each(databaseKinds)("the own-data export (%s)", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  it("covers every table that refers to a customer, or says why not", async () => {
    const tables = await tablesAboutCustomers(t);
    expect(tables).toContain("door_events");
    const accounted = new Set([...Object.keys(EXPORTED), ...Object.keys(NOT_EXPORTED)]);
    expect(tables.filter((name) => !accounted.has(name))).toEqual([]);
  });

  it("holds the customer's bookings, payments, refunds, gate events with IPs, sessions and login links", async () => {
    const email = "kaikki@example.com";
    const api = asCustomer(t, await logIn(t, email));
    await joinAndPay(t, api, 1);
    const { reservation } = await bookAndPay(t, "2026-06-20T10:00:00+03:00", "2026-06-20T11:00:00+03:00", {
      email,
    });
    const held = await holdSlot(t, "2026-06-21T10:00:00+03:00", "2026-06-21T11:00:00+03:00", { email });
    await pressDemoButton(t, held.redirectUrl, "cancel");
    t.clock.set("2026-06-20T10:05:00+03:00");
    await t.app.inject({
      method: "POST",
      url: `/api/v2/door/${reservation.doorToken}/open`,
      remoteAddress: "198.51.100.23",
    });
    const admin = await signedInAdmin("vienti");
    await t.app.inject({
      method: "POST",
      url: `/api/v2/admin/reservations/${reservation.id}/cancel`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { refund: true },
    });
    // Someone else's booking stays out.
    await bookAndPay(t, "2026-06-22T10:00:00+03:00", "2026-06-22T11:00:00+03:00", {
      email: "muu@example.com",
    });

    const res = await api.get("/api/v2/customers/me/data");
    expect(res.statusCode).toBe(200);
    const records = res.json().records as Record<string, Row[]>;
    expect(Object.keys(records).sort()).toEqual(Object.keys(EXPORTED).sort());
    expect(records.reservations!.map((r) => r.status).sort()).toEqual(["cancelled", "cancelled"]);
    expect(records.reservations!.every((r) => r.email === email && !("access_token" in r))).toBe(true);
    expect(records.reservations!.some((r) => r.hold_ip)).toBe(true);
    // The membership's first invoice and the two bookings' attempts.
    expect(records.payments).toHaveLength(3);
    expect(records.refunds).toEqual([
      expect.objectContaining({ reason: "admin_cancel", amount_cents: 1500 }),
    ]);
    expect(records.door_events).toEqual([expect.objectContaining({ allowed: true, ip: "198.51.100.23" })]);
    expect(records.customer_sessions!.length).toBeGreaterThan(0);
    expect(records.magic_link_tokens!.length).toBeGreaterThan(0);
    expect(records.magic_link_tokens!.every((r) => !("token_hash" in r))).toBe(true);
    expect(records.subscriptions).toHaveLength(1);
    expect(records.invoices).toHaveLength(1);
    expect(records.audit_log!.map((r) => r.action)).toContain("reservation.cancel_with_refund");
    // The admin who acted is a role, not their e-mail or Firebase uid (issue 31), here or in the ledger.
    expect(records.audit_log!.every((r) => r.actor === "ylläpitäjä" && !("actor_email" in r))).toBe(true);
    expect(records.audit_log!.every((r) => !("actor_uid" in r))).toBe(true);
    expect(records.ledger_entries!.map((r) => r.actor)).toContain("ylläpitäjä");
    expect(JSON.stringify(res.json())).not.toContain(admin.email);
    expect(JSON.stringify(res.json())).not.toContain(admin.uid);
    expect(records.email_outbox!.every((r) => r.to === email && !("text" in r))).toBe(true);
  });
});
