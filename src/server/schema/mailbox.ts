import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * domain/mailbox.ts's mailboxKey in SQL, of an address column or expression, for the queries that
 * compare stored addresses by mailbox (login links' allowance, reminders' opt-out, a customer's
 * waitlist entries) and for the index that finds customers by it (`customers_mailbox`; the
 * planner uses it only for this same expression). tests/server/mailbox.test.ts checks that both
 * give the same key.
 */
export function mailboxSql(address: SQLWrapper): SQL<string> {
  const lower = sql`lower(${address})`;
  return sql<string>`(case when ${lower} ~ '@(gmail|googlemail)\\.com$'
    then replace(regexp_replace(${lower}, '(\\+[^@]*)?@[^@]*$', ''), '.', '') || '@gmail.com'
    else regexp_replace(${lower}, '\\+[^@]*(@[^@]*)$', '\\1') end)`;
}
