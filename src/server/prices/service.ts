import { versionsOn } from "../../domain/effectiveDates.js";
import type { VatRate } from "../../domain/availability.js";
import type { PriceRule } from "../../domain/pricing.js";
import type { DbOrTx } from "../db/index.js";
import { priceRepository, type MembershipTier, type NewPriceRule, type PriceRuleRow } from "./repository.js";

/**
 * The effective-dated prices (decision 013): single-booking price rules, membership tiers and the
 * VAT rate, each loaded as the versions in force on some Helsinki date of a range, or on one date.
 */

export type { MembershipTier, PriceRuleRow };

/** product.md's tiers and Finland's general VAT rate: what the seed puts in an empty database. */
export const defaultMembershipTiers: MembershipTier[] = [
  { level: 1, name: "Perus", monthlyPriceCents: 3900, hoursQuota: 8 },
  { level: 2, name: "Plus", monthlyPriceCents: 5900, hoursQuota: 16 },
  { level: 3, name: "Premium", monthlyPriceCents: 8900, hoursQuota: 40 },
];
export const DEFAULT_VAT_RATE_BASIS_POINTS = 2550;

/** The active price rules in force on some date from..to; priceFor picks per slot date. */
export function loadPriceRules(db: DbOrTx, from: string, to: string): Promise<PriceRule[]> {
  return priceRepository(db).priceRulesBetween(from, to);
}

export function loadVatRates(db: DbOrTx, from: string, to: string): Promise<VatRate[]> {
  return priceRepository(db).vatRatesBetween(from, to);
}

/** The VAT rate in force on a Helsinki date. */
export async function vatRateOn(db: DbOrTx, date: string): Promise<number> {
  const rates = await loadVatRates(db, date, date);
  return versionsOn(rates, date)[0]?.rateBasisPoints ?? DEFAULT_VAT_RATE_BASIS_POINTS;
}

/** The membership tiers in force on a Helsinki date, by level. */
export function tiersOn(db: DbOrTx, date: string): Promise<MembershipTier[]> {
  return priceRepository(db).tiersOn(date);
}

export async function tierOn(db: DbOrTx, level: number, date: string): Promise<MembershipTier | null> {
  return (await tiersOn(db, date)).find((t) => t.level === level) ?? null;
}

/** Inserts the first version of a new price rule (its rule_id is its own id). */
export function insertNewPriceRule(db: DbOrTx, values: NewPriceRule): Promise<PriceRuleRow> {
  return priceRepository(db).insertNewPriceRule(values);
}
