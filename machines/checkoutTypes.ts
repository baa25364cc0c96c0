import type { PaymentMethod, Quote } from "../src/domain/booking";
import type { BookingSummary } from "./reservationTypes";
import type { SubmitFailure } from "./remoteFailure";

/** The checkout machine's data: what the visitor fills in and what the API answers. */

export type { PaymentMethod };
export type CheckoutDetails = {
  name: string;
  email: string;
  phone: string;
  dogs: number;
  /** A reactive dog, a female in heat (decision 036): the booking needs room around it. */
  reactiveDog?: boolean;
  inHeat?: boolean;
  paymentMethod: PaymentMethod;
  acceptTerms: boolean;
  /** Optional codes as typed; blank means none. */
  discountCode: string;
  giftCardCode: string;
};
export type CheckoutField = keyof CheckoutDetails;
export type FieldErrors = Partial<Record<CheckoutField, string>>;

/** The API's quote: list price, discount, total with its VAT, gift card share and what is left to pay. */
export type CheckoutQuote = Quote;
export type QuoteRequest = {
  start: string;
  end: string;
  dogs?: number;
  reactiveDog?: boolean;
  inHeat?: boolean;
  discountCode?: string;
  giftCardCode?: string;
};
export type CheckoutReservation = BookingSummary & { payment?: { refundedCents: number } | null };

/** The checkout's answer; redirectUrl "" means nothing was left to pay: the booking is confirmed. */
export type PaymentStart = {
  success: boolean;
  redirectUrl: string;
  message: string;
  reservation?: { accessToken: string };
};

/** This visitor's own live hold of the slot (found again after Back from the payment page). */
export type OwnHold = { accessToken: string; redirectUrl: string; holdExpiresAt: string | null };

/** What the checkout hands to the payment page, remembered so that Back and a retry can use it. */
export type HeldCheckout = OwnHold & { start: string; end: string; details: CheckoutDetails };

export type CheckoutInput = {
  start?: string;
  end?: string;
  /** `?payment=success|cancelled|failed` on the way back from the payment page. */
  payment?: string | null;
  /** `?token=`: the booking's access token on the way back. */
  token?: string | null;
  /** The details this tab last sent to payment: a retry starts from them. */
  draft?: Partial<CheckoutDetails> | null;
};

export type CheckoutContext = {
  start: string;
  end: string;
  payment: string | null;
  token: string | null;
  quote: CheckoutQuote | null;
  maxDogs: number;
  details: CheckoutDetails;
  fieldErrors: FieldErrors;
  errorMessage: string | null;
  reservation: CheckoutReservation | null;
  ownHold: OwnHold | null;
  /** How many times the returned booking was still `pending` (the provider may confirm a moment later). */
  polls: number;
  /** Why the last press of the pay button started no payment (shown beside it), null otherwise. */
  paymentFailure: SubmitFailure | null;
};

export type CheckoutEvent =
  | { type: "checkout.edit"; details: Partial<CheckoutDetails> }
  | { type: "checkout.applyCodes" }
  | { type: "checkout.submit" }
  | { type: "checkout.retry" }
  | { type: "checkout.continuePayment" }
  | { type: "checkout.releaseHold" };
