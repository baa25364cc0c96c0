import { desc, eq, inArray } from "drizzle-orm";
import type { AdminReservation } from "../../domain/admin/reservations.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { DbOrTx } from "../db/index.js";
import { areas, payments, reservations } from "../db/schema.js";

type Row = typeof reservations.$inferSelect & { areaName: string };

/** Reservations with their area's name, as the admin API answers them (newest payment's status). */
export async function toAdminReservations(db: DbOrTx, rows: Row[]): Promise<AdminReservation[]> {
  const ids = rows.map((r) => r.id);
  const paymentRows = ids.length
    ? await db
        .select({ reservationId: payments.reservationId, status: payments.status })
        .from(payments)
        .where(inArray(payments.reservationId, ids))
        .orderBy(desc(payments.createdAt))
    : [];
  const latest = new Map<string, string>();
  for (const p of paymentRows)
    if (p.reservationId && !latest.has(p.reservationId)) latest.set(p.reservationId, p.status);
  return rows.map((r) => ({
    id: r.id,
    areaId: r.areaId,
    areaName: r.areaName,
    start: toHelsinkiIso(r.startsAt),
    end: toHelsinkiIso(r.endsAt),
    status: r.status,
    kind: r.kind,
    name: r.name,
    email: r.email,
    phone: r.phone,
    dogs: r.dogs,
    reactiveDog: r.reactiveDog,
    inHeat: r.inHeat,
    priceCents: r.priceCents,
    paymentStatus: latest.get(r.id) ?? null,
    cancelledAt: r.cancelledAt ? toHelsinkiIso(r.cancelledAt) : null,
    cancelReason: r.cancelReason,
    createdAt: toHelsinkiIso(r.createdAt),
  }));
}

/** The selection every admin reservation query starts from. */
export const reservationWithArea = (db: DbOrTx) =>
  db
    .select({ reservation: reservations, areaName: areas.name })
    .from(reservations)
    .innerJoin(areas, eq(areas.id, reservations.areaId));

export const flatten = (
  rows: Array<{ reservation: typeof reservations.$inferSelect; areaName: string }>,
): Row[] => rows.map((r) => ({ ...r.reservation, areaName: r.areaName }));

export async function adminReservationById(db: DbOrTx, id: string): Promise<AdminReservation | null> {
  const rows = flatten(await reservationWithArea(db).where(eq(reservations.id, id)));
  return rows.length ? (await toAdminReservations(db, rows))[0]! : null;
}
