/**
 * The mailbox an address reaches, one key everywhere (issue 31): the login links' and look-ups'
 * limits, the waitlist, the reminders' opt-out. Lower-case, without a +tag in the local part, and
 * for Gmail without the dots of the local part and with googlemail.com as gmail.com (Gmail
 * delivers all of those to one inbox). Imports nothing, so the customers' services and
 * repositories, the bookings' look-ups and the waitlist share one definition; the server's
 * server/schema/mailbox.ts mailboxSql says the same in SQL.
 */
export function mailboxKey(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  const domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus >= 0) local = local.slice(0, plus);
  if (domain === "gmail.com" || domain === "googlemail.com") return `${local.replaceAll(".", "")}@gmail.com`;
  return `${local}@${domain}`;
}

/**
 * The address an erased customer's bookings and invoices carry (customers/customerData.ts): it
 * reaches no mailbox (.invalid), and the reminders pass it by.
 */
export const ANONYMISED_EMAIL = "poistettu@asiakas.invalid";
