/** The mailbox key in SQL lives beside the schema, whose index on it must be the same expression. */
export { mailboxSql } from "../db/schema/mailbox.js";
