/**
 * The mail module's entry: what other server modules may use of it (decision 052). Its own files
 * import each other directly, never this file.
 */
export { deliverAudited, listOutbox, resendMail } from "./admin.js";
export { consoleTransport, createMailService, smtpTransport } from "./service.js";
export type { MailService, MailTransport, OutgoingMail } from "./service.js";
export { signature } from "./signature.js";
