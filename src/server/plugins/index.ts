/**
 * The plugins module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { requireAdmin, signedInAdmin } from "./adminAuth.js";
export { finnishClientErrorHandler, registerUrlLengthLimit, registerWellFormedText } from "./clientErrors.js";
export { customerAuthPlugin, requireCustomer, signedInCustomer } from "./customerAuth.js";
export { idempotencyHeaders, idempotent } from "./idempotency.js";
export { OVERLOADED_MESSAGE, isOverload, overloadRetryAfter, registerLoadShedding } from "./loadShedding.js";
export { withMaskedUrls } from "./logRedaction.js";
export { registerSecurityHeaders } from "./securityHeaders.js";
export { finnishValidatorCompiler } from "./validation.js";
