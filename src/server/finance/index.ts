/**
 * The finance module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { financeCsv } from "./csv.js";
export { financeReport } from "./report.js";
