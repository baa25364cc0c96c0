import type { Customer } from "../../domain/customer.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { EXPORTED, mailsTo, recordsOf } from "./exportRepository.js";
import { listInvoices, currentSubscription, toSubscriptionView } from "../memberships/index.js";
import { listMemberReservations } from "../reservations/index.js";

/**
 * The privacy notice's right of access: everything stored about a customer. Besides the views the
 * account page shows (membership, invoices, recent bookings, e-mails), `records` holds the rows of
 * every table that refers to the customer, as stored, under the table's name: bookings of every
 * status (with the address they came from, for the day it is kept), payments, refunds, gift-card
 * and discount shares, the gate's events, sessions, login links, and admins' actions on them, the
 * admin shown by role ("ylläpitäjä"), not by e-mail or uid.
 * The tables and their conditions are exportRepository.ts's EXPORTED.
 */

export async function exportCustomerData(ctx: AppContext, customer: Customer) {
  const ids = { customerId: customer.id, email: customer.email.toLowerCase() };
  const sub = await currentSubscription(ctx.db, customer.id);
  const mails = await mailsTo(ctx.db, ids.email);
  const records: Record<string, Array<Record<string, unknown>>> = {};
  for (const [table, where] of Object.entries(EXPORTED))
    records[table] = await recordsOf(ctx.db, table, where(ids));
  return {
    exported_at: toHelsinkiIso(ctx.now()),
    customer,
    subscription: sub ? await toSubscriptionView(ctx, sub) : null,
    invoices: (await listInvoices(ctx, customer.id, null)).invoices,
    reservations: await listMemberReservations(ctx, customer),
    emails: mails.map((m) => ({ subject: m.subject, kind: m.kind, sent_at: toHelsinkiIso(m.createdAt) })),
    records,
  };
}
