/**
 * The payments module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { listPurchases, purchasesCsv, refundPurchase } from "./admin.js";
export { NOTHING_BACK, giveBack, settleOwedBack } from "./giveBack.js";
export {
  BANK_PROVIDER,
  BANK_TRANSFER_METHOD,
  FREE_PROVIDER,
  GIFT_CARD_PROVIDER,
  PAYMENT_START_FAILED,
  onlineMethod,
} from "./paymentConstants.js";
export {
  recordRefund,
  recordRefundNews,
  refundAndTell,
  refundWaits,
  retryDueRefunds,
  sendRefund,
} from "./refunds.js";
export type { RefundNews, RefundOutcome, RefundReason } from "./refunds.js";
export { paymentRepository } from "./repository.js";
export type { PaymentRow } from "./repository.js";
