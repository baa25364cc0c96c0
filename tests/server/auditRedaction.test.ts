import { asc, sql } from "drizzle-orm";
import { auditLog } from "../../src/server/schema/index.js";
import { redactAudit } from "../../src/server/system/auditRedaction.js";
import { openDatabaseBefore } from "../support/before0022.js";
import { databaseKinds } from "../support/database.js";

/**
 * Issue 31: the audit log keeps no one's e-mail, name, phone, IP or link secrets. Rows the code
 * before migration 0023 wrote (whole booking rows, an invoice's address, an e-mail address in a
 * delivery error) are rewritten by the migration to what recordAudit writes now (redactAudit): the
 * personal fields left out, the changed fields named.
 */

const booking = {
  id: "0b8f2d0e-1111-4222-8333-944445555666",
  name: "Maija Meikäläinen",
  email: "maija@example.com",
  phone: "+358 40 765 4321",
  status: "confirmed",
  startsAt: "2026-06-16T07:00:00.000Z",
  endsAt: "2026-06-16T08:00:00.000Z",
  priceCents: 1500,
  accessToken: "access-secret",
  doorToken: "door-secret",
  holdIp: "198.51.100.23",
  cancelledAt: null,
};

/** As the code before 0023 wrote them (its recordAudit stored before and after as given). */
const OLD_ROWS = [
  {
    action: "reservation.cancel_with_refund",
    entity: "reservation",
    before: booking,
    after: {
      ...booking,
      status: "cancelled",
      cancelledAt: "2026-06-15T09:00:00.000Z",
      phone: null,
      refundedCents: 1500,
    },
  },
  { action: "reservation.create", entity: "reservation", before: null, after: booking },
  {
    action: "invoice.resend",
    entity: "invoice",
    before: { status: "open", email: "anna@example.com" },
    after: { mailId: 7, kind: "invoice", to: "anna@example.com" },
  },
  {
    action: "mail.resend.result",
    entity: "email",
    before: null,
    after: { sent: false, error: "550 <anna@example.com>: mailbox unavailable" },
  },
  {
    action: "settings.update",
    entity: "settings",
    before: { name: "Koirapuisto", businessId: "2876543-5" },
    after: { name: "Haukkula", businessId: "2876543-5" },
  },
  {
    action: "price_rule.create",
    entity: "price_rule",
    before: null,
    after: [{ name: "Ilta", priceCents: 2000 }],
  },
  { action: "photo.reorder", entity: "photo", before: [3, 1, 2], after: [1, 2, 3] },
];

describe.each(databaseKinds)("the audit log without personal data on %s", (kind) => {
  it("is what migration 0023 makes of the rows written before it", async () => {
    const old = await openDatabaseBefore(kind, 22);
    try {
      // Written before 0023: no "changed" column yet, so only the old columns are named.
      const json = (value: unknown) => (value === null ? sql`null` : sql`${JSON.stringify(value)}::jsonb`);
      for (const r of OLD_ROWS)
        await old.db
          .execute(sql`insert into audit_log (actor_email, actor_uid, action, entity, entity_id, before, after)
          values ('admin@example.com', 'uid-1', ${r.action}, ${r.entity}, '1', ${json(r.before)}, ${json(r.after)})`);
      await old.migrateRest();
      const rows = await old.db.select().from(auditLog).orderBy(asc(auditLog.id));
      expect(rows.map((r) => ({ before: r.before, after: r.after, changed: r.changed }))).toEqual(
        OLD_ROWS.map((r) => redactAudit(r.entity, r.before, r.after)),
      );
      const text = JSON.stringify(rows);
      for (const personal of ["maija@", "anna@", "Meikäläinen", "765 4321", "198.51.100.23", "secret"])
        expect(text).not.toContain(personal);
      // The change itself is still there: what changed, by name, and the values that are no one's.
      expect(rows[0]).toMatchObject({
        before: { status: "confirmed", priceCents: 1500 },
        after: { status: "cancelled", refundedCents: 1500 },
        changed: ["cancelledAt", "phone", "refundedCents", "status"],
      });
      expect(rows[3]!.after).toEqual({ sent: false, error: "550 <[poistettu]>: mailbox unavailable" });
      expect(rows[4]).toMatchObject({ after: { name: "Haukkula" }, changed: ["name"] });
      expect(rows[5]!.after).toEqual([{ name: "Ilta", priceCents: 2000 }]);
      expect(rows[6]).toMatchObject({ before: [3, 1, 2], after: [1, 2, 3], changed: null });
    } finally {
      await old.close();
    }
    // Every migration from an empty database, as ledgerMigration.test.ts: slow on PGlite.
  }, 120_000);
});
