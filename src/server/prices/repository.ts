import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { VatRate } from "../../domain/availability.js";
import type { EffectivePeriod } from "../../domain/effectiveDates.js";
import type { PriceRule } from "../../domain/pricing.js";
import type { DbOrTx } from "../db/index.js";
import { membershipTiers, priceRules, vatRates } from "../schema/index.js";

/**
 * The effective-dated prices' queries (decision 013): the only place that reads or writes
 * price_rules, membership_tiers and vat_rates (decision 037). A series is what one change edits:
 * one price rule's versions, one tier level's, or the VAT rate's.
 */

export type PriceRuleRow = typeof priceRules.$inferSelect;
export type TierRow = typeof membershipTiers.$inferSelect;
export type VatRow = typeof vatRates.$inferSelect;
export type NewPriceRule = Omit<typeof priceRules.$inferInsert, "id" | "ruleId">;
export type MembershipTier = { level: number; name: string; monthlyPriceCents: number; hoursQuota: number };

export type Series = { kind: "rule"; ruleId: number } | { kind: "tier"; level: number } | { kind: "vat" };
type Version = EffectivePeriod & { id: number };

type Dated = typeof priceRules | typeof membershipTiers | typeof vatRates;
/** Versions in force on some date from..to (inclusive YYYY-MM-DD). */
const overlapping = (table: Dated, from: string, to: string) =>
  and(lte(table.effectiveFrom, to), or(isNull(table.effectiveUntil), gt(table.effectiveUntil, from)));

function seriesOf(series: Series): { table: Dated; where: SQL | undefined } {
  switch (series.kind) {
    case "rule":
      return { table: priceRules, where: eq(priceRules.ruleId, series.ruleId) };
    case "tier":
      return { table: membershipTiers, where: eq(membershipTiers.level, series.level) };
    case "vat":
      return { table: vatRates, where: undefined };
  }
}

export function priceRepository(db: DbOrTx) {
  return {
    /** The active price rules in force on some date from..to, by id. */
    priceRulesBetween(from: string, to: string): Promise<PriceRule[]> {
      return db
        .select()
        .from(priceRules)
        .where(and(eq(priceRules.active, true), overlapping(priceRules, from, to)))
        .orderBy(asc(priceRules.id));
    },

    vatRatesBetween(from: string, to: string): Promise<VatRate[]> {
      return db
        .select({
          rateBasisPoints: vatRates.rateBasisPoints,
          effectiveFrom: vatRates.effectiveFrom,
          effectiveUntil: vatRates.effectiveUntil,
        })
        .from(vatRates)
        .where(overlapping(vatRates, from, to));
    },

    /** The membership tiers in force on a Helsinki date, by level. */
    tiersOn(date: string): Promise<MembershipTier[]> {
      return db
        .select({
          level: membershipTiers.level,
          name: membershipTiers.name,
          monthlyPriceCents: membershipTiers.monthlyPriceCents,
          hoursQuota: membershipTiers.hoursQuota,
        })
        .from(membershipTiers)
        .where(overlapping(membershipTiers, date, date))
        .orderBy(asc(membershipTiers.level));
    },

    /** Every version of every rule, tier and rate: the admin's price list. */
    async everyVersion(): Promise<{ rules: PriceRuleRow[]; tiers: TierRow[]; rates: VatRow[] }> {
      const rules = await db
        .select()
        .from(priceRules)
        .orderBy(
          asc(priceRules.lengthMinutes),
          asc(priceRules.priority),
          asc(priceRules.ruleId),
          asc(priceRules.effectiveFrom),
        );
      const tiers = await db
        .select()
        .from(membershipTiers)
        .orderBy(asc(membershipTiers.level), asc(membershipTiers.effectiveFrom));
      const rates = await db.select().from(vatRates).orderBy(asc(vatRates.effectiveFrom));
      return { rules, tiers, rates };
    },

    /**
     * Inserts the first version of a new price rule: its rule_id is its own id, drawn from the id
     * sequence first so both are set in one insert.
     */
    async insertNewPriceRule(values: NewPriceRule): Promise<PriceRuleRow> {
      // Both drivers (PGlite, node-postgres) answer execute() with { rows }.
      const drawn = (await db.execute(
        sql`SELECT nextval(pg_get_serial_sequence('price_rules', 'id'))::int AS id`,
      )) as unknown as { rows: Array<{ id: number }> };
      const id = Number(drawn.rows[0]!.id);
      const [row] = await db
        .insert(priceRules)
        .values({ ...values, id, ruleId: id })
        .returning();
      return row!;
    },

    /** The rule that price version `id` belongs to. */
    async ruleIdOf(id: number): Promise<number | undefined> {
      const [row] = await db
        .select({ ruleId: priceRules.ruleId })
        .from(priceRules)
        .where(eq(priceRules.id, id));
      return row?.ruleId;
    },

    /** A series' versions in date order, read after taking their row locks (two admins take turns). */
    async lockVersions<T extends Version>(series: Series): Promise<T[]> {
      const { table, where } = seriesOf(series);
      await db.select({ id: table.id }).from(table).where(where).for("update");
      // A fresh read after the lock, so a change committed while this one waited is seen.
      return (await db.select().from(table).where(where).orderBy(asc(table.effectiveFrom))) as T[];
    },

    async removeVersions(series: Series, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      const { table } = seriesOf(series);
      await db.delete(table).where(inArray(table.id, ids));
    },

    async closeVersion(series: Series, id: number, effectiveUntil: string): Promise<void> {
      const { table } = seriesOf(series);
      await db.execute(
        sql`UPDATE ${table} SET effective_until = ${effectiveUntil} WHERE ${table.id} = ${id}`,
      );
    },

    async replaceRule(id: number, values: Partial<NewPriceRule>): Promise<PriceRuleRow> {
      const [row] = await db.update(priceRules).set(values).where(eq(priceRules.id, id)).returning();
      return row!;
    },

    async insertRuleVersion(values: typeof priceRules.$inferInsert): Promise<PriceRuleRow> {
      const [row] = await db.insert(priceRules).values(values).returning();
      return row!;
    },

    async replaceTier(id: number, values: Partial<typeof membershipTiers.$inferInsert>): Promise<TierRow> {
      const [row] = await db
        .update(membershipTiers)
        .set(values)
        .where(eq(membershipTiers.id, id))
        .returning();
      return row!;
    },

    async insertTierVersion(values: typeof membershipTiers.$inferInsert): Promise<TierRow> {
      const [row] = await db.insert(membershipTiers).values(values).returning();
      return row!;
    },

    async replaceVatRate(id: number, values: Partial<typeof vatRates.$inferInsert>): Promise<VatRow> {
      const [row] = await db.update(vatRates).set(values).where(eq(vatRates.id, id)).returning();
      return row!;
    },

    async insertVatRateVersion(values: typeof vatRates.$inferInsert): Promise<VatRow> {
      const [row] = await db.insert(vatRates).values(values).returning();
      return row!;
    },
  };
}
