/**
 * The mailbox an address reaches: lower-case, without a +tag in the local part. A leaf (imports
 * nothing), so the customers' services and repositories and the waitlist share one definition;
 * repository.ts says the same in SQL.
 */
export const mailboxKey = (email: string) => email.toLowerCase().replace(/\+[^@]*@/, "@");
