/**
 * The lists module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { csvDocument, csvLine, euros } from "./csv.js";
export { likePattern } from "./likePattern.js";
export { logWindow, pageOf } from "./paging.js";
export type { LogWindow } from "./paging.js";
