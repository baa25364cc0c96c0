import type { CreateBlockInput } from "../../domain/admin/reservations.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { badRequest, HttpError, notFound } from "../errors.js";
import type { AdminActor } from "../../domain/admin/session.js";
import { recordAudit } from "../system/index.js";
import { lockAreaBookings, availabilityRepository } from "../availability/index.js";
import { expireHolds } from "./holds.js";
import { afterCancelCommitted, cancelReservationInTx, type AdminCancelResult } from "./adminCancellation.js";
import { toAdminReservations } from "./adminRows.js";

/** A block that would cover live bookings the admin did not choose to cancel: 409 with the list. */
export class BlockConflictError extends HttpError {
  constructor(readonly conflicts: Awaited<ReturnType<typeof toAdminReservations>>) {
    super(
      409,
      conflicts.length === 1
        ? "Aikana on voimassa oleva varaus. Peru se samalla tai valitse toinen aika."
        : `Aikana on ${conflicts.length} voimassa olevaa varausta. Peru ne samalla tai valitse toinen aika.`,
    );
  }
}

/**
 * Takes time out of use (maintenance, a private event) on one area or all. Refused while a live
 * booking overlaps it, unless the admin named that booking to be cancelled (and refunded in full)
 * in the same step. The areas are locked first, as checkout locks them, so no booking can slip in
 * between the check and the block.
 */
export async function createBlock(ctx: AppContext, actor: AdminActor, input: CreateBlockInput) {
  const start = new Date(input.start);
  const end = new Date(input.end);
  if (end <= start) throw badRequest("Sulun lopun on oltava alun jälkeen.");
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const repository = availabilityRepository(tx);
    const areaIds = input.areaId === null ? await repository.areaIds() : [input.areaId];
    if (input.areaId !== null && !(await repository.areaExists(input.areaId)))
      throw badRequest("Valittua aluetta ei ole.");
    // Lock in id order, as every path does, so two blocks never wait on each other.
    for (const id of areaIds) {
      await lockAreaBookings(tx, id);
      await expireHolds(tx, now, id);
    }
    const overlapping = await repository.liveBookingsOverlapping(areaIds, start, end);
    const chosen = new Set(input.cancelReservationIds);
    const unresolved = overlapping.filter((r) => !chosen.has(r.id));
    if (unresolved.length) throw new BlockConflictError(await toAdminReservations(tx, unresolved));

    const cancelled: AdminCancelResult[] = [];
    for (const r of overlapping)
      cancelled.push(await cancelReservationInTx(ctx, tx, actor, r.id, { refund: true }));
    const block = await repository.insertBlock({
      areaId: input.areaId,
      startsAt: start,
      endsAt: end,
      reason: input.reason,
    });
    await recordAudit(tx, actor, {
      action: "block.create",
      entity: "block",
      entityId: block.id,
      after: block,
    });
    return { block, cancelled };
  });
  await afterCancelCommitted(ctx, result.cancelled);
  const areaName = result.block.areaId
    ? await availabilityRepository(ctx.db).areaName(result.block.areaId)
    : undefined;
  return {
    block: {
      id: result.block.id,
      areaId: result.block.areaId,
      areaName: areaName ?? null,
      start: toHelsinkiIso(result.block.startsAt),
      end: toHelsinkiIso(result.block.endsAt),
      reason: result.block.reason,
    },
    cancelledReservations: result.cancelled.length,
  };
}

export async function deleteBlock(ctx: AppContext, actor: AdminActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await availabilityRepository(tx).deleteBlock(id);
    if (!row) throw notFound("Sulkua ei löytynyt.");
    await recordAudit(tx, actor, { action: "block.delete", entity: "block", entityId: id, before: row });
  });
}
