import * as z from "zod/mini";
import { isoDateTime, requestDate } from "../booking";
import { pageNumber, windowFields } from "./paging";

/** Ostokset: payments and their refunds, filtered; refund from the list; CSV. */

export const paymentStatusValues = ["pending", "paid", "cancelled", "failed", "refunded"] as const;

export const purchaseQuerySchema = z.object({
  from: z.optional(requestDate),
  to: z.optional(requestDate),
  status: z.optional(z.enum(paymentStatusValues)),
  method: z.optional(z.enum(["mobilepay", "card"])),
  provider: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  /** 1-based; each page holds PURCHASE_PAGE_SIZE payments, newest first. */
  page: pageNumber,
});
export type PurchaseQuery = z.infer<typeof purchaseQuerySchema>;

export const PURCHASE_PAGE_SIZE = 100;

export const purchaseSchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  paidAt: z.nullable(isoDateTime),
  provider: z.string(),
  method: z.string(),
  status: z.enum(paymentStatusValues),
  amountCents: z.int(),
  vatCents: z.int(),
  refundedCents: z.int(),
  /** What was bought: a booking or a membership invoice. */
  kind: z.enum(["reservation", "invoice"]),
  description: z.string(),
  payerName: z.nullable(z.string()),
  payerEmail: z.nullable(z.string()),
  reservationId: z.nullable(z.string()),
  refund: z.nullable(
    z.object({ status: z.string(), amountCents: z.int(), reason: z.string(), createdAt: isoDateTime }),
  ),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseListSchema = z.object({
  /** One page of the payments matching the filters, newest first. */
  purchases: z.array(purchaseSchema),
  /** How many payments match the filters, on every page. */
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** The Helsinki dates the list covers: the ones asked, or the last RECENT_DAYS days. */
  ...windowFields,
  /** Sums over every payment matching the filters (not only this page). */
  totals: z.object({ paidCents: z.int(), refundedCents: z.int() }),
  /** Providers seen, for the filter. */
  providers: z.array(z.string()),
});
export type PurchaseList = z.infer<typeof purchaseListSchema>;

export const purchaseRefundResponseSchema = z.object({ message: z.string(), purchase: purchaseSchema });
