import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import type { OutboxQuery } from "../../domain/admin/system.js";
import type { Db, DbOrTx } from "../db/index.js";
import { emailOutbox } from "../schema/index.js";
import type { LogWindow } from "../lists/index.js";

/**
 * The outbox's queries (decision 037): the only place that reads or writes email_outbox, for its
 * delivery (mail/service.ts) and for the admin's outbox (mail/admin.ts). Takes the database or the
 * caller's transaction; the service decides where the transaction begins.
 */

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type NewOutboxRow = typeof emailOutbox.$inferInsert;

/** A LIKE pattern that matches the text literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The outbox's filters within its date window (the window through email_outbox_created). */
export function outboxConditions(window: LogWindow, query: OutboxQuery = {}) {
  return and(
    gte(emailOutbox.createdAt, window.start),
    window.end ? lt(emailOutbox.createdAt, window.end) : undefined,
    query.status ? eq(emailOutbox.status, query.status) : undefined,
    query.kind ? eq(emailOutbox.kind, query.kind) : undefined,
    query.to ? ilike(emailOutbox.to, `%${literal(query.to)}%`) : undefined,
  );
}

/** How many messages of the window are in each status. Exported for the query-plan test. */
export const outboxCountsQuery = (db: Db, window: LogWindow) =>
  db
    .select({ status: emailOutbox.status, count: count() })
    .from(emailOutbox)
    .where(outboxConditions(window))
    .groupBy(emailOutbox.status)
    .orderBy(emailOutbox.status);

/** One page of the outbox, newest first. Exported for the query-plan test. */
export const outboxPageQuery = (db: Db, where: SQL | undefined, page: { limit: number; offset: number }) =>
  db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      nextAttemptAt: emailOutbox.nextAttemptAt,
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);

export function mailRepository(db: DbOrTx) {
  return {
    /** A message into the outbox; its id. */
    async insert(values: NewOutboxRow): Promise<number> {
      const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
      return row!.id;
    },

    async byId(id: number): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return row;
    },

    /** The message, locked for the rest of the transaction. */
    async lockById(id: number): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for("update");
      return row;
    },

    /**
     * Claims a due message for one delivery attempt by pushing its next attempt to `until`, in one
     * conditional UPDATE (not sent, due by `now`): the row, or undefined when it is sent, not due,
     * or another worker has it. So a request that sends at once and the retry job can never deliver
     * the same message twice.
     */
    async claimDue(id: number, now: Date, until: Date): Promise<OutboxRow | undefined> {
      const [row] = await db
        .update(emailOutbox)
        .set({ nextAttemptAt: until })
        .where(
          and(eq(emailOutbox.id, id), ne(emailOutbox.status, "sent"), lte(emailOutbox.nextAttemptAt, now)),
        )
        .returning();
      return row;
    },

    /** The outcome of an attempt (sent, or failed with its error and next attempt). */
    async update(
      id: number,
      values: Partial<
        Pick<NewOutboxRow, "status" | "attempts" | "sentAt" | "lastError" | "text" | "html" | "nextAttemptAt">
      >,
    ): Promise<void> {
      await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
    },

    /**
     * The ids of queued and failed messages due by `now` with attempts left, oldest first, leaving
     * out the kinds not worth sending late: `staleBefore` gives for a kind the creation time before
     * which its message is stale.
     */
    async dueIds(
      now: Date,
      maxAttempts: number,
      staleBefore: Array<[kind: string, before: Date]>,
      limit: number,
    ) {
      const notStale = staleBefore.map(
        ([kind, before]) => sql`not (${emailOutbox.kind} = ${kind} and ${emailOutbox.createdAt} < ${before})`,
      );
      const due = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            inArray(emailOutbox.status, ["pending", "failed"]),
            lte(emailOutbox.nextAttemptAt, now),
            sql`${emailOutbox.attempts} < ${maxAttempts}`,
            ...notStale,
          ),
        )
        .orderBy(asc(emailOutbox.id))
        .limit(limit);
      return due.map((r) => r.id);
    },

    /** How many messages match the admin's filters. */
    async countWhere(where: SQL | undefined): Promise<number> {
      const [matching] = await db.select({ n: count() }).from(emailOutbox).where(where);
      return matching?.n ?? 0;
    },
  };
}
