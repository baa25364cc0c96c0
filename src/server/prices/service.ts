import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { versionsOn } from "../../domain/effectiveDates.js";
import type { VatRate } from "../../domain/availability.js";
import type { PriceRule } from "../../domain/pricing.js";
import type { DbOrTx } from "../db/index.js";
import { membershipTiers, priceRules, vatRates } from "../db/schema.js";

/**
 * The effective-dated prices (decision 013): single-booking price rules, membership tiers and the
 * VAT rate, each loaded as the versions in force on some Helsinki date of a range, or on one date.
 */

export type MembershipTier = { level: number; name: string; monthlyPriceCents: number; hoursQuota: number };
export type PriceRuleRow = typeof priceRules.$inferSelect;

/** product.md's tiers and Finland's general VAT rate: what the seed puts in an empty database. */
export const defaultMembershipTiers: MembershipTier[] = [
  { level: 1, name: "Perus", monthlyPriceCents: 3900, hoursQuota: 8 },
  { level: 2, name: "Plus", monthlyPriceCents: 5900, hoursQuota: 16 },
  { level: 3, name: "Premium", monthlyPriceCents: 8900, hoursQuota: 40 },
];
export const DEFAULT_VAT_RATE_BASIS_POINTS = 2550;

type Dated = typeof priceRules | typeof membershipTiers | typeof vatRates;
/** Versions in force on some date from..to (inclusive YYYY-MM-DD). */
const overlapping = (table: Dated, from: string, to: string) =>
  and(lte(table.effectiveFrom, to), or(isNull(table.effectiveUntil), gt(table.effectiveUntil, from)));

/** The active price rules in force on some date from..to; priceFor picks per slot date. */
export async function loadPriceRules(db: DbOrTx, from: string, to: string): Promise<PriceRule[]> {
  return db
    .select()
    .from(priceRules)
    .where(and(eq(priceRules.active, true), overlapping(priceRules, from, to)))
    .orderBy(asc(priceRules.id));
}

export async function loadVatRates(db: DbOrTx, from: string, to: string): Promise<VatRate[]> {
  return db
    .select({
      rateBasisPoints: vatRates.rateBasisPoints,
      effectiveFrom: vatRates.effectiveFrom,
      effectiveUntil: vatRates.effectiveUntil,
    })
    .from(vatRates)
    .where(overlapping(vatRates, from, to));
}

/** The VAT rate in force on a Helsinki date. */
export async function vatRateOn(db: DbOrTx, date: string): Promise<number> {
  const rates = await loadVatRates(db, date, date);
  return versionsOn(rates, date)[0]?.rateBasisPoints ?? DEFAULT_VAT_RATE_BASIS_POINTS;
}

/** The membership tiers in force on a Helsinki date, by level. */
export async function tiersOn(db: DbOrTx, date: string): Promise<MembershipTier[]> {
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
}

export async function tierOn(db: DbOrTx, level: number, date: string): Promise<MembershipTier | null> {
  return (await tiersOn(db, date)).find((t) => t.level === level) ?? null;
}

/**
 * Inserts the first version of a new price rule: its rule_id is its own id, drawn from the id
 * sequence first so both are set in one insert.
 */
export async function insertNewPriceRule(
  db: DbOrTx,
  values: Omit<typeof priceRules.$inferInsert, "id" | "ruleId">,
): Promise<PriceRuleRow> {
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
}
