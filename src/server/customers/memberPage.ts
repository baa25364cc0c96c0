import type { MemberPage } from "../../domain/admin/memberships.js";
import { toHelsinkiIso } from "../../domain/helsinkiTime.js";
import type { AppContext } from "../context.js";
import { membershipsOfMember } from "../memberships/index.js";
import { listMemberReservations } from "../reservations/index.js";

/** Jäsenyydet's member page: their memberships, invoices and usage, and their bookings. */
export async function memberPage(ctx: AppContext, customerId: string): Promise<MemberPage> {
  const { customer, page } = await membershipsOfMember(ctx, customerId);
  const reservations = await listMemberReservations(ctx, {
    ...customer,
    createdAt: toHelsinkiIso(customer.createdAt),
  });
  return { ...page, reservations };
}
