import type {
  MembershipTierInput,
  PriceList,
  PriceRuleInput,
  VatRateInput,
} from "../../domain/admin/prices.js";
import {
  PAST_START_MESSAGE,
  planChange,
  type EffectivePeriod,
  type VersionPlan,
} from "../../domain/effectiveDates.js";
import { helsinkiDate } from "../../domain/helsinkiClock.js";
import type { AppContext } from "../context.js";
import { type Tx, sqlState } from "../db/index.js";
import { badRequest, conflict, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "../system/index.js";
import { getSettings } from "../settings/index.js";
import { priceRepository, type PriceRuleRow, type Series, type TierRow, type VatRow } from "./repository.js";

/**
 * Hinnasto: price rules, membership tiers and the VAT rate, effective-dated (decision 013). A
 * change "from date D" (today by default, never earlier) closes the version in force on D and adds
 * one from D, in one transaction with one audit row; periods that have begun before D are never
 * rewritten. Bookings copy their price and invoices their amount, so nothing already sold
 * changes; the quote, the calendar and new invoices use the version in force on their own date.
 */

export const OVERLAP_MESSAGE =
  "Samalle ajalle tehtiin juuri toinen muutos. Lataa hinnasto uudelleen ja yritä uudelleen.";

export async function priceList(ctx: AppContext): Promise<PriceList> {
  const s = await getSettings(ctx.db);
  const { rules, tiers, rates } = await priceRepository(ctx.db).everyVersion();
  return {
    today: helsinkiDate(ctx.now()),
    priceRules: rules,
    membershipTiers: tiers,
    vatRates: rates,
    membership: s.membership,
    lengthsMinutes: s.slotRules.lengthsMinutes,
  };
}

/** The date a change applies from: the one asked for, or today; never a past date. */
function changeDate(ctx: AppContext, effectiveFrom: string | undefined): string {
  const today = helsinkiDate(ctx.now());
  const from = effectiveFrom ?? today;
  if (from < today) throw badRequest(PAST_START_MESSAGE);
  return from;
}

type Version = EffectivePeriod & { id: number };

/**
 * One change of a series (a rule, a tier level, the VAT rate) from a date, in one transaction:
 * the series' versions are read locked (`versions`, which also resolves the series), the plan closes and removes versions first
 * (so the new one never overlaps them, not even briefly), then `write` replaces or inserts with
 * the new values ("set"), and one audit row records the versions before and after. A concurrent
 * change that would still overlap (the exclusion constraint, 23P01) is a 409.
 */
async function changeSeries<Row>(
  ctx: AppContext,
  actor: AdminActor,
  options: {
    from: string;
    change: "set" | "end";
    /** Resolves the series and reads its versions under a row lock. */
    versions(tx: Tx): Promise<{ series: Series; versions: Version[] }>;
    write?(tx: Tx, plan: VersionPlan): Promise<Row>;
    /** When set, a series without versions is a 404 with this message. */
    notFoundMessage?: string;
    audit: { action: string; entity: string; entityId: () => string | number | null };
  },
): Promise<Row | undefined> {
  const { from, change, audit } = options;
  try {
    return await ctx.db.transaction(async (tx) => {
      const prices = priceRepository(tx);
      const { series, versions: before } = await options.versions(tx);
      if (options.notFoundMessage && before.length === 0) throw notFound(options.notFoundMessage);
      const plan = planChange(before, from, change);
      await prices.removeVersions(series, plan.remove);
      for (const { id, effectiveUntil } of plan.close) await prices.closeVersion(series, id, effectiveUntil);
      const row = change === "set" ? await options.write!(tx, plan) : undefined;
      await recordAudit(tx, actor, {
        action: audit.action,
        entity: audit.entity,
        entityId: audit.entityId(),
        before,
        after: await prices.lockVersions(series),
      });
      return row;
    });
  } catch (error) {
    if (sqlState(error) === "23P01") throw conflict(OVERLAP_MESSAGE);
    throw error;
  }
}

/** The series' versions, read after taking their row locks (two admins take turns). */
async function lockedSeries(tx: Tx, series: Series): Promise<{ series: Series; versions: Version[] }> {
  return { series, versions: await priceRepository(tx).lockVersions(series) };
}

// --- Price rules -------------------------------------------------------------------------------

async function ruleIdOf(tx: Tx, id: number): Promise<number> {
  const ruleId = await priceRepository(tx).ruleIdOf(id);
  if (ruleId === undefined) throw notFound("Hintaa ei löytynyt.");
  return ruleId;
}

const ruleVersions = (tx: Tx, ruleId: number) => lockedSeries(tx, { kind: "rule", ruleId });

const ruleValues = ({ effectiveFrom: _from, ...values }: PriceRuleInput) => values;

export async function createPriceRule(ctx: AppContext, actor: AdminActor, input: PriceRuleInput) {
  const from = changeDate(ctx, input.effectiveFrom);
  return ctx.db.transaction(async (tx) => {
    const row = await priceRepository(tx).insertNewPriceRule({ ...ruleValues(input), effectiveFrom: from });
    await recordAudit(tx, actor, {
      action: "price_rule.create",
      entity: "price_rule",
      entityId: row.ruleId,
      after: [row],
    });
    return row;
  });
}

/** Changes the rule that version `id` belongs to, from the date asked for. */
export async function updatePriceRule(ctx: AppContext, actor: AdminActor, id: number, input: PriceRuleInput) {
  let ruleId = 0;
  const values = ruleValues(input);
  const row = await changeSeries<PriceRuleRow>(ctx, actor, {
    from: changeDate(ctx, input.effectiveFrom),
    change: "set",
    versions: async (tx) => ruleVersions(tx, (ruleId ||= await ruleIdOf(tx, id))),
    write: (tx, plan) =>
      plan.replace
        ? priceRepository(tx).replaceRule(plan.replace, values)
        : priceRepository(tx).insertRuleVersion({ ...values, ruleId, ...plan.insert! }),
    audit: { action: "price_rule.update", entity: "price_rule", entityId: () => ruleId },
  });
  return row!;
}

/** Ends the rule that version `id` belongs to: from the date asked for, it no longer applies. */
export async function deletePriceRule(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  effectiveFrom?: string,
) {
  let ruleId = 0;
  await changeSeries(ctx, actor, {
    from: changeDate(ctx, effectiveFrom),
    change: "end",
    versions: async (tx) => ruleVersions(tx, (ruleId ||= await ruleIdOf(tx, id))),
    audit: { action: "price_rule.delete", entity: "price_rule", entityId: () => ruleId },
  });
}

// --- Membership tiers ----------------------------------------------------------------------------

const tierVersions = (tx: Tx, level: number) => lockedSeries(tx, { kind: "tier", level });
const tierAudit = (action: string, level: number) => ({
  action,
  entity: "membership_tier",
  entityId: () => level,
});

/** Sets a tier level (a new level too) from the date asked for: new signups and invoices from then on. */
export async function setMembershipTier(
  ctx: AppContext,
  actor: AdminActor,
  level: number,
  input: MembershipTierInput,
) {
  const { effectiveFrom, ...values } = input;
  const row = await changeSeries<TierRow>(ctx, actor, {
    from: changeDate(ctx, effectiveFrom),
    change: "set",
    versions: (tx) => tierVersions(tx, level),
    write: (tx, plan) =>
      plan.replace
        ? priceRepository(tx).replaceTier(plan.replace, values)
        : priceRepository(tx).insertTierVersion({ ...values, level, ...plan.insert! }),
    audit: tierAudit("membership_tier.update", level),
  });
  return row!;
}

/** Ends a tier level: from the date asked for it cannot be joined; running memberships keep theirs. */
export async function endMembershipTier(
  ctx: AppContext,
  actor: AdminActor,
  level: number,
  effectiveFrom?: string,
) {
  await changeSeries(ctx, actor, {
    from: changeDate(ctx, effectiveFrom),
    change: "end",
    versions: (tx) => tierVersions(tx, level),
    notFoundMessage: "Jäsenyystasoa ei löytynyt.",
    audit: tierAudit("membership_tier.delete", level),
  });
}

// --- The VAT rate --------------------------------------------------------------------------------

/** Sets the VAT rate from the date asked for: slots on and invoice periods from that date. */
export async function setVatRate(ctx: AppContext, actor: AdminActor, input: VatRateInput) {
  const values = { rateBasisPoints: input.rateBasisPoints };
  const row = await changeSeries<VatRow>(ctx, actor, {
    from: changeDate(ctx, input.effectiveFrom),
    change: "set",
    versions: (tx) => lockedSeries(tx, { kind: "vat" }),
    write: (tx, plan) =>
      plan.replace
        ? priceRepository(tx).replaceVatRate(plan.replace, values)
        : priceRepository(tx).insertVatRateVersion({ ...values, ...plan.insert! }),
    audit: { action: "vat_rate.update", entity: "vat_rate", entityId: () => null },
  });
  return row!;
}
