/**
 * The ledger module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export {
  ledgerOf,
  ledgerOfPayments,
  ledgerOwnerOfPayment,
  lockLedgerOwner,
  moneyOf,
  recordBookingCharges,
  recordCredit,
  recordGiftCardReturn,
  recordInvoiceCharge,
  recordMoveDifference,
  recordPaid,
  recordRefundEntry,
  releaseCharges,
} from "./service.js";
export type { LedgerOwner } from "./service.js";
