import { asc, eq } from "drizzle-orm";
import type { PriceList, PriceRuleInput } from "../../../domain/admin/prices.js";
import type { AppContext } from "../../context.js";
import { priceRules } from "../../db/schema.js";
import { notFound } from "../../errors.js";
import type { AdminActor } from "../../plugins/adminAuth.js";
import { recordAudit } from "../audit.js";
import { getSettings } from "../settings.js";

/**
 * Hinnasto's single-booking prices. A booking copies its price when it is made and an invoice its
 * amount, so changing a rule never alters what was already sold; the quote and the calendar use
 * the rules as they are now.
 */

export async function priceList(ctx: AppContext): Promise<PriceList> {
  const s = await getSettings(ctx.db);
  const rules = await ctx.db
    .select()
    .from(priceRules)
    .orderBy(asc(priceRules.lengthMinutes), asc(priceRules.priority), asc(priceRules.id));
  return {
    priceRules: rules,
    membership: s.membership,
    vat: s.vat,
    lengthsMinutes: s.slotRules.lengthsMinutes,
  };
}

export async function createPriceRule(ctx: AppContext, actor: AdminActor, input: PriceRuleInput) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(priceRules).values(input).returning();
    await recordAudit(tx, actor, {
      action: "price_rule.create",
      entity: "price_rule",
      entityId: row!.id,
      after: row,
    });
    return row!;
  });
}

export async function updatePriceRule(ctx: AppContext, actor: AdminActor, id: number, input: PriceRuleInput) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(priceRules).where(eq(priceRules.id, id)).for("update");
    if (!before) throw notFound("Hintaa ei löytynyt.");
    const [after] = await tx.update(priceRules).set(input).where(eq(priceRules.id, id)).returning();
    await recordAudit(tx, actor, {
      action: "price_rule.update",
      entity: "price_rule",
      entityId: id,
      before,
      after,
    });
    return after!;
  });
}

export async function deletePriceRule(ctx: AppContext, actor: AdminActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(priceRules).where(eq(priceRules.id, id)).returning();
    if (!row) throw notFound("Hintaa ei löytynyt.");
    await recordAudit(tx, actor, {
      action: "price_rule.delete",
      entity: "price_rule",
      entityId: id,
      before: row,
    });
  });
}
