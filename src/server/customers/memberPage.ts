import type { MemberPage } from "../../domain/admin/memberships.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { membershipsOfMember } from "../memberships/index.js";
import { listMemberReservations, listStandingSlots } from "../reservations/index.js";

/** Jäsenyydet's member page: their memberships, invoices and usage, and their bookings. */
export async function memberPage(ctx: AppContext, customerId: string): Promise<MemberPage> {
  const { customer, page } = await membershipsOfMember(ctx, customerId);
  const own = { ...customer, createdAt: toHelsinkiIso(customer.createdAt) };
  const reservations = await listMemberReservations(ctx, own);
  return { ...page, reservations, standing: await listStandingSlots(ctx, own) };
}
