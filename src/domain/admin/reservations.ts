import { z } from "zod";
import { isoDateTime, requestDate, requestDateTime } from "../booking";
import { emailSchema } from "../customer";

/** The admin's reservations and blocks (varaukset): API payloads shared by the server and the SPA. */

const statusSchema = z.enum(["pending", "confirmed", "cancelled", "expired"]);

export const adminReservationSchema = z.object({
  id: z.string(),
  areaId: z.number().int(),
  areaName: z.string(),
  start: isoDateTime,
  end: isoDateTime,
  status: statusSchema,
  kind: z.enum(["single", "subscriber", "admin"]),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dogs: z.number().int(),
  priceCents: z.number().int(),
  /** The latest payment's status, null without one (a member's or a manual booking). */
  paymentStatus: z.string().nullable(),
  cancelledAt: z.nullable(isoDateTime),
  cancelReason: z.string().nullable(),
  createdAt: isoDateTime,
});
export type AdminReservation = z.infer<typeof adminReservationSchema>;

export const adminBlockSchema = z.object({
  id: z.number().int(),
  /** null: every area. */
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  start: isoDateTime,
  end: isoDateTime,
  reason: z.string(),
});
export type AdminBlock = z.infer<typeof adminBlockSchema>;

export const areaSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });

// GET /api/v2/admin/reservations?from&to&q: a day or week (from..to), or a search by name/e-mail.
export const reservationListQuerySchema = z.object({
  from: z.optional(requestDate),
  to: z.optional(requestDate),
  q: z.string().trim().max(100).optional(),
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
      amountCents: z.number().int(),
      refundedCents: z.number().int(),
      paidAt: z.nullable(isoDateTime),
      createdAt: isoDateTime,
    }),
  ),
  doorEvents: z.array(
    z.object({ at: isoDateTime, allowed: z.boolean(), reason: z.string(), provider: z.string().nullable() }),
  ),
});
export type ReservationDetails = z.infer<typeof reservationDetailsSchema>;

// POST /api/v2/admin/reservations: a manual booking without payment.
export const manualReservationSchema = z.object({
  areaId: z.number().int().optional(),
  start: requestDateTime,
  end: requestDateTime,
  name: z.string().trim().min(1, "Anna varaajan nimi.").max(200),
  email: emailSchema,
  phone: z.string().trim().max(40).optional(),
  dogs: z.number().int().min(1, "Koiria on oltava vähintään yksi.").max(20),
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

// POST /api/v2/admin/blocks: maintenance or a private event, over one area or all of them.
export const createBlockSchema = z.object({
  areaId: z.number().int().nullable(),
  start: requestDateTime,
  end: requestDateTime,
  reason: z.string().trim().min(1, "Kerro syy, esimerkiksi huolto tai yksityistilaisuus.").max(200),
  /** Live bookings in the way that the admin chose to cancel in the same step (refunded in full). */
  cancelReservationIds: z.array(z.string().uuid()).max(100).default([]),
});
export type CreateBlockInput = z.infer<typeof createBlockSchema>;
export const blockConflictSchema = z.object({
  message: z.string(),
  conflicts: z.array(adminReservationSchema),
});
