import type { PaymentMethod, StoredPaymentMethod } from "../../domain/paymentMethods.js";

/**
 * Names and texts that the booking, the invoice and the fulfilment modules share. A leaf: it imports
 * only the domain's constants, so any service may use it without tying itself to another (no import
 * cycles, issue 20).
 */

/** Payments that no provider takes: a gift card paid everything, or a discount left nothing to pay. */
export const GIFT_CARD_PROVIDER = "gift_card";
export const FREE_PROVIDER = "free";

/** The 502 when the provider would not start a checkout (a booking's or an invoice's). */
export const PAYMENT_START_FAILED = "Maksun aloittaminen epäonnistui. Yritä hetken kuluttua uudelleen.";

/** A bank transfer read from the bank's statement (issue 36): no provider to call, refunds by hand. */
export const BANK_PROVIDER = "bank";
export const BANK_TRANSFER_METHOD = "tilisiirto" satisfies StoredPaymentMethod;

/**
 * The online method of a booking's payment: a booking is paid through the provider, never by a bank
 * transfer (only invoices are), so a transfer here is a broken invariant.
 */
export function onlineMethod(method: StoredPaymentMethod): PaymentMethod {
  if (method === BANK_TRANSFER_METHOD) throw new Error("A booking's payment is never a bank transfer");
  return method;
}
