/**
 * The giftCards module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { giftCardHistory, issueAdminGiftCard, listGiftCards, setGiftCardActive } from "./admin.js";
export {
  formatGiftCardCode,
  issueGiftCard,
  lockGiftCard,
  lookUpGiftCard,
  redeemGiftCard,
  returnGiftCardPart,
  returnGiftCardShares,
} from "./service.js";
