import {
  DUPLICATE_DISCOUNT_CODE,
  type AdminDiscountCode,
  type DiscountCodeUses,
  type DiscountCodeValues,
} from "../../domain/admin/discountCodes.js";
import { helsinkiDate, toHelsinkiIso, wallClock } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { type Tx, isUniqueViolation } from "../db/index.js";
import { badRequest, conflict, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "../system/index.js";
import { discountCodeRepository, type DiscountCodeColumns, type DiscountCodeRow } from "./repository.js";

/**
 * Alennuskoodit: the admin's list, create, edit, (de)activate and a code's uses. Checkout claims
 * uses with its own conditional UPDATE (discountCodes/service.ts); an edit locks the row, so the
 * two never interleave, and the table's check constraints stay the last word.
 */

const NOT_FOUND = "Alennuskoodia ei löytynyt.";

/** The row as the admin sees it: validity as Helsinki days, the last day included. */
export const toAdminDiscountCode = (row: DiscountCodeRow): AdminDiscountCode => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  percentOff: row.percentOff,
  amountOffCents: row.amountOffCents,
  validFrom: row.validFrom ? helsinkiDate(row.validFrom) : null,
  validUntil: row.validUntil ? helsinkiDate(row.validUntil.getTime() - 1) : null,
  maxUses: row.maxUses,
  usedCount: row.usedCount,
  active: row.active,
  description: row.description,
  createdAt: toHelsinkiIso(row.createdAt),
});

/** The columns an admin sets: a code works from the first day's midnight until the last day ends. */
const columnsOf = (input: DiscountCodeValues): DiscountCodeColumns => ({
  code: input.code,
  kind: input.kind,
  percentOff: input.kind === "percent" ? input.percentOff : null,
  amountOffCents: input.kind === "fixed" ? input.amountOffCents : null,
  validFrom: input.validFrom ? wallClock(input.validFrom, "00:00").toJSDate() : null,
  validUntil: input.validUntil ? wallClock(input.validUntil, "24:00").toJSDate() : null,
  maxUses: input.maxUses,
  description: input.description,
});

/** A second code with the same text is refused by the unique index: a 409 with the reason. */
async function unlessDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_DISCOUNT_CODE);
    throw error;
  }
}

async function lockCode(tx: Tx, id: number): Promise<DiscountCodeRow> {
  const row = await discountCodeRepository(tx).lockById(id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function listDiscountCodes(ctx: AppContext): Promise<AdminDiscountCode[]> {
  const rows = await discountCodeRepository(ctx.db).list();
  return rows.map(toAdminDiscountCode);
}

export async function createDiscountCode(ctx: AppContext, actor: AdminActor, input: DiscountCodeValues) {
  return unlessDuplicate(() =>
    ctx.db.transaction(async (tx) => {
      const row = await discountCodeRepository(tx).insert(columnsOf(input));
      await recordAudit(tx, actor, {
        action: "discount_code.create",
        entity: "discount_code",
        entityId: row.id,
        after: row,
      });
      return toAdminDiscountCode(row);
    }),
  );
}

export async function updateDiscountCode(
  ctx: AppContext,
  actor: AdminActor,
  id: number,
  input: DiscountCodeValues,
) {
  return unlessDuplicate(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockCode(tx, id);
      if (input.maxUses !== null && input.maxUses < before.usedCount)
        throw badRequest(
          `Koodia on jo käytetty ${before.usedCount} kertaa; enimmäismäärä ei voi olla sitä pienempi.`,
        );
      const after = await discountCodeRepository(tx).update(id, columnsOf(input));
      await recordAudit(tx, actor, {
        action: "discount_code.update",
        entity: "discount_code",
        entityId: id,
        before,
        after,
      });
      return toAdminDiscountCode(after!);
    }),
  );
}

/** Deactivates or reactivates a code; uses already held or paid stay as they are. */
export async function setDiscountCodeActive(ctx: AppContext, actor: AdminActor, id: number, active: boolean) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockCode(tx, id);
    const after = await discountCodeRepository(tx).update(id, { active });
    await recordAudit(tx, actor, {
      action: active ? "discount_code.activate" : "discount_code.deactivate",
      entity: "discount_code",
      entityId: id,
      before,
      after,
    });
    return toAdminDiscountCode(after!);
  });
}

export async function discountCodeUsesOf(ctx: AppContext, id: number): Promise<DiscountCodeUses> {
  const codes = discountCodeRepository(ctx.db);
  const code = await codes.byId(id);
  if (!code) throw notFound(NOT_FOUND);
  const rows = await codes.usesOf(id);
  return {
    discountCode: toAdminDiscountCode(code),
    uses: rows.map(({ use, reservation: r }) => ({
      id: use.id,
      status: use.status,
      amountCents: use.amountCents,
      createdAt: toHelsinkiIso(use.createdAt),
      releasedAt: use.releasedAt ? toHelsinkiIso(use.releasedAt) : null,
      reservation: {
        id: r.id,
        name: r.name,
        email: r.email,
        start: toHelsinkiIso(r.startsAt),
        end: toHelsinkiIso(r.endsAt),
        status: r.status,
      },
    })),
  };
}
