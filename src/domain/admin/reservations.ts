import * as z from "zod/mini";
import { isoDateTime, ledgerBalanceSchema, requestDate, requestDateTime } from "../booking";
import { emailSchema } from "../customer";
import { pageNumber } from "./paging";

/** The admin's reservations and blocks (varaukset): API payloads shared by the server and the SPA. */

const statusSchema = z.enum(["pending", "confirmed", "cancelled", "expired"]);

export const adminReservationSchema = z.object({
  id: z.string(),
  areaId: z.int(),
  areaName: z.string(),
  start: isoDateTime,
  end: isoDateTime,
  status: statusSchema,
  kind: z.enum(["single", "subscriber", "admin", "waitlist"]),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  dogs: z.int(),
  /** The dogs' options (decision 036; the server always sends them). */
  reactiveDog: z.optional(z.boolean()),
  inHeat: z.optional(z.boolean()),
  priceCents: z.int(),
  /** The latest payment's status, null without one (a member's or a manual booking). */
  paymentStatus: z.nullable(z.string()),
  cancelledAt: z.nullable(isoDateTime),
  cancelReason: z.nullable(z.string()),
  createdAt: isoDateTime,
});
export type AdminReservation = z.infer<typeof adminReservationSchema>;

export const adminBlockSchema = z.object({
  id: z.int(),
  /** null: every area. */
  areaId: z.nullable(z.int()),
  areaName: z.nullable(z.string()),
  start: isoDateTime,
  end: isoDateTime,
  reason: z.string(),
});
export type AdminBlock = z.infer<typeof adminBlockSchema>;

export const areaSchema = z.object({ id: z.int(), name: z.string(), active: z.boolean() });

// GET /api/v2/admin/reservations?from&to&q&page: a day or week (from..to), or a search by
// name/e-mail, a page (SEARCH_PAGE_SIZE) at a time, newest first.
export const reservationListQuerySchema = z.object({
  from: z.optional(requestDate),
  to: z.optional(requestDate),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  page: pageNumber,
});
/** A date's opening hours as instants (an opening exception wins over the weekday); null: closed. */
export const openingDaySchema = z.object({
  date: z.string(),
  opens: z.nullable(isoDateTime),
  closes: z.nullable(isoDateTime),
});
export type OpeningDay = z.infer<typeof openingDaySchema>;

export const reservationListSchema = z.object({
  reservations: z.array(adminReservationSchema),
  blocks: z.array(adminBlockSchema),
  areas: z.array(areaSchema),
  /** Every date of a from..to range with its opening hours (the calendar views); empty for a search. */
  days: z.array(openingDaySchema),
  /**
   * A search's page (from 1) and whether older bookings match beyond it; absent for a date range.
   * No count: counting every match would read a long-time member's whole history (issue 37).
   */
  search: z.optional(z.object({ page: z.int(), pageSize: z.int(), more: z.boolean() })),
});
export type ReservationList = z.infer<typeof reservationListSchema>;

// GET /api/v2/admin/reservations/{id}
export const reservationDetailsSchema = z.object({
  reservation: adminReservationSchema,
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      method: z.string(),
      status: z.string(),
      amountCents: z.int(),
      refundedCents: z.int(),
      paidAt: z.nullable(isoDateTime),
      createdAt: isoDateTime,
    }),
  ),
  /** The booking's ledger sums (decision 038; src/domain/ledger.ts's Balance). */
  money: z.optional(ledgerBalanceSchema),
  doorEvents: z.array(
    z.object({ at: isoDateTime, allowed: z.boolean(), reason: z.string(), provider: z.nullable(z.string()) }),
  ),
  /** Attendance from the gate (decision 029): this booking's first allowed press, the customer's no-shows. */
  attendance: z.object({
    attendedAt: z.nullable(isoDateTime),
    noShow: z.boolean(),
    customerEndedBookings: z.int(),
    customerNoShows: z.int(),
  }),
  /** Live waitlist entries (decision 033) for slots within this booking's time, waiting or offered. */
  waitingInLine: z.optional(z.int()),
  /** The door link (/avaa/:token) the customer was sent, while the booking is confirmed; else null. */
  doorUrl: z.nullable(z.string()),
  /** The standing slot this booking is a week of (decision 056): ended on its member's page. */
  standing: z.optional(
    z.nullable(z.object({ id: z.uuid(), summary: z.string(), customerId: z.nullable(z.string()) })),
  ),
});
export type ReservationDetails = z.infer<typeof reservationDetailsSchema>;

// POST /api/v2/admin/reservations: a manual booking without payment.
export const manualReservationSchema = z.object({
  areaId: z.optional(z.int()),
  start: requestDateTime,
  end: requestDateTime,
  name: z.string().check(z.trim(), z.minLength(1, "Anna varaajan nimi."), z.maxLength(200)),
  email: emailSchema,
  phone: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  dogs: z.int().check(z.minimum(1, "Koiria on oltava vähintään yksi."), z.maximum(20)),
  /** The dogs' options (decision 036): they widen what the booking blocks. */
  reactiveDog: z.optional(z.boolean()),
  inHeat: z.optional(z.boolean()),
});
export type ManualReservationInput = z.infer<typeof manualReservationSchema>;

// POST /api/v2/admin/reservations/{id}/cancel
export const adminCancelSchema = z.object({
  /** Refund the paid amount through the provider (a gift card's share goes back to the card). */
  refund: z.boolean(),
});
export const adminCancelResponseSchema = z.object({
  message: z.string(),
  reservation: adminReservationSchema,
});

// POST /api/v2/admin/reservations/{id}/move: the new start and end (the answer is the cancel's shape).
export const adminMoveSchema = z.object({ start: requestDateTime, end: requestDateTime });
export type AdminMoveInput = z.infer<typeof adminMoveSchema>;

// POST /api/v2/admin/blocks: maintenance or a private event, over one area or all of them.
export const createBlockSchema = z.object({
  areaId: z.nullable(z.int()),
  start: requestDateTime,
  end: requestDateTime,
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Kerro syy, esimerkiksi huolto tai yksityistilaisuus."),
      z.maxLength(200),
    ),
  /** Live bookings in the way that the admin chose to cancel in the same step (refunded in full). */
  cancelReservationIds: z._default(z.array(z.string().check(z.uuid())).check(z.maxLength(100)), []),
});
export type CreateBlockInput = z.infer<typeof createBlockSchema>;
export const blockConflictSchema = z.object({
  message: z.string(),
  conflicts: z.array(adminReservationSchema),
});
