/**
 * The paymentOutcomes module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { applyPaymentOutcome } from "./fulfilment.js";
export { closeCancelledCheckouts, handleWebhookEvent } from "./paymentEvents.js";
export { paymentReturnPath, settleReturnFromProvider } from "./paymentReturn.js";
