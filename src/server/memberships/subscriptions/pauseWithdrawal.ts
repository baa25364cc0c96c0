import type { Customer } from "../../../domain/customer.js";
import { helsinkiDate } from "../../../domain/helsinkiClock.js";
import { pauseDaysText } from "../../../domain/membershipPeriods.js";
import type { AppContext } from "../../context.js";
import { conflict } from "../../errors.js";
import { getSettings } from "../../settings/index.js";
import { pauseWithdrawnMail } from "./mail.js";
import { planWithdrawal } from "./pause.js";
import { subscriptionRepository } from "./repository.js";
import { toSubscriptionView } from "./service.js";

/**
 * The member takes back a pause that has not begun (decision 058): the periods and the commitment
 * run as they did without it, and it counts no longer against the once-in-12-months rule. The
 * bookings it cancelled stay cancelled: their slots may have been taken since.
 */
export async function withdrawPause(ctx: AppContext, customer: Customer) {
  const settings = await getSettings(ctx.db);
  const today = helsinkiDate(ctx.now());
  const done = await ctx.db.transaction(async (tx) => {
    const subs = subscriptionRepository(tx);
    const sub = await subs.lockActiveOf(customer.id);
    if (!sub) throw conflict("Jäsenyydelläsi ei ole tulevaa taukoa.");
    const plan = planWithdrawal(sub, today);
    await subs.setPauses(sub.id, plan.pauses, plan.commitmentEndDate);
    const mailId = await ctx.mail.enqueue(
      tx,
      pauseWithdrawnMail({ settings, publicUrl: ctx.config.publicUrl }, plan, customer),
    );
    return { pause: plan.pause, mailId };
  });
  await ctx.mail.sendCommitted(ctx.db, done.mailId);
  const after = await subscriptionRepository(ctx.db).current(customer.id);
  const { pause } = done;
  return {
    success: true,
    message: `Tauko ${pauseDaysText(pause)} peruttu: jäsenyys jatkuu ja laskutetaan kuten ennenkin. Tauon vuoksi perutut varaukset eivät palaa.`,
    subscription: await toSubscriptionView(ctx, after!),
  };
}
