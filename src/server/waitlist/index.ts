/**
 * The waitlist module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { waitlistOfferMail } from "./mail.js";
export { liveOfferHold, useWaitlistOffer } from "./offers.js";
export { waitlistRepository } from "./repository.js";
export {
  WAITLIST_MAX_PER_IP,
  WAITLIST_MAX_PER_MAILBOX,
  WAITLIST_WINDOW_MINUTES,
  WaitlistIpLimitReached,
  countWaiting,
  getWaitlistEntry,
  joinWaitlist,
  leaveWaitlist,
} from "./service.js";
