/**
 * The availability module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { AvailabilityCache } from "./cache.js";
export { sendAnswer } from "./http.js";
export { availabilityRepository } from "./repository.js";
export {
  checkSlot,
  lockAreaBookings,
  lockCheckout,
  lockHoldOwner,
  openingRulesOf,
  primaryArea,
  refuseBookingRange,
} from "./service.js";
export type { Area } from "./service.js";
