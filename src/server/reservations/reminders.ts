import type { AppContext } from "../context.js";
import type { Customer } from "../../domain/customer.js";
import { getSettings } from "../settings/index.js";
import { changeDeadline } from "../../domain/changeWindow.js";
import { reminderMail } from "./visitorMail.js";
import { reminderRepository } from "./reminderRepository.js";

/**
 * The reminder e-mail before each confirmed booking (setting `reminders.hoursBefore`, 0 = none).
 *
 * Exactly once, whatever runs the job: the due bookings are read and locked with `skip locked`, and
 * each one's `reminder_sent_at` is set in the same transaction that queues its e-mail in the outbox,
 * only where it is still null. Two servers (or two runs) never take the same booking; a run that
 * dies half-way rolls back both the mark and the message, so the next run sends it. Delivery is the
 * outbox's, after the commit. The queries are reminderRepository.ts.
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
    const repository = reminderRepository(tx);
    const due = await repository.lockDue({ now, horizon, hoursBefore, limit: BATCH });

    const ids: number[] = [];
    for (const { reservation, areaName } of due) {
      if (!(await repository.markReminded(reservation.id, now))) continue;
      ids.push(
        await ctx.mail.enqueue(
          tx,
          reminderMail({
            reservation,
            areaName,
            settings,
            publicUrl: ctx.config.publicUrl,
            member: reservation.kind === "subscriber",
            // Worded by what is still possible now, as the move and cancel paths decide it.
            now,
            changeableUntil: changeDeadline(reservation, settings.slotRules.cancellationHours),
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
  return { enabled: (await reminderRepository(ctx.db).remindersEnabled(customer.id)) ?? true };
}

export async function setReminderPreference(ctx: AppContext, customer: Customer, enabled: boolean) {
  await reminderRepository(ctx.db).setRemindersEnabled(customer.id, enabled);
  return {
    enabled,
    message: enabled
      ? "Muistutukset ovat päällä: saat sähköpostin ennen jokaista varaustasi."
      : "Muistutukset ovat pois päältä.",
  };
}
