import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { emailOutbox, mailboxSql } from "../schema/index.js";
import { mailboxKey } from "../../domain/mailbox.js";

/**
 * The export's queries (customerExport.ts, decision 037): the rows of every table that refers to
 * the customer, as stored, and the e-mails sent to them. `tests/server/customerExport.test.ts`
 * fails when a table reaching the customer (by a foreign key chain, an e-mail or an IP column) is
 * neither in EXPORTED nor in `NOT_EXPORTED` with its reason.
 */

export type Ids = { customerId: string; email: string };

/** Columns that are secrets (the link's own keys), not information about the person. */
const SECRET_COLUMNS = ["access_token", "door_token", "token_hash"];
/** The e-mails' bodies may carry live links; their subject, kind and times are exported. */
const MAIL_BODY_COLUMNS = ["text", "html", "attachments"];

const myReservations = ({ customerId, email }: Ids) =>
  sql`select r.id from reservations r where r.customer_id = ${customerId} or lower(r.email) = ${email}`;
const myInvoices = ({ customerId }: Ids) =>
  sql`select i.id from invoices i where i.customer_id = ${customerId}`;
// Two selects, not one with "or": each finds its rows by its own index (payments_reservation,
// payments_invoice), where an "or" of two subqueries reads the whole table (issue 37).
const myPayments = (ids: Ids) =>
  sql`select p.id from payments p where p.reservation_id in (${myReservations(ids)})
    union all select p.id from payments p where p.invoice_id in (${myInvoices(ids)})`;
const mySeries = ({ customerId }: Ids) =>
  sql`select ss.id from standing_slots ss where ss.subscription_id in
    (select s.id from subscriptions s where s.customer_id = ${customerId})`;
const entityIn = (entity: string, ids: SQL) =>
  sql`(t.entity = ${entity} and t.entity_id in (select m.id::text from (${ids}) m))`;

/** Each table that holds something about the customer, and the condition that finds its rows (indexed). */
export const EXPORTED: Record<string, (ids: Ids) => SQL> = {
  customers: ({ customerId }) => sql`t.id = ${customerId}`,
  customer_sessions: ({ customerId }) => sql`t.customer_id = ${customerId}`,
  magic_link_tokens: ({ customerId }) => sql`t.customer_id = ${customerId}`,
  subscriptions: ({ customerId }) => sql`t.customer_id = ${customerId}`,
  invoices: ({ customerId }) => sql`t.customer_id = ${customerId}`,
  // A raised tier's difference waiting for (or billed on) an invoice (decision 057).
  membership_charges: ({ customerId }) =>
    sql`t.subscription_id in (select s.id from subscriptions s where s.customer_id = ${customerId})`,
  reservations: (ids) => sql`t.id in (${myReservations(ids)})`,
  // Their standing weekly slots and each week made (decision 056), by the membership's index.
  standing_slots: (ids) => sql`t.id in (${mySeries(ids)})`,
  standing_slot_weeks: (ids) => sql`t.standing_slot_id in (${mySeries(ids)})`,
  payments: (ids) => sql`t.id in (${myPayments(ids)})`,
  refunds: (ids) => sql`t.payment_id in (${myPayments(ids)})`,
  // The money of their bookings and invoices, entry by entry (decision 038): the sums they add up to.
  ledger_entries: (ids) =>
    sql`t.id in (select l.id from ledger_entries l where l.reservation_id in (${myReservations(ids)})
      union all select l.id from ledger_entries l where l.invoice_id in (${myInvoices(ids)}))`,
  // Bank transfers that paid (or were meant for) their invoices, by bank_transfers_invoice (issue 36).
  bank_transfers: (ids) => sql`t.invoice_id in (${myInvoices(ids)})`,
  gift_card_transactions: (ids) => sql`t.payment_id in (${myPayments(ids)})`,
  discount_code_uses: (ids) => sql`t.reservation_id in (${myReservations(ids)})`,
  door_events: (ids) => sql`t.reservation_id in (${myReservations(ids)})`,
  reservation_moves: (ids) => sql`t.reservation_id in (${myReservations(ids)})`,
  gate_fallback_notices: (ids) => sql`t.reservation_id in (${myReservations(ids)})`,
  // Keyed in SQL too, so rows stored under an earlier, narrower key (before Gmail's dots) count.
  reservation_lookups: ({ email }) => sql`${mailboxSql(sql.raw("t.mailbox"))} = ${mailboxKey(email)}`,
  waitlist_entries: ({ email }) => sql`${mailboxSql(sql.raw("t.mailbox"))} = ${mailboxKey(email)}`,
  email_outbox: ({ email }) => sql`lower(t."to") = ${email}`,
  audit_log: (ids) =>
    sql.join(
      [
        entityIn("reservation", myReservations(ids)),
        entityIn("standing_slot", mySeries(ids)),
        entityIn("payment", myPayments(ids)),
        entityIn("invoice", myInvoices(ids)),
        // The membership's rows (admin.ts's entity "membership"; "subscription" in older rows).
        entityIn("membership", sql`select s.id from subscriptions s where s.customer_id = ${ids.customerId}`),
        entityIn(
          "subscription",
          sql`select s.id from subscriptions s where s.customer_id = ${ids.customerId}`,
        ),
      ],
      sql` or `,
    ),
};

/** Tables that reach a customer but are not exported, and why. */
export const NOT_EXPORTED: Record<string, string> = {
  admins: "the admins' own accounts, not customers",
};

/**
 * The admin who acted is shown by role, not by their e-mail or Firebase uid (issue 31): the
 * customer's data, not the staff's. The audit log names them in actor_email and actor_uid; a
 * ledger entry's actor is an admin's e-mail, or the kind of actor ("system", "visitor", "member").
 */
export const ADMIN_ROLE = "ylläpitäjä";
const ADMIN_COLUMNS: Record<string, SQL> = {
  audit_log: sql`- array['actor_email', 'actor_uid'] || jsonb_build_object('actor', ${ADMIN_ROLE}::text)`,
  bank_transfers: sql`- array['imported_by', 'resolved_by']`,
  ledger_entries: sql`|| jsonb_build_object('actor', case when t.actor like '%@%' then ${ADMIN_ROLE}::text else t.actor end)`,
};

/** The query for the rows of one table that the condition finds, as JSON, without the secret columns. */
export function recordsQuery(table: string, where: SQL): SQL {
  const hidden = table === "email_outbox" ? [...SECRET_COLUMNS, ...MAIL_BODY_COLUMNS] : SECRET_COLUMNS;
  return sql`select (to_jsonb(t) - ${sql.raw(`array[${hidden.map((c) => `'${c}'`).join(",")}]`)}) ${ADMIN_COLUMNS[table] ?? sql``} as row
      from ${sql.identifier(table)} t where ${where} order by t.created_at`;
}

/** The rows of one table that the condition finds (recordsQuery). */
export async function recordsOf(db: DbOrTx, table: string, where: SQL) {
  // Both drivers (PGlite, node-postgres) answer execute() with { rows }.
  const result = await db.execute(recordsQuery(table, where));
  return (result as unknown as { rows: Array<{ row: Record<string, unknown> }> }).rows.map((r) => r.row);
}

/**
 * The e-mails sent to an address (lower-case), without their bodies, by the email_outbox_to index:
 * a query, which answers when awaited.
 */
export function mailsTo(db: DbOrTx, email: string) {
  return db
    .select({ subject: emailOutbox.subject, kind: emailOutbox.kind, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.to}) = ${email}`);
}
