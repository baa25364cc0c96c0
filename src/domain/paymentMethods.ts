/**
 * The ways money comes in and their names, in one place (issue 33): a customer pays online by
 * MobilePay or card (spec), a member may pay an invoice by bank transfer (decision 049), and a gift
 * card may pay all or part of either. Plain constants: the public pages, the admin area, the
 * server's schemas and its database all read these.
 */

/** How a customer pays online, in the order the forms offer them. */
export const ONLINE_PAYMENT_METHODS = ["mobilepay", "card"] as const;
export type PaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

/** What a payment is paid with (payments.method): online, or an invoice's bank transfer. */
export const PAYMENT_METHODS = [...ONLINE_PAYMENT_METHODS, "tilisiirto"] as const;
export type StoredPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where money came from: a payment's method, or a gift card's share of it. */
export const MONEY_METHODS = [...PAYMENT_METHODS, "gift_card"] as const;
export type MoneyMethod = (typeof MONEY_METHODS)[number];

/** Each method's name, as every view, receipt and CSV file writes it. */
export const paymentMethodNames: Readonly<Record<MoneyMethod, string>> = {
  mobilepay: "MobilePay",
  card: "Kortti",
  tilisiirto: "Tilisiirto",
  gift_card: "Lahjakortti",
};
