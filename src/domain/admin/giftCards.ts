import * as z from "zod/mini";
import { isoDateTime, requestDate } from "../booking";
import { pageNumber, pagedFields } from "./paging";

/**
 * Lahjakortit: issuing a card, the list (codes masked), a card's history. The full code leaves the
 * server once, in the answer to the issue; nothing else shows it (docs/decisions/015).
 */

export const GIFT_CARD_MIN_CENTS = 100;
export const GIFT_CARD_MAX_CENTS = 100_000;

export const giftCardIssueSchema = z.object({
  amountCents: z
    .number("Anna lahjakortin arvo euroina, esimerkiksi 30,00.")
    .check(
      z.int("Arvo annetaan kokonaisina sentteinä."),
      z.minimum(GIFT_CARD_MIN_CENTS, "Lahjakortin arvon on oltava vähintään 1,00 €."),
      z.maximum(GIFT_CARD_MAX_CENTS, "Lahjakortin arvo voi olla enintään 1 000,00 €."),
    ),
  /** The recipient or anything the park wants to remember; shown in the list, not on the card. */
  note: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(200, "Muistiinpano voi olla enintään 200 merkkiä."))),
    z.transform((n: string | null | undefined) => n || null),
  ),
  /** The last day the card works (inclusive); none: no end. */
  validUntil: z.pipe(
    z.nullish(requestDate),
    z.transform((d: string | null | undefined) => d ?? null),
  ),
});
export type GiftCardIssueInput = z.input<typeof giftCardIssueSchema>;
export type GiftCardIssueValues = z.output<typeof giftCardIssueSchema>;

export const giftCardStatusSchema = z.enum(["active", "inactive", "expired", "empty"]);
export type GiftCardStatus = z.infer<typeof giftCardStatusSchema>;

export const adminGiftCardSchema = z.object({
  id: z.string(),
  /** "••••-••••-••••-NPQR": the last group only, enough to tell cards apart on the phone. */
  maskedCode: z.string(),
  initialCents: z.int(),
  balanceCents: z.int(),
  active: z.boolean(),
  status: giftCardStatusSchema,
  validUntil: z.nullable(z.string()),
  note: z.nullable(z.string()),
  createdAt: isoDateTime,
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;

export const giftCardListQuerySchema = z.object({
  /** The whole code, or its last four characters, as the customer reads it out. */
  code: z.optional(z.string().check(z.trim(), z.maxLength(64, "Koodi on liian pitkä."))),
  page: pageNumber,
});
export type GiftCardListQuery = z.infer<typeof giftCardListQuerySchema>;

export const giftCardListSchema = z.object({
  /** One page of the cards, newest first. */
  giftCards: z.array(adminGiftCardSchema),
  ...pagedFields,
});
export type GiftCardList = z.infer<typeof giftCardListSchema>;

export const giftCardIssuedSchema = z.object({
  message: z.string(),
  giftCard: adminGiftCardSchema,
  /** The full code, printed in groups of four: shown this once. */
  code: z.string(),
});
export type GiftCardIssued = z.infer<typeof giftCardIssuedSchema>;

export const giftCardTransactionSchema = z.object({
  id: z.int(),
  kind: z.enum(["issue", "redeem", "return", "adjust"]),
  amountCents: z.int(),
  balanceAfterCents: z.int(),
  note: z.nullable(z.string()),
  createdAt: isoDateTime,
  /** What the card paid for (a booking or an invoice), when a payment took or gave back the share. */
  payment: z.nullable(
    z.object({
      id: z.string(),
      status: z.string(),
      kind: z.enum(["reservation", "invoice"]),
      description: z.string(),
    }),
  ),
});
export type GiftCardTransaction = z.infer<typeof giftCardTransactionSchema>;

export const giftCardHistorySchema = z.object({
  giftCard: adminGiftCardSchema,
  transactions: z.array(giftCardTransactionSchema),
});
export type GiftCardHistory = z.infer<typeof giftCardHistorySchema>;
