/**
 * The reservations module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { createManualReservation, listReservations, reservationDetails } from "./admin.js";
export { BlockConflictError, createBlock, deleteBlock } from "./adminBlocks.js";
export { adminCancelReservation } from "./adminCancellation.js";
export { adminReservationById } from "./adminRows.js";
export { cancelReservationPayment, confirmReservationPayment } from "./fulfilment.js";
export type { ReservationConfirmOutcome } from "./fulfilment.js";
export { placeHold } from "./hold.js";
export { TooManyHoldsError } from "./holdLimits.js";
export { expireHolds, releaseExpiredHolds } from "./holds.js";
export { LookupIpLimitReached, lookupMessages, requestReservationLookup } from "./lookup.js";
export {
  cancelMemberReservation,
  createSubscriberReservation,
  listMemberReservations,
  moveMemberReservation,
} from "./member.js";
export { moveByToken, moveReservation } from "./move.js";
export { confirmMovePayment, moveHoldOf } from "./moveFulfilment.js";
export { moveHoldReturnPath } from "./moveHold.js";
export { memberMoveTimes, moveTimesByToken } from "./moveTimes.js";
export { quoteSlot } from "./quote.js";
export { doorUrlOf } from "./receipt.js";
export { invoiceReceiptHtml, reservationIcs, reservationReceiptHtml } from "./receiptPage.js";
export { queueDueReminders, reminderPreference, setReminderPreference } from "./reminders.js";
export type { ReservationRow, ReservationWithArea } from "./repository.js";
export {
  cancelReservation,
  checkoutReturnPath,
  createReservation,
  getReservationByToken,
} from "./service.js";
export { findReservation } from "./view.js";
export { createStandingSlot, endStandingSlot, listStandingSlots, previewStandingSlot } from "./standing.js";
export { fillStandingSlots } from "./standingFill.js";
export { pauseMembership, quotePause } from "./memberPause.js";
