import { sql, type SQLWrapper } from "drizzle-orm";
import { memberInvoicesQuery } from "../../src/server/memberships/invoices/repository.js";
import { NEWEST_INVOICES } from "../../src/server/memberships/invoices/service.js";
import type { Database } from "../../src/server/db/database.js";
import { customers, reservations } from "../../src/server/schema/index.js";
import { mailboxSql } from "../../src/server/schema/mailbox.js";
import { jobs } from "../../src/server/jobs/schedule.js";
import {
  purchaseConditions,
  purchasesPageQuery,
  purchasesSummaryQuery,
} from "../../src/server/payments/purchaseRepository.js";
import { reservationListQuery } from "../../src/server/reservations/adminRepository.js";
import { doorEventConditions, doorEventCountsQuery } from "../../src/server/door/operationsRepository.js";
import { logWindow } from "../../src/server/lists/paging.js";
import { outboxConditions, outboxCountsQuery, outboxPageQuery } from "../../src/server/mail/repository.js";
import { latestJobRunsQuery } from "../../src/server/system/jobRepository.js";
import { loadLiveReservations } from "../../src/server/availability/service.js";
import { bookingStateQuery, liveHoldsOfQuery } from "../../src/server/reservations/holdRepository.js";
import { lightsWindowQuery } from "../../src/server/lights/repository.js";
import { dueSubscriptionsQuery } from "../../src/server/memberships/subscriptions/repository.js";
import { bookingChargesQuery, moneyFlowsQuery } from "../../src/server/finance/repository.js";
import { candidatesQuery } from "../../src/server/waitlist/repository.js";
import { EXPORTED, mailsTo, recordsQuery } from "../../src/server/customers/exportRepository.js";
import { databaseKinds, openTestDatabase } from "../support/database.js";
import { emailFragment, seedHistory } from "../support/history.js";

/*
 * Issue 21 / decision 025: the queries that run on every checkout, availability refill and admin
 * list are found through an index, not by reading the table. The database holds enough history
 * (generate_series, then ANALYZE) that a sequential scan would cost the planner more than the
 * index; each query is the product's own (its builder, exported from the service), EXPLAINed.
 */

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
};

const end = new Date("2026-06-15T00:00:00Z");
const GROWING = [
  "customers",
  "reservations",
  "payments",
  "job_runs",
  "email_outbox",
  "door_events",
  "subscriptions",
  "invoices",
  "ledger_entries",
  "refunds",
];

async function plan(
  database: Database | { db: Pick<Database["db"], "execute"> },
  query: SQLWrapper,
): Promise<PlanNode> {
  const result = await database.db.execute(sql`EXPLAIN (FORMAT JSON) ${query.getSQL()}`);
  const cell = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0]!["QUERY PLAN"];
  const parsed = (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
  return parsed[0]!.Plan;
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** A growing table read whole: a Seq Scan, or a scan of a whole index (no condition on it). */
const readsWhole = (n: PlanNode) =>
  GROWING.includes(n["Relation Name"] ?? "") &&
  (n["Node Type"] === "Seq Scan" ||
    (["Index Scan", "Index Only Scan", "Bitmap Index Scan"].includes(n["Node Type"]) && !n["Index Cond"]));

/** The plans of `queries` with the given planner settings off, in one transaction. */
async function plansWithout(database: Database, settings: string[], queries: Record<string, SQLWrapper>) {
  return database.db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql`select set_config(${setting}, 'off', true)`);
    const out: Array<[string, PlanNode]> = [];
    for (const [name, query] of Object.entries(queries)) out.push([name, await plan({ db: tx }, query)]);
    return out;
  });
}

/** The plan reads no growing table sequentially, and uses at least one of the named indexes. */
async function expectIndexed(database: Database, query: SQLWrapper, indexes: string[]) {
  // KP_SHOW_PLANS=1 prints each plan, to see why a test failed.
  if (process.env.KP_SHOW_PLANS) console.log(JSON.stringify(await plan(database, query), null, 1));
  const all = nodes(await plan(database, query));
  const summary = all
    .map((n) => [n["Node Type"], n["Relation Name"], n["Index Name"]].filter(Boolean).join(" "))
    .join(", ");
  const seqScans = all.filter(
    (n) => n["Node Type"] === "Seq Scan" && GROWING.includes(n["Relation Name"] ?? ""),
  );
  expect(seqScans, summary).toEqual([]);
  expect(
    all.some((n) => indexes.includes(n["Index Name"] ?? "")),
    summary,
  ).toBe(true);
}

describe.each(databaseKinds)("query plans on years of history (%s)", (kind) => {
  let database: Database;
  let areaId: number;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedHistory(database.db, {
      end,
      // Eight years of history (issue 37): a year is an eighth of it, as on a park that has run long.
      days: 3000,
      aheadDays: 30,
      areas: 2,
      bookings: 20_000,
      customers: 2_000,
      jobRuns: 20_000,
      emails: 2_000,
      doorEvents: 2_000,
      members: 1_500,
    });
    const [first] = await database.db.select({ areaId: reservations.areaId }).from(reservations).limit(1);
    areaId = first!.areaId;
  }, 240_000);
  afterAll(() => database.close());

  const at = (iso: string) => new Date(iso);

  it("checks a checkout's slot through the exclusion constraint's index", async () => {
    const query = bookingStateQuery({
      areaId,
      blockedFrom: at("2026-06-20T08:45:00Z"),
      blockedUntil: at("2026-06-20T10:15:00Z"),
      now: end,
    });
    await expectIndexed(database, query, ["reservations_no_overlap"]);
  });

  it("counts a hold owner's live holds through the e-mail and hold-IP indexes", async () => {
    const query = liveHoldsOfQuery({
      email: `aino.${emailFragment(10)}@example.fi`,
      ip: "192.0.2.1",
      now: end,
    });
    await expectIndexed(database, query, ["reservations_email", "reservations_hold_ip", "reservations_hold"]);
  });

  it("finds an inbox's customers (login links' allowance, reminders' opt-out) by the mailbox index", async () => {
    const query = database.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${mailboxSql(customers.email)} = ${"asiakas1@example.fi"}`);
    await expectIndexed(database, query, ["customers_mailbox"]);
  });

  it("refills availability (and checks member and admin bookings) through the same index", async () => {
    const query = loadLiveReservations(database.db, {
      areaId,
      from: at("2026-06-14T21:00:00Z"),
      to: at("2026-06-21T21:00:00Z"),
    });
    await expectIndexed(database, query, ["reservations_no_overlap"]);
  });

  it("lists the admin's week by the period index and searches by the trigram indexes", async () => {
    const week = reservationListQuery(database.db, {
      from: at("2026-06-07T21:00:00Z"),
      to: at("2026-06-14T21:00:00Z"),
    });
    await expectIndexed(database, week, ["reservations_period", "reservations_no_overlap"]);
    const search = reservationListQuery(database.db, { q: emailFragment(1234) });
    await expectIndexed(database, search, ["reservations_name_trgm", "reservations_email_trgm"]);
    // A member's e-mail: their bookings through the e-mail's trigrams, never a walk of every booking
    // by time until a page of theirs is found (issue 37).
    const mailbox = reservationListQuery(database.db, { q: `aino.${emailFragment(10)}@example.fi` });
    await expectIndexed(database, mailbox, ["reservations_email_trgm"]);
    const walked = nodes(await plan(database, mailbox)).filter(
      (n) => n["Index Name"] === "reservations_starts_at",
    );
    expect(walked).toEqual([]);
  });

  it("pages purchases and sums a month's through the payments' time index", async () => {
    const page = { limit: 100, offset: 0 };
    const everything = purchaseConditions({});
    await expectIndexed(database, purchasesPageQuery(database.db, everything, page), ["payments_created"]);
    const month = purchaseConditions({ from: "2026-05-01", to: "2026-05-31" });
    await expectIndexed(database, purchasesPageQuery(database.db, month, page), ["payments_created"]);
    await expectIndexed(database, purchasesSummaryQuery(database.db, month), ["payments_created"]);
    // The month's sums read each payment's ledger entries by their payment index (decision 038).
    await expectIndexed(database, purchasesSummaryQuery(database.db, month), ["ledger_entries_payment"]);
    const paidInMonth = purchaseConditions({ from: "2026-05-01", to: "2026-05-31", status: "paid" });
    await expectIndexed(database, purchasesPageQuery(database.db, paidInMonth, page), [
      "payments_created",
      "payments_status_created",
    ]);
  });

  it("finds each job's last run and last failure by the primary key and the failed runs' index", async () => {
    const names = jobs.map((j) => j.name);
    await expectIndexed(database, latestJobRunsQuery(names, false), ["job_runs_name_due_at_pk"]);
    await expectIndexed(database, latestJobRunsQuery(names, true), ["job_runs_failed"]);
  });

  it("counts the outbox's and the gate log's last 30 days by status and reason through their time indexes", async () => {
    const window = logWindow(end, {});
    await expectIndexed(database, outboxCountsQuery(database.db, window), ["email_outbox_created"]);
    const page = outboxPageQuery(database.db, outboxConditions(window, {}), { limit: 100, offset: 0 });
    await expectIndexed(database, page, ["email_outbox_created"]);
    const failed = outboxPageQuery(database.db, outboxConditions(window, { status: "failed" }), {
      limit: 100,
      offset: 0,
    });
    await expectIndexed(database, failed, ["email_outbox_created", "email_outbox_status_id"]);
    await expectIndexed(database, doorEventCountsQuery(database.db, doorEventConditions(window)), [
      "door_events_created",
    ]);
    const refused = doorEventConditions(logWindow(end, { from: "2026-05-01", to: "2026-05-31" }), {
      allowed: "false",
    });
    await expectIndexed(database, doorEventCountsQuery(database.db, refused), ["door_events_created"]);
  });

  it("finds the memberships with an invoice due by the day it is due, not by reading them all", async () => {
    // Every member is billed to past `end`: the job's hour with nothing due (issue 21).
    await expectIndexed(database, dueSubscriptionsQuery(database.db, "2026-06-15"), [
      "subscriptions_invoice_due",
    ]);
  });

  it("sums Talous's month from the ledger by the entries' time index and the refunds' completion index", async () => {
    // Every lookup an entry needs (its owner's charges, its payment's share, earlier refunds, a
    // booking's extra dogs) is a probe of an index, never a read of the ledger.
    const may = { from: "2026-05-01", to: "2026-05-31", groupBy: "day" as const };
    const [start, stop] = [at("2026-04-30T21:00:00Z"), at("2026-05-31T21:00:00Z")];
    const flows = moneyFlowsQuery(may, start, stop);
    await expectIndexed(database, flows, ["ledger_entries_created"]);
    await expectIndexed(database, flows, ["refunds_completed_at"]);
    await expectIndexed(database, bookingChargesQuery(start, stop), ["ledger_entries_created"]);
  });

  it("sums Talous's year without reading the ledger, the payments or the refunds of other years", async () => {
    // With sequential scans priced out (a table small in the test is read whole as the cheapest
    // way), every table is reached by a condition on an index: the year's entries by time, each
    // lookup by its owner or payment, and each refund's entry by a probe (a merge join read every
    // refund entry ever, issue 37).
    const year = { from: "2025-06-01", to: "2026-05-31", groupBy: "month" as const };
    const [start, stop] = [at("2025-05-31T21:00:00Z"), at("2026-05-31T21:00:00Z")];
    const plans = await plansWithout(database, ["enable_seqscan"], {
      flows: moneyFlowsQuery(year, start, stop),
      charges: bookingChargesQuery(start, stop),
    });
    for (const [query, tree] of plans) {
      const read = nodes(tree).filter(readsWhole);
      expect({ query, whole: read.map((n) => n["Index Name"] ?? n["Relation Name"]) }).toEqual({
        query,
        whole: [],
      });
      const summary = nodes(tree)
        .map((n) => [n["Node Type"], n["Relation Name"], n["Index Name"]].filter(Boolean).join(" "))
        .join(", ");
      expect(
        nodes(tree).some((n) => n["Index Name"] === "ledger_entries_created"),
        `${query}: ${summary}`,
      ).toBe(true);
    }
    const flows = nodes(plans[0]![1]);
    expect(flows.some((n) => n["Index Name"] === "refunds_completed_at")).toBe(true);
    expect(flows.some((n) => n["Index Name"] === "ledger_entries_refund_once" && n["Index Cond"])).toBe(true);
  });

  it("finds the bookings the lights are on for by the start index", async () => {
    const query = lightsWindowQuery(database.db, at("2026-06-10T18:00:00Z"), 5 * 60_000, 10 * 60_000);
    await expectIndexed(database, query, ["reservations_starts_at", "reservations_no_overlap"]);
  });

  it("finds the waitlist's freed ranges by the live-entry index and the exclusion constraint's index", async () => {
    // Years of ended entries and a few live ones, each for a range of a past or coming booking.
    await database.db.execute(sql`
      INSERT INTO waitlist_entries (area_id, starts_at, ends_at, email, mailbox, access_token, status, created_at)
      SELECT r.area_id, r.starts_at, r.ends_at, 'jono' || n || '@example.fi', 'jono' || n || '@example.fi',
        'token-' || n, CASE WHEN r.starts_at > ${end.toISOString()}::timestamptz AND n % 10 = 0
          THEN 'waiting' ELSE 'ended' END, r.starts_at - interval '1 day'
      FROM (SELECT *, row_number() OVER (ORDER BY starts_at) AS n FROM reservations) r`);
    await database.db.execute(sql`ANALYZE waitlist_entries`);
    const query = candidatesQuery(end, 15);
    await expectIndexed(database, query, ["waitlist_entries_live"]);
    await expectIndexed(database, query, ["reservations_no_overlap"]);
    const scans = nodes(await plan(database, query)).filter(
      (n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "waitlist_entries",
    );
    expect(scans).toEqual([]);
  });

  it("exports a long-time member's own data table by table through indexes, not by reading the tables", async () => {
    // A member of the history: a year of invoices, paid, in the ledger, and bookings under their e-mail.
    const result = await database.db.execute(
      sql`select c.id, lower(c.email) as email from customers c join invoices i on i.customer_id = c.id limit 1`,
    );
    const member = (result as unknown as { rows: Array<{ id: string; email: string }> }).rows[0]!;
    const ids = { customerId: member.id, email: member.email };
    // Every table's condition has a way through the indexes: with sequential scans and whole-table
    // joins priced out, the planner still reads no table whole. (This history's refunds and sessions
    // are small enough that reading them whole is cheaper; nine years' are not.)
    const plans = await plansWithout(
      database,
      ["enable_seqscan", "enable_hashjoin", "enable_mergejoin"],
      Object.fromEntries(
        Object.entries(EXPORTED).map(([table, where]) => [table, recordsQuery(table, where(ids))]),
      ),
    );
    // A scan of a whole index (no condition on it) reads the whole table as surely as a Seq Scan.
    // Of the tables this history fills (an empty one is read whole as the cheapest way in).
    for (const [table, tree] of plans) {
      const read = nodes(tree).filter(readsWhole);
      expect({ table, whole: read.map((n) => n["Relation Name"] ?? n["Index Name"]) }).toEqual({
        table,
        whole: [],
      });
    }
    await expectIndexed(database, mailsTo(database.db, ids.email), ["email_outbox_to"]);
  });

  it("lists a member's newest invoices by index, however long their history", async () => {
    const result = await database.db.execute(sql`select customer_id as id from invoices limit 1`);
    const member = (result as unknown as { rows: Array<{ id: string }> }).rows[0]!;
    await expectIndexed(database, memberInvoicesQuery(database.db, member.id).limit(NEWEST_INVOICES + 1), [
      "invoices_customer_number",
    ]);
  });
});
