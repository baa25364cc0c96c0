/**
 * The system module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { listAudit } from "./admin.js";
export { addAdmin, listAdmins, removeAdmin } from "./admins.js";
export { recordAudit } from "./audit.js";
export { runHealthChecks, storedHealth } from "./health.js";
export { jobRepository } from "./jobRepository.js";
export type { JobRunRow } from "./jobRepository.js";
export { systemRepository } from "./repository.js";
export { clearExpiredIps, purgeExpiredPersonalData } from "./retention.js";
