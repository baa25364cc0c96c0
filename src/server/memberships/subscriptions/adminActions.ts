import { helsinkiDate } from "../../../domain/helsinkiClock.js";
import { addDays, commitmentLastDay } from "../../../domain/membershipPeriods.js";
import { formatEuros } from "../../../domain/money.js";
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/index.js";
import { conflict, notFound } from "../../errors.js";
import type { AdminActor } from "../../../domain/admin/session.js";
import { recordAudit } from "../../system/index.js";
import { formatDay } from "../../../domain/helsinkiClock.js";
import { tierChangeCancelledMail, tierChangeMail } from "./mail.js";
import { cancelMembership, type SubscriptionRow } from "./service.js";
import { getSettings } from "../../settings/index.js";
import { subscriptionRepository } from "./repository.js";
import { nextPeriodTierChange } from "./tierChangeRules.js";

/**
 * What an admin does on a member's behalf (decision 022): cancel by the member's own rules, change
 * the tier from the next period or withdraw the change. (Voiding, crediting and sending an invoice
 * again are invoices/admin.ts.) Each writes its audit row in its own transaction; e-mails go out
 * after the commit.
 */

export const MEMBERSHIP_NOT_FOUND = "Jäsenyyttä ei löytynyt.";

const notActive: Record<SubscriptionRow["status"], string> = {
  active: "",
  pending:
    "Jäsenyys odottaa ensimmäisen laskun maksua. Sitä ei voi vielä muuttaa; se vanhenee itsestään, jos laskua ei makseta.",
  cancelled: "Jäsenyys on jo irtisanottu.",
  expired: "Jäsenyys ei koskaan alkanut (ensimmäistä laskua ei maksettu).",
};

/** Locks a membership that must be active (404 unknown, 409 in another state). */
async function lockActive(tx: Tx, id: string): Promise<SubscriptionRow> {
  const sub = await subscriptionRepository(tx).lockById(id);
  if (!sub) throw notFound(MEMBERSHIP_NOT_FOUND);
  if (sub.status !== "active") throw conflict(notActive[sub.status]);
  return sub;
}

const customerOf = (tx: Tx, sub: SubscriptionRow) => subscriptionRepository(tx).customerOf(sub);

/** What the audit row keeps of a membership's tier. */
const tierState = (s: SubscriptionRow) => ({
  tierLevel: s.tierLevel,
  tierName: s.tierName,
  hoursQuota: s.hoursQuota,
  monthlyPriceCents: s.monthlyPriceCents,
  nextTierLevel: s.nextTierLevel,
  nextTierFrom: s.nextTierFrom,
});

async function deliverQuietly(ctx: AppContext, mailId: number | null) {
  await ctx.mail.sendCommitted(ctx.db, mailId);
}

/** Cancels on the member's behalf: the same rules, e-mail and answer as the member's own cancel. */
export async function adminCancelMembership(ctx: AppContext, actor: AdminActor, id: string) {
  const { sub, withinCommitment } = await cancelMembership(ctx, {
    lock: (tx) => lockActive(tx, id),
    record: (tx, before, after) =>
      recordAudit(tx, actor, {
        action: "membership.cancel",
        entity: "membership",
        entityId: id,
        before,
        after,
      }),
  });
  const lastDay = formatDay(addDays(sub.endsOn!, -1));
  return {
    message: withinCommitment
      ? `Jäsenyys irtisanottu. Sitoumus on voimassa ${formatDay(commitmentLastDay(sub.commitmentEndDate!))} asti, joten jäsenyys ja laskutus jatkuvat ${lastDay} asti. Jäsenelle lähetettiin vahvistus sähköpostilla.`
      : `Jäsenyys irtisanottu. Jäsenyys on käytössä maksetun jakson loppuun, ${lastDay} asti, eikä uusia laskuja tule. Jäsenelle lähetettiin vahvistus sähköpostilla.`,
  };
}

/**
 * Schedules a tier change from the next period: its invoice is made at the new tier's price and
 * its quota applies from then on. Inside a 12-month commitment the tier may go up, not down.
 */
export async function scheduleTierChange(ctx: AppContext, actor: AdminActor, id: string, tierLevel: number) {
  const settings = await getSettings(ctx.db);
  const today = helsinkiDate(ctx.now());
  const done = await ctx.db.transaction(async (tx) => {
    const sub = await lockActive(tx, id);
    const { from, tier, price } = await nextPeriodTierChange(tx, sub, tierLevel, settings, today);
    const after = await subscriptionRepository(tx).scheduleTierChange(id, tier.level, from);
    await recordAudit(tx, actor, {
      action: "membership.tier_change",
      entity: "membership",
      entityId: id,
      before: tierState(sub),
      after: { ...tierState(after), nextMonthlyPriceCents: price },
    });
    const customer = await customerOf(tx, sub);
    const change = { tierName: tier.name, hoursQuota: tier.hoursQuota, monthlyPriceCents: price, from };
    const mailId = customer
      ? await ctx.mail.enqueue(
          tx,
          tierChangeMail({ settings, publicUrl: ctx.config.publicUrl }, change, customer),
        )
      : null;
    return { change, mailId };
  });
  await deliverQuietly(ctx, done.mailId);
  const { change } = done;
  return {
    message: `Taso vaihtuu ${change.tierName}-tasoon ${formatDay(change.from)} alkavasta jaksosta: ${change.hoursQuota} h kuukaudessa, ${formatEuros(change.monthlyPriceCents)}/kk. Jäsenelle lähetettiin tieto sähköpostilla.`,
  };
}

/** Withdraws a scheduled tier change before it takes effect. */
export async function cancelTierChange(ctx: AppContext, actor: AdminActor, id: string) {
  const settings = await getSettings(ctx.db);
  const mailId = await ctx.db.transaction(async (tx) => {
    const subs = subscriptionRepository(tx);
    const sub = await subs.lockById(id);
    if (!sub) throw notFound(MEMBERSHIP_NOT_FOUND);
    if (sub.nextTierLevel === null) throw conflict("Jäsenyydellä ei ole odottavaa tasomuutosta.");
    const after = await subs.dropTierChange(id);
    await recordAudit(tx, actor, {
      action: "membership.tier_change.cancel",
      entity: "membership",
      entityId: id,
      before: tierState(sub),
      after: tierState(after),
    });
    const customer = await customerOf(tx, after);
    return customer
      ? ctx.mail.enqueue(
          tx,
          tierChangeCancelledMail({ settings, publicUrl: ctx.config.publicUrl }, after, customer),
        )
      : null;
  });
  await deliverQuietly(ctx, mailId);
  return { message: "Odottava tasomuutos peruttu. Jäsenelle lähetettiin tieto sähköpostilla." };
}
