import { sql } from "drizzle-orm";
import {
  DEFAULT_VAT_RATE_BASIS_POINTS,
  defaultMembershipTiers,
  insertNewPriceRule,
} from "../prices/index.js";
import { defaultSettings, type SettingKey } from "../settings/index.js";
import type { Db } from "../db/index.js";
import { areas, membershipTiers, priceRules, settings, vatRates } from "../schema/index.js";

/**
 * Fills an empty database with the defaults of product.md. Runs on every start and only inserts
 * what is missing, so an admin's edits are never overwritten.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(defaultSettings).map(([key, value]) => ({ key: key as SettingKey, value })))
    .onConflictDoNothing();

  // Earlier releases seeded the example Y-tunnus 3456789-1, which fails its check digit: a
  // database that still has that very example gets the valid one (an admin's own id is kept).
  await db.execute(sql`
    UPDATE settings SET value = jsonb_set(value, '{businessId}', ${JSON.stringify(defaultSettings.park.businessId)}::jsonb)
    WHERE key = 'park' AND value->>'businessId' = '3456789-1'`);

  await db.transaction(async (tx) => {
    const [{ count: areaCount }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(areas)) as [
      { count: number },
    ];
    if (areaCount === 0) await tx.insert(areas).values({ name: "Koirapuisto", sortOrder: 0 });

    const [{ count: priceCount }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(priceRules)) as [{ count: number }];
    if (priceCount === 0) {
      for (const rule of [
        { name: "30 min", lengthMinutes: 30, priceCents: 900 },
        { name: "1 h", lengthMinutes: 60, priceCents: 1500 },
        { name: "1,5 h", lengthMinutes: 90, priceCents: 2100 },
        { name: "2 h", lengthMinutes: 120, priceCents: 2700 },
      ])
        await insertNewPriceRule(tx, rule);
    }

    // Tiers and the VAT rate, in force since long ago (migration 0009 moved existing ones here).
    const [{ count: tierCount }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(membershipTiers)) as [{ count: number }];
    if (tierCount === 0) await tx.insert(membershipTiers).values(defaultMembershipTiers);
    const [{ count: vatCount }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(vatRates)) as [
      { count: number },
    ];
    if (vatCount === 0) await tx.insert(vatRates).values({ rateBasisPoints: DEFAULT_VAT_RATE_BASIS_POINTS });
  });
}
