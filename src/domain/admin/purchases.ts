import * as z from "zod/mini";
import { isoDateTime, requestDate } from "../booking";
import { formatTimeRange } from "../helsinkiClock";
import { MONEY_METHODS } from "../paymentMethods";
import { pageNumber, windowFields } from "./paging";

/** Ostokset: payments and their refunds, filtered; refund from the list; CSV. */

export const paymentStatusValues = ["pending", "paid", "cancelled", "failed", "refunded"] as const;

export const purchaseQuerySchema = z.object({
  from: z.optional(requestDate),
  to: z.optional(requestDate),
  status: z.optional(z.enum(paymentStatusValues)),
  /** gift_card: the payments a gift card paid in full (provider gift_card). */
  method: z.optional(z.enum(MONEY_METHODS)),
  provider: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  /** 1-based; each page holds PURCHASE_PAGE_SIZE payments, newest first. */
  page: pageNumber,
});
export type PurchaseQuery = z.infer<typeof purchaseQuerySchema>;

export const PURCHASE_PAGE_SIZE = 100;

/**
 * One refund of a payment as the ledger has it (decision 038): through the provider (its status
 * is its refunds row's) or a share given back to the gift card that paid it (made at once).
 */
export const purchaseRefundSchema = z.object({
  amountCents: z.int(),
  to: z.enum(["provider", "gift_card"]),
  status: z.enum(["pending", "succeeded", "failed"]),
  reason: z.nullable(z.string()),
  createdAt: isoDateTime,
});
export type PurchaseRefund = z.infer<typeof purchaseRefundSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  paidAt: z.nullable(isoDateTime),
  provider: z.string(),
  /** mobilepay or card; gift_card when a gift card paid it all (provider gift_card). */
  method: z.string(),
  status: z.enum(paymentStatusValues),
  /** What the payment asked of the provider, and the VAT in it (the payment's own row). */
  amountCents: z.int(),
  vatCents: z.int(),
  /** The money from the ledger: what came in (the provider's and a gift card's share together). */
  paidCents: z.int(),
  /** The gift card's share of paidCents. */
  giftCardCents: z.int(),
  /** What of it has gone or is going back: every refund that did not fail and every card return. */
  refundedCents: z.int(),
  /** What an admin may still give back (refundableOf); the refund button offers this or a part. */
  refundableCents: z.int(),
  /** What was bought: a booking or a membership invoice. */
  kind: z.enum(["reservation", "invoice"]),
  description: z.string(),
  payerName: z.nullable(z.string()),
  payerEmail: z.nullable(z.string()),
  reservationId: z.nullable(z.string()),
  /** Every refund of the payment, oldest first (failed ones too, for the admin to see). */
  refunds: z.array(purchaseRefundSchema),
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
  /**
   * Sums over every payment matching the filters (not only this page), from the ledger: the sums of
   * the rows' paidCents and refundedCents.
   */
  totals: z.object({ paidCents: z.int(), refundedCents: z.int() }),
  /** Providers seen, for the filter. */
  providers: z.array(z.string()),
});
export type PurchaseList = z.infer<typeof purchaseListSchema>;

export const purchaseRefundResponseSchema = z.object({ message: z.string(), purchase: purchaseSchema });

/** What a payment paid for, in the admin's words: a booking's time or an invoice's number. */
export function whatWasPaid(
  r: { startsAt: Date; endsAt: Date } | null,
  i: { number: number; description: string } | null,
): { kind: "reservation" | "invoice"; description: string } {
  if (i) return { kind: "invoice", description: `Lasku ${i.number}: ${i.description}` };
  return { kind: "reservation", description: r ? `Varaus ${formatTimeRange(r.startsAt, r.endsAt)}` : "" };
}
