/**
 * The memberships module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { creditInvoice, resendInvoiceMail, voidInvoice } from "./invoices/admin.js";
export { cancelInvoicePayment, confirmInvoicePayment, markInvoicePaid } from "./invoices/fulfilment.js";
export type { InvoiceConfirmOutcome } from "./invoices/fulfilment.js";
export { invoicePageHtml } from "./invoices/invoicePage.js";
export { invoiceRepository } from "./invoices/repository.js";
export type { InvoiceRow } from "./invoices/repository.js";
export {
  createDueInvoices,
  invoiceDueCents,
  invoicePaymentReturnPath,
  listInvoices,
  refuseWhileSuspended,
  unpaidStanding,
  openInvoiceNumbers,
  payInvoice,
  remindOverdueInvoices,
} from "./invoices/service.js";
export { listMemberships, membershipsOfMember } from "./subscriptions/admin.js";
export { adminCancelMembership, cancelTierChange, scheduleTierChange } from "./subscriptions/adminActions.js";
export { subscriptionRepository } from "./subscriptions/repository.js";
export type { SubscriptionRow } from "./subscriptions/repository.js";
export {
  cancelSubscription,
  carriedHoursInto,
  currentSubscription,
  expireAbandonedSignups,
  hasAccessOn,
  hoursBookedBetween,
  pausedDayMessage,
  periodContaining,
  refuseOutsideMembership,
  tiersResponseOn,
  toSubscriptionView,
} from "./subscriptions/service.js";
export { signup } from "./subscriptions/signup.js";
export { planPause } from "./subscriptions/pause.js";
export { withdrawPause } from "./subscriptions/pauseWithdrawal.js";
export { membershipPausedMail } from "./subscriptions/mail.js";
export { changeTierByMember, quoteTierChange } from "./subscriptions/memberTierChange.js";
export { hoursQuotaOfPeriod } from "./subscriptions/tierChange.js";
