import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { Customer } from "../../domain/customer.js";
import { areas, customers, reservations } from "../db/schema.js";
import { ANONYMISED_EMAIL } from "./customerData.js";
import { getSettings } from "../settings/service.js";
import { reminderMail } from "../reservations/visitorMail.js";

/**
 * The reminder e-mail before each confirmed booking (setting `reminders.hoursBefore`, 0 = none).
 *
 * Exactly once, whatever runs the job: the due bookings are read and locked with `skip locked`, and
 * each one's `reminder_sent_at` is set in the same transaction that queues its e-mail in the outbox,
 * only where it is still null. Two servers (or two runs) never take the same booking; a run that
 * dies half-way rolls back both the mark and the message, so the next run sends it. Delivery is the
 * outbox's, after the commit.
 */

/** Bookings reminded per transaction; the job runs every minute, so a backlog clears in a few runs. */
const BATCH = 100;

export async function queueDueReminders(ctx: AppContext): Promise<number> {
  const settings = await getSettings(ctx.db);
  const { hoursBefore } = settings.reminders;
  if (hoursBefore === 0) return 0;
  const now = ctx.now();
  const horizon = new Date(now.getTime() + hoursBefore * 3_600_000);

  const mailIds = await ctx.db.transaction(async (tx) => {
    // One indexed read (reservations_reminder_due: confirmed, not reminded, by start) of the
    // window of starts just ahead; bookings are never deleted, so nothing else is scanned.
    const due = await tx
      .select({ reservation: reservations, areaName: areas.name })
      .from(reservations)
      .innerJoin(areas, eq(areas.id, reservations.areaId))
      // The preference is per e-mail address (customers.email is stored lower-case and unique).
      .leftJoin(customers, eq(customers.email, sql`lower(${reservations.email})`))
      .where(
        and(
          eq(reservations.status, "confirmed"),
          isNull(reservations.reminderSentAt),
          gt(reservations.startsAt, now),
          lte(reservations.startsAt, horizon),
          // An admin's own booking (a block for events, maintenance) has nobody to remind.
          inArray(reservations.kind, ["single", "subscriber"]),
          // A booking made after its reminder's moment has just had its confirmation.
          sql`coalesce(${reservations.confirmedAt}, ${reservations.createdAt}) <= ${reservations.startsAt} - ${hoursBefore}::int * interval '1 hour'`,
          sql`coalesce(${customers.remindersEnabled}, true)`,
          // A deleted account's bookings keep no address to write to.
          ne(reservations.email, ANONYMISED_EMAIL),
        ),
      )
      .orderBy(asc(reservations.startsAt))
      .limit(BATCH)
      .for("update", { of: reservations, skipLocked: true });

    const ids: number[] = [];
    for (const { reservation, areaName } of due) {
      const [marked] = await tx
        .update(reservations)
        .set({ reminderSentAt: now })
        .where(and(eq(reservations.id, reservation.id), isNull(reservations.reminderSentAt)))
        .returning({ id: reservations.id });
      if (!marked) continue;
      ids.push(
        await ctx.mail.enqueue(
          tx,
          reminderMail({
            reservation,
            areaName,
            settings,
            publicUrl: ctx.config.publicUrl,
            member: reservation.kind === "subscriber",
          }),
        ),
      );
    }
    return ids;
  });
  for (const id of mailIds) await ctx.mail.sendCommitted(ctx.db, id);
  return mailIds.length;
}

/** Whether the customer's e-mail address gets booking reminders. */
export async function reminderPreference(ctx: AppContext, customer: Customer) {
  const [row] = await ctx.db
    .select({ enabled: customers.remindersEnabled })
    .from(customers)
    .where(eq(customers.id, customer.id));
  return { enabled: row?.enabled ?? true };
}

export async function setReminderPreference(ctx: AppContext, customer: Customer, enabled: boolean) {
  await ctx.db.update(customers).set({ remindersEnabled: enabled }).where(eq(customers.id, customer.id));
  return {
    enabled,
    message: enabled
      ? "Muistutukset ovat päällä: saat sähköpostin ennen jokaista varaustasi."
      : "Muistutukset ovat pois päältä.",
  };
}
