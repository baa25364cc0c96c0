/**
 * The discountCodes module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export {
  createDiscountCode,
  discountCodeUsesOf,
  listDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from "./admin.js";
export {
  claimDiscountCode,
  discountOf,
  lookUpDiscountCode,
  markDiscountUsed,
  recordDiscountUse,
  releaseDiscountUses,
} from "./service.js";
