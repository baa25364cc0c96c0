import { z } from "zod";
import { isoDateTime, requestDate } from "../booking";

/** Ostokset: payments and their refunds, filtered; refund from the list; CSV. */

export const paymentStatusValues = ["pending", "paid", "cancelled", "failed", "refunded"] as const;

export const purchaseQuerySchema = z.object({
  from: z.optional(requestDate),
  to: z.optional(requestDate),
  status: z.enum(paymentStatusValues).optional(),
  method: z.enum(["mobilepay", "card"]).optional(),
  provider: z.string().trim().max(40).optional(),
});
export type PurchaseQuery = z.infer<typeof purchaseQuerySchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  paidAt: z.nullable(isoDateTime),
  provider: z.string(),
  method: z.string(),
  status: z.enum(paymentStatusValues),
  amountCents: z.number().int(),
  vatCents: z.number().int(),
  refundedCents: z.number().int(),
  /** What was bought: a booking or a membership invoice. */
  kind: z.enum(["reservation", "invoice"]),
  description: z.string(),
  payerName: z.string().nullable(),
  payerEmail: z.string().nullable(),
  reservationId: z.string().nullable(),
  refund: z
    .object({ status: z.string(), amountCents: z.number().int(), reason: z.string(), createdAt: isoDateTime })
    .nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseListSchema = z.object({
  purchases: z.array(purchaseSchema),
  totals: z.object({ paidCents: z.number().int(), refundedCents: z.number().int() }),
  /** Providers seen, for the filter. */
  providers: z.array(z.string()),
});
export type PurchaseList = z.infer<typeof purchaseListSchema>;

export const purchaseRefundResponseSchema = z.object({ message: z.string(), purchase: purchaseSchema });
