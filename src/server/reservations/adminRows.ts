import type { AdminReservation } from "../../domain/admin/reservations.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { DbOrTx } from "../db/index.js";
import { adminReservationRepository } from "./adminRepository.js";
import type { ReservationWithArea } from "./repository.js";

type Row = ReservationWithArea;

/** Reservations with their area's name, as the admin API answers them (newest payment's status). */
export async function toAdminReservations(db: DbOrTx, rows: Row[]): Promise<AdminReservation[]> {
  const ids = rows.map((r) => r.id);
  const paymentRows = ids.length ? await adminReservationRepository(db).paymentStatuses(ids) : [];
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

export async function adminReservationById(db: DbOrTx, id: string): Promise<AdminReservation | null> {
  const rows = await adminReservationRepository(db).byIdWithArea(id);
  return rows.length ? (await toAdminReservations(db, rows))[0]! : null;
}
