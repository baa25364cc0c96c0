import type { Customer } from "../../../domain/customer.js";
import { daysInclusive, formatDay, helsinkiDate } from "../../../domain/helsinkiClock.js";
import type { TierChangeQuote } from "../../../domain/membership.js";
import { addDays } from "../../../domain/membershipPeriods.js";
import { formatEuros } from "../../../domain/money.js";
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/index.js";
import { badRequest, conflict } from "../../errors.js";
import { tierOn } from "../../prices/index.js";
import { getSettings, type Settings } from "../../settings/index.js";
import { invoiceRepository } from "../invoices/repository.js";
import { refuseWhileSuspended } from "../invoices/service.js";
import { tierChangeMail, tierRaisedMail } from "./mail.js";
import { subscriptionRepository } from "./repository.js";
import { periodContaining, toSubscriptionView, type SubscriptionRow } from "./service.js";
import { membershipPriceOf } from "./tierChange.js";
import { nextPeriodTierChange, sameTierRefused } from "./tierChangeRules.js";

/**
 * The member's own tier change (issue 35, deliver 5; decision 057). A higher tier takes effect at
 * once: the membership has its quota for the rest of the current period, and the price difference
 * for the days left of it (today included) waits for the next invoice as a charge of its own. A
 * lower tier takes effect from the next period, by the same rules as the admin's change. The quote
 * is the same plan the change makes, so the member confirms exactly what will happen.
 */

export const NO_MEMBERSHIP_TO_CHANGE =
  "Tasoa voi vaihtaa voimassa olevalla jäsenyydellä. Irtisanotun jäsenyyden taso pysyy loppuun asti.";

type Plan =
  | {
      direction: "up";
      tier: { level: number; name: string; hoursQuota: number };
      price: number;
      from: string;
      differenceCents: number;
      differenceDays: number;
      periodEnd: string;
    }
  | {
      direction: "down";
      tier: { level: number; name: string; hoursQuota: number };
      price: number;
      from: string;
    };

async function planTierChange(
  tx: Tx,
  sub: SubscriptionRow,
  tierLevel: number,
  settings: Settings,
  today: string,
): Promise<Plan> {
  await refuseWhileSuspended(tx, sub.customerId!, today, settings.membership.suspendAfterDays);
  sameTierRefused(sub, tierLevel);
  if (tierLevel < sub.tierLevel) {
    const { from, tier, price } = await nextPeriodTierChange(tx, sub, tierLevel, settings, today);
    return { direction: "down", tier, price, from };
  }
  const tier = await tierOn(tx, tierLevel, today);
  if (!tier) throw badRequest(`Tasoa ${tierLevel} ei ole tarjolla.`);
  const price = membershipPriceOf(sub.commitment, tier.monthlyPriceCents, settings);
  const period = periodContaining(sub, today);
  const periodEnd = addDays(period.endExclusive, -1);
  const differenceDays = daysInclusive(today, periodEnd);
  const periodDays = daysInclusive(period.start, periodEnd);
  const differenceCents = Math.max(
    0,
    Math.round(((price - sub.monthlyPriceCents) * differenceDays) / periodDays),
  );
  return { direction: "up", tier, price, from: today, differenceCents, differenceDays, periodEnd };
}

/** What the change does, in one sentence: the quote's headline, which the page shows beside its figures. */
function headlineOf(plan: Plan): string {
  const { tier } = plan;
  return plan.direction === "down"
    ? `Taso vaihtuu ${tier.name}-tasoon ${formatDay(plan.from)} alkavasta jaksosta; nykyinen jaksosi jatkuu ennallaan.`
    : `Taso vaihtuu ${tier.name}-tasoon heti: tämän jakson tuntikiintiö on ${tier.hoursQuota} h.`;
}

/** The change's answer: the headline and its money, for the member's message and e-mail alike. */
function summaryOf(plan: Plan): string {
  const { tier } = plan;
  if (plan.direction === "down")
    return `Taso vaihtuu ${tier.name}-tasoon ${formatDay(plan.from)} alkavasta jaksosta: ${tier.hoursQuota} h kuukaudessa, ${formatEuros(plan.price)}/kk. Nykyinen jaksosi jatkuu ennallaan.`;
  return (
    `${headlineOf(plan)} ` +
    (plan.differenceCents > 0
      ? `Erotus ${formatEuros(plan.differenceCents)} jakson loppuun (${plan.differenceDays} päivää, ${formatDay(plan.periodEnd)} asti) lisätään seuraavaan laskuun. `
      : "") +
    `Kuukausihinta on ${formatEuros(plan.price)} seuraavasta jaksosta alkaen.`
  );
}

async function activeMembershipOf(tx: Tx, customer: Customer, lock: boolean) {
  const subs = subscriptionRepository(tx);
  const sub = lock ? await subs.lockActiveOf(customer.id) : await subs.current(customer.id);
  if (!sub || sub.status !== "active") throw conflict(NO_MEMBERSHIP_TO_CHANGE);
  return sub;
}

/** What changing to `tierLevel` would do, as the change itself would do it; nothing is changed. */
export async function quoteTierChange(
  ctx: AppContext,
  customer: Customer,
  tierLevel: number,
): Promise<TierChangeQuote> {
  const settings = await getSettings(ctx.db);
  const today = helsinkiDate(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const sub = await activeMembershipOf(tx, customer, false);
    const plan = await planTierChange(tx, sub, tierLevel, settings, today);
    return {
      tier_level: plan.tier.level,
      tier_name: plan.tier.name,
      hours_quota: plan.tier.hoursQuota,
      direction: plan.direction,
      from: plan.from,
      monthly_price_cents: plan.price,
      difference_cents: plan.direction === "up" ? plan.differenceCents : 0,
      difference_days: plan.direction === "up" ? plan.differenceDays : 0,
      summary: headlineOf(plan),
    };
  });
}

/** Changes the tier: a higher one at once (its difference waiting for the next invoice), a lower one from the next period. */
export async function changeTierByMember(ctx: AppContext, customer: Customer, tierLevel: number) {
  const settings = await getSettings(ctx.db);
  const today = helsinkiDate(ctx.now());
  const context = { settings, publicUrl: ctx.config.publicUrl };
  const done = await ctx.db.transaction(async (tx) => {
    const sub = await activeMembershipOf(tx, customer, true);
    const plan = await planTierChange(tx, sub, tierLevel, settings, today);
    const subs = subscriptionRepository(tx);
    const change = {
      tierName: plan.tier.name,
      hoursQuota: plan.tier.hoursQuota,
      monthlyPriceCents: plan.price,
      from: plan.from,
    };
    if (plan.direction === "down") {
      await subs.scheduleTierChange(sub.id, plan.tier.level, plan.from);
      return { plan, mailId: await ctx.mail.enqueue(tx, tierChangeMail(context, change, customer)) };
    }
    // Up: the tier, its quota and price now; a change that waited for the next period is dropped.
    await subs.applyPeriodTerms(sub.id, {
      tierLevel: plan.tier.level,
      tierName: plan.tier.name,
      hoursQuota: plan.tier.hoursQuota,
      monthlyPriceCents: plan.price,
      nextTierLevel: null,
      nextTierFrom: null,
    });
    if (plan.differenceCents > 0)
      await invoiceRepository(tx).addCharge({
        subscriptionId: sub.id,
        amountCents: plan.differenceCents,
        description: `Tasomuutos ${sub.tierName} → ${plan.tier.name} ${formatDay(today)}–${formatDay(plan.periodEnd)} (${plan.differenceDays} pv)`,
      });
    const raised = { ...change, differenceCents: plan.differenceCents, periodEnd: plan.periodEnd };
    return { plan, mailId: await ctx.mail.enqueue(tx, tierRaisedMail(context, raised, customer)) };
  });
  await ctx.mail.sendCommitted(ctx.db, done.mailId);
  const after = await subscriptionRepository(ctx.db).current(customer.id);
  return {
    success: true,
    message: `${summaryOf(done.plan)} Vahvistus lähetettiin sähköpostiisi.`,
    subscription: await toSubscriptionView(ctx, after!),
  };
}
