/**
 * The prices module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export {
  createPriceRule,
  deletePriceRule,
  endMembershipTier,
  priceList,
  setMembershipTier,
  setVatRate,
  updatePriceRule,
} from "./admin.js";
export {
  DEFAULT_VAT_RATE_BASIS_POINTS,
  defaultMembershipTiers,
  insertNewPriceRule,
  loadPriceRules,
  loadVatRates,
  tierOn,
  tiersOn,
  vatRateOn,
} from "./service.js";
export type { MembershipTier } from "./service.js";
