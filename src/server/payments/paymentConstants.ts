/**
 * Names and texts that the booking, the invoice and the fulfilment modules share. A leaf: it imports
 * nothing, so any service may use it without tying itself to another (no import cycles, issue 20).
 */

/** Payments that no provider takes: a gift card paid everything, or a discount left nothing to pay. */
export const GIFT_CARD_PROVIDER = "gift_card";
export const FREE_PROVIDER = "free";

/** The 502 when the provider would not start a checkout (a booking's or an invoice's). */
export const PAYMENT_START_FAILED = "Maksun aloittaminen epäonnistui. Yritä hetken kuluttua uudelleen.";
