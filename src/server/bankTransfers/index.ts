/**
 * The bankTransfers module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { STATEMENT_MAX_BYTES } from "./camt.js";
export { applyStatement, listBankTransfers, previewStatement, resolveBankTransfer } from "./service.js";
