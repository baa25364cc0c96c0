/**
 * The firebase module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { adminAuthConfig, firebaseEnv } from "./config.js";
export type { AdminAuthConfig } from "./config.js";
export { startOwnEmulator } from "./ownEmulator.js";
