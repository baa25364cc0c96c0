import type { Customer } from "../../domain/customer.js";
import { helsinkiDate } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { conflict } from "../errors.js";
import { ANONYMISED_EMAIL, mailboxKey } from "../../domain/mailbox.js";
import { customerRepository } from "./repository.js";
import { openInvoiceNumbers, currentSubscription, hasAccessOn } from "../memberships/index.js";

/**
 * The privacy notice's right to erasure: a customer can delete the account (what is held about
 * them is exported by customerExport.ts). Invoices and bookings are accounting records (kirjanpitolaki: 6 years) and stay, with
 * the person's name, e-mail and phone replaced and their IP addresses cleared. The audit log holds
 * no personal data to erase (system/auditRedaction.ts); tests/server/erasure.test.ts reads every
 * column that could hold some after an erasure.
 */

export const ANONYMISED_NAME = "Poistettu asiakas";

export async function deleteCustomer(ctx: AppContext, customer: Customer) {
  const now = ctx.now();
  const today = helsinkiDate(now);
  await ctx.db.transaction(async (tx) => {
    const repository = customerRepository(tx);
    await repository.lock(customer.id);
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
    // Coming bookings are cancelled: without the account nobody could use or cancel them.
    await repository.cancelComingMemberBookings(customer, now);
    // The gate's presses on their bookings lose their IPs while the bookings can still be found by them.
    await repository.clearDoorIps(customer);
    const anonymised = { name: ANONYMISED_NAME, email: ANONYMISED_EMAIL };
    await repository.anonymiseBookings(customer, anonymised);
    await repository.anonymiseInvoices(customer.id, anonymised);
    await repository.detachSubscriptions(customer.id);
    await repository.deleteMailTo(customer.email);
    // Waitlist entries are no record of anything: gone (an offer's hold, anonymised above, just expires).
    await repository.deleteWaitlistEntries(mailboxKey(customer.email));
    // Look-ups (mailbox and IP) count only toward limits; stored answers may repeat the address.
    await repository.deleteLookups(mailboxKey(customer.email));
    await repository.deleteStoredAnswers(customer);
    // Sessions and login links go with the row (ON DELETE CASCADE).
    await repository.delete(customer.id);
  });
  return { success: true, message: "Tilisi ja henkilötietosi on poistettu. Kiitos, että asioit kanssamme." };
}
