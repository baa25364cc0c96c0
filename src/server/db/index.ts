/**
 * The db module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { openDatabase } from "./database.js";
export type { Database, Db, DbOrTx, Tx } from "./database.js";
export { LIMIT_LOCK, lockLimits } from "./limitLocks.js";
export { isLiveStatus, periodContains, periodOverlaps } from "./periods.js";
export { isSlotConflict, isUniqueViolation, sqlState } from "./pgErrors.js";
