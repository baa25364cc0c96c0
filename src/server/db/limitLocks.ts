import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "./database.js";

/*
 * Counted limits (login links and booking look-ups per IP and per mailbox, gate presses per link
 * and per IP) are checked and recorded under a transaction-scoped advisory lock keyed by what is
 * limited. Counting and inserting in two statements is otherwise a race: on PostgreSQL, 100
 * parallel requests each counted before any had inserted and 91 got through a limit of 10. The
 * lock makes requests for the same key take turns, so exactly the limit gets through, whichever
 * server they reach.
 *
 * Keys are two ints like the booking locks (availability/repository.ts, namespaces 1–3 and from
 * 1 000 000): the namespace, then 32 bits of the SHA-1 of the text (a collision only makes two
 * wait). Taken in one sorted order, so two requests never wait on each other in a cycle.
 */
export const LIMIT_LOCK = {
  loginIp: 11,
  loginMailbox: 12,
  doorIp: 13,
  doorLink: 14,
  doorUnknownIp: 15,
  /** An area's day, for the share of it unpaid holds may cover; taken last, after the checkout's own locks. */
  holdsDay: 16,
  lookupIp: 17,
  lookupMailbox: 18,
  /** The gate health job's outage transitions (door/gateHealth.ts). */
  gateOutage: 19,
  /** The lights job's wanted-state transitions (lights/service.ts). */
  lights: 22,
  /** Joins of a slot's waitlist per IP and per mailbox (waitlist/service.ts). */
  waitlistIp: 20,
  waitlistMailbox: 21,
} as const;

const keyOf = (text: string) => createHash("sha1").update(text).digest().readInt32BE(0);

/** Waits for, and holds until the transaction ends, the locks of these limited keys. */
export async function lockLimits(tx: Tx, keys: Array<[namespace: number, key: string]>): Promise<void> {
  const sorted = keys
    .map(([a, text]) => [a, keyOf(text)] as const)
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  for (const [a, b] of sorted) await tx.execute(sql`SELECT pg_advisory_xact_lock(${a}::int, ${b}::int)`);
}
