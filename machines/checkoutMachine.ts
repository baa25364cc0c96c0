import { DEFAULT_MAX_DOGS } from "../src/domain/dogRules";
import { confirmationStates } from "./checkout/states.confirmation";
import { formStates } from "./checkout/states.form";
import { quoteStates } from "./checkout/states.quote";
import { checkoutSetup, EMPTY_DETAILS } from "./checkout/setup";

export type * from "./checkoutTypes";
export {
  CONFIRMATION_POLL_MS,
  EMPTY_DETAILS,
  MAX_CONFIRMATION_POLLS,
  PAYMENT_FALLBACK_MESSAGE,
} from "./checkout/setup";

/**
 * Checkout (`/checkout/:start/:end`): the chosen slot's quote, the visitor's details with
 * validation, creating the payment and handing over to the payment page (the provided action
 * `redirectToPayment`), and — when the payment page sends the visitor back with
 * `?payment=success|cancelled&token=…` — confirming the booking and storing it (the provided
 * action `storeReservation`). A discount code and a gift card are part of the details; applying
 * them asks for the quote again, so the summary shows the discounted price and what is left to
 * pay. A gift card that covers everything confirms at once: no payment page, straight to confirming.
 *
 * A payment that cannot be started never locks the form: the visitor is back in it with the failure
 * beside the button (`paymentFailure`: the words, and whether no answer came at all), or, when the
 * server refused a code the visitor typed, with the words beside that field; pressing the button
 * again is the retry.
 *
 * Never a lock-out: what is handed to the payment page is remembered (`rememberHold`), so when the
 * visitor comes back with Back and the slot shows taken, the checkout asks whether the hold is the
 * visitor's own (`findOwnHold`) and offers to continue to the same payment or to release the slot.
 * A retry after a cancelled payment starts from the remembered details (`input.draft`), and so does
 * a reload: every edit is kept for the tab (`rememberDraft`), forgotten once the booking is made.
 *
 * The machine imports nothing from the app, so the validation rules (the API's zod schema) are
 * provided at the edge like the I/O: the guards `slotIsValid` and `detailsAreValid` and the action
 * `showFieldErrors` (src/web/pages/booking/checkoutRules.ts); all I/O is the provided actors.
 *
 * Split as likec4 splits its machines: the setup (types, actors, actions, guards) in
 * checkout/setup.ts, and the states in checkout/states.*.ts by the part of the visit they are.
 */
export const checkoutMachine = checkoutSetup.createMachine({
  id: "checkout",
  context: ({ input }) => ({
    start: input.start ?? "",
    end: input.end ?? "",
    payment: input.payment ?? null,
    token: input.token ?? null,
    quote: null,
    maxDogs: DEFAULT_MAX_DOGS,
    details: { ...EMPTY_DETAILS, ...input.draft },
    fieldErrors: {},
    errorMessage: null,
    reservation: null,
    ownHold: null,
    polls: 0,
    paymentFailure: null,
  }),
  initial: "starting",
  states: { ...quoteStates, ...formStates, ...confirmationStates },
});
