import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Customer } from "../../domain/customer.js";
import { helsinkiDate } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import {
  customers,
  emailOutbox,
  invoices,
  reservations,
  subscriptions,
  waitlistEntries,
} from "../db/schema.js";
import { conflict } from "../errors.js";
import { mailboxKey } from "./customerAuth.js";
import { openInvoiceNumbers } from "../invoices/service.js";
import { currentSubscription, hasAccessOn } from "../subscriptions/service.js";

/**
 * The privacy notice's right to erasure: a customer can delete the account (what is held about
 * them is exported by customerExport.ts). Invoices and bookings are accounting records (kirjanpitolaki: 6 years) and stay, with
 * the person's name, e-mail and phone replaced.
 */

export const ANONYMISED_EMAIL = "poistettu@asiakas.invalid";
export const ANONYMISED_NAME = "Poistettu asiakas";

export async function deleteCustomer(ctx: AppContext, customer: Customer) {
  const now = ctx.now();
  const today = helsinkiDate(now);
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customer.id)).for("update");
    const open = await openInvoiceNumbers(tx, customer.id);
    if (open.length > 0)
      throw conflict(
        `Tiliä ei voi poistaa, koska sinulla on avoin lasku (nro ${open.join(", ")}). Maksa lasku ensin tai ota yhteyttä meihin.`,
      );
    const sub = await currentSubscription(tx, customer.id);
    if (sub && (sub.status === "pending" || hasAccessOn(sub, today)))
      throw conflict(
        "Tiliä ei voi poistaa, kun jäsenyytesi on voimassa. Irtisano jäsenyys ensin; tilin voi poistaa, kun se on päättynyt.",
      );
    const mine = or(
      eq(reservations.customerId, customer.id),
      sql`lower(${reservations.email}) = ${customer.email.toLowerCase()}`,
    );
    // Coming bookings are cancelled: without the account nobody could use or cancel them.
    await tx
      .update(reservations)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: "account_deleted" })
      .where(
        and(
          mine,
          eq(reservations.kind, "subscriber"),
          eq(reservations.status, "confirmed"),
          gt(reservations.startsAt, now),
        ),
      );
    await tx
      .update(reservations)
      .set({ name: ANONYMISED_NAME, email: ANONYMISED_EMAIL, phone: null, customerId: null })
      .where(mine);
    await tx
      .update(invoices)
      .set({ name: ANONYMISED_NAME, email: ANONYMISED_EMAIL, customerId: null })
      .where(eq(invoices.customerId, customer.id));
    await tx.update(subscriptions).set({ customerId: null }).where(eq(subscriptions.customerId, customer.id));
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = ${customer.email.toLowerCase()}`);
    // Waitlist entries are no record of anything: gone (an offer's hold, anonymised above, just expires).
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.mailbox, mailboxKey(customer.email)));
    // Sessions and login links go with the row (ON DELETE CASCADE).
    await tx.delete(customers).where(eq(customers.id, customer.id));
  });
  return { success: true, message: "Tilisi ja henkilötietosi on poistettu. Kiitos, että asioit kanssamme." };
}
