/**
 * The customers module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export {
  IpLimitReached,
  consumeMagicLink,
  linkFailureMessage,
  messages,
  requestMagicLink,
  revokeSession,
  verifySessionToken,
} from "./customerAuth.js";
export { deleteCustomer } from "./customerData.js";
export { exportCustomerData } from "./customerExport.js";
export { memberPage } from "./memberPage.js";
