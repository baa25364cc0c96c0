import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/database.js";
import { jobs } from "../../src/server/jobs/schedule.js";

/**
 * Years of history written straight into the real schema with generate_series, so a database of
 * tens of thousands of rows is built in seconds and is the same on every run (no randomness: every
 * value is a function of the row number). Used by the query-plan test and the scale bench.
 */
export type HistoryShape = {
  /** The history ends here (and extends `aheadDays` beyond it, as bookings are made ahead). */
  end: Date;
  days: number;
  aheadDays: number;
  areas: number;
  bookings: number;
  customers: number;
  jobRuns: number;
  emails: number;
  doorEvents: number;
  /** Members: each an active membership with its monthly invoices, paid (default none). */
  members?: number;
  /** How many months each member has been billed, up to the month `end` is in (default 12). */
  memberMonths?: number;
};

/** Customer i's e-mail address holds this (a deterministic, searchable fragment). */
export const emailFragment = (i: number) => createHash("md5").update(String(i)).digest("hex").slice(0, 8);

/** What one park reaches in a year or two (issue 21), less what the query-plan test needs. */
export const ISSUE_SHAPE = {
  days: 600,
  aheadDays: 30,
  areas: 4,
  bookings: 40_000,
  customers: 3_000,
  jobRuns: 129_000,
  emails: 28_600,
  doorEvents: 19_000,
  members: 800,
};

const FIRST = ["Aino", "Eetu", "Helmi", "Juho", "Kaisa", "Lauri", "Minna", "Oskari", "Sanna", "Ville"];
const LAST = ["Virtanen", "Korhonen", "Mäkinen", "Nieminen", "Mäkelä", "Laine", "Koskinen", "Järvinen"];
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Bookings (every 20th cancelled, every 20th expired, the rest confirmed; live ones of one area
 * never overlap), a payment for each (paid, refunded or cancelled with its booking) with the
 * refund of each cancelled one and the money ledger's entries (decision 038), customers,
 * job runs of every job (every 50th failed), sent e-mails and gate events. Then ANALYZE, so the
 * planner knows the sizes. Areas are added when the database has fewer than `areas`.
 */
export async function seedHistory(db: Db, shape: HistoryShape): Promise<void> {
  const start = new Date(shape.end.getTime() - shape.days * 86_400_000).toISOString();
  const perArea = Math.ceil(shape.bookings / shape.areas);
  // Minutes between two bookings of one area, over the history and the days ahead.
  const spacing = ((shape.days + shape.aheadDays) * 1440) / perArea;
  const length = Math.min(60, Math.floor(spacing * 0.7));
  await db.execute(sql`
    insert into areas (name, sort_order)
    select 'Alue ' || a, a from generate_series((select count(*)::int + 1 from areas), ${shape.areas}) a`);
  await db.execute(sql`
    insert into customers (email, name, created_at)
    select lower(f.first) || '.' || left(md5(i::text), 8) || '@example.fi', f.first || ' ' || f.last,
      ${start}::timestamptz + (i * interval '1 minute')
    from generate_series(1, ${shape.customers}) i,
      lateral (select (${textArray(FIRST)})[1 + i % 10] as first, (${textArray(LAST)})[1 + (i / 10) % 8] as last) f`);
  await db.execute(sql`
    with a as (select array_agg(id order by id) as ids from areas),
    c as (select array_agg(id order by email) as ids, count(*)::int as n from customers),
    b as (
      select i, a.ids[1 + i % ${shape.areas}] as area_id, c.ids[1 + (i * 7919) % c.n] as customer_id,
        ${start}::timestamptz + make_interval(mins => floor((i / ${shape.areas}) * ${spacing}::float8)::int) as starts_at,
        case i % 20 when 0 then 'cancelled' when 1 then 'expired' else 'confirmed' end as status
      from generate_series(0, ${shape.bookings - 1}) i, a, c
    )
    insert into reservations (area_id, starts_at, ends_at, blocked_from, blocked_until, status, customer_id,
      name, email, price_cents, vat_cents, access_token, door_token, confirmed_at, cancelled_at, created_at)
    select b.area_id, b.starts_at, b.starts_at + make_interval(mins => ${length}), b.starts_at,
      b.starts_at + make_interval(mins => ${length}), b.status, b.customer_id,
      cu.name, cu.email, 1000 + (i % 3) * 500, 194 + (i % 3) * 97, 'history-a-' || i, 'history-d-' || i,
      case when b.status <> 'expired' then b.starts_at - interval '2 days' end,
      case when b.status = 'cancelled' then b.starts_at - interval '1 day' end,
      b.starts_at - interval '2 days'
    from b join customers cu on cu.id = b.customer_id`);
  await db.execute(sql`
    insert into payments (reservation_id, provider, method, amount_cents, vat_cents, status, paid_at,
      refunded_cents, refunded_at, created_at)
    select r.id, 'demo', case when r.price_cents = 1000 then 'card' else 'mobilepay' end, r.price_cents,
      r.vat_cents, case r.status when 'confirmed' then 'paid' when 'cancelled' then 'refunded' else 'cancelled' end,
      r.confirmed_at, case when r.status = 'cancelled' then r.price_cents else 0 end, r.cancelled_at, r.created_at
    from reservations r where r.access_token like 'history-a-%'`);
  await seedBookingLedger(db);
  const jobSpacing = (shape.days * 1440) / shape.jobRuns;
  await db.execute(sql`
    with j as (select ${textArray(jobs.map((j) => j.name))} as names)
    insert into job_runs (name, due_at, started_at, finished_at, status, result, runner)
    select j.names[1 + i % ${jobs.length}], t, t, t + interval '1 second',
      case when i % 50 = 0 then 'failed' else 'ok' end, case when i % 50 = 0 then 'virhe' else '0' end, 'history'
    from generate_series(0, ${shape.jobRuns - 1}) i, j,
      lateral (select ${start}::timestamptz + make_interval(secs => floor(i * ${jobSpacing * 60}::float8)) as t) s`);
  await db.execute(sql`
    insert into email_outbox ("to", subject, text, kind, status, attempts, sent_at, created_at, next_attempt_at)
    select 'asiakas' || (1 + i % ${shape.customers}) || '@example.fi', 'Varausvahvistus', 'Kiitos varauksesta.',
      'receipt', 'sent', 1, t, t, t
    from generate_series(0, ${shape.emails - 1}) i,
      lateral (select ${start}::timestamptz + make_interval(mins => i * 30) as t) s`);
  await db.execute(sql`
    insert into door_events (reservation_id, allowed, reason, provider, created_at)
    select r.id, true, 'ok', 'demo', r.starts_at
    from reservations r where r.status = 'confirmed' and r.access_token like 'history-a-%'
    order by r.starts_at limit ${shape.doorEvents}`);
  if (shape.members) await seedMembers(db, shape.end, shape.members, shape.memberMonths ?? 12);
  await db.execute(sql`analyze`);
}

/**
 * The bookings' money as the money paths write it (decision 038): each confirmed booking's price
 * (24 %) and its payment when it was paid; each cancelled one's refund, made the day it was
 * cancelled, and the charge it let go of.
 */
async function seedBookingLedger(db: Db) {
  const history = sql`r.access_token like 'history-a-%'`;
  await db.execute(sql`
    insert into ledger_entries (reservation_id, kind, amount_cents, vat_rate_basis_points, vat_cents, actor, created_at)
    select r.id, 'price', r.price_cents, 2400, r.vat_cents, 'visitor', r.confirmed_at
    from reservations r where ${history} and r.confirmed_at is not null`);
  await db.execute(sql`
    insert into ledger_entries (reservation_id, kind, amount_cents, vat_cents, payment_id, method, provider, actor, created_at)
    select p.reservation_id, 'payment', p.amount_cents, p.vat_cents, p.id, p.method, p.provider, 'system', p.paid_at
    from payments p join reservations r on r.id = p.reservation_id
    where ${history} and p.status in ('paid', 'refunded')`);
  await db.execute(sql`
    insert into refunds (payment_id, amount_cents, reason, status, attempts, next_attempt_at, completed_at, created_at)
    select p.id, p.refunded_cents, 'customer_cancel', 'succeeded', 1, p.refunded_at, p.refunded_at, p.refunded_at
    from payments p join reservations r on r.id = p.reservation_id
    where ${history} and p.status = 'refunded'`);
  await db.execute(sql`
    insert into ledger_entries (reservation_id, kind, amount_cents, payment_id, refund_id, method, provider, reason, actor, created_at)
    select p.reservation_id, 'refund', f.amount_cents, p.id, f.id, p.method, p.provider, f.reason, 'visitor', f.created_at
    from refunds f join payments p on p.id = f.payment_id join reservations r on r.id = p.reservation_id
    where ${history}`);
  await db.execute(sql`
    insert into ledger_entries (reservation_id, kind, amount_cents, vat_rate_basis_points, vat_cents, reason, actor, created_at)
    select r.id, 'cancel', -r.price_cents, 2400, -r.vat_cents, 'customer_cancel', 'visitor', r.cancelled_at
    from reservations r where ${history} and r.status = 'cancelled'`);
}

/**
 * The first `members` customers (by e-mail) each hold an active membership begun on the 15th
 * `months - 1` months before `end`, with its `months` monthly invoices, all paid (a card payment
 * each): the last one covers the month `end` is in, so the invoice job has nothing to do.
 */
async function seedMembers(db: Db, end: Date, members: number, months: number) {
  const endDay = end.toISOString().slice(0, 10);
  const firstPeriod = `${endDay.slice(0, 8)}15`;
  await db.execute(sql`
    insert into subscriptions (customer_id, tier_level, tier_name, hours_quota, monthly_price_cents, commitment,
      status, start_date, activated_at, created_at)
    select c.id, 1, 'Perus', 10, 2900, 'none', 'active',
      to_char(${firstPeriod}::date - make_interval(months => ${months - 1}) - case when ${endDay}::date < ${firstPeriod}::date
        then interval '1 month' else interval '0' end, 'YYYY-MM-DD'),
      c.created_at, c.created_at
    from (select id, created_at from customers order by email limit ${members}) c`);
  await db.execute(sql`
    insert into invoices (number, reference_number, subscription_id, customer_id, email, name, description,
      period_start, period_end, amount_cents, vat_cents, vat_rate_basis_points, hours_quota, status, issued_at,
      due_date, paid_at)
    select 900000 + row_number() over (order by s.id, m), 'RF' || (900000 + row_number() over (order by s.id, m)),
      s.id, c.id, c.email, c.name, 'Jäsenyys Perus', to_char(p.start, 'YYYY-MM-DD'),
      to_char(p.start + interval '1 month', 'YYYY-MM-DD'), 2900, 589, 2550, 10, 'paid', p.start,
      to_char(p.start + interval '14 days', 'YYYY-MM-DD'), p.start + interval '1 day'
    from subscriptions s join customers c on c.id = s.customer_id,
      generate_series(0, ${months - 1}) m,
      lateral (select s.start_date::date + make_interval(months => m) as start) p
    where s.tier_name = 'Perus' and s.status = 'active'`);
  // Each invoice paid by card the day after it was issued, in the ledger as its charge and payment.
  await db.execute(sql`
    insert into payments (invoice_id, provider, method, amount_cents, vat_cents, status, paid_at, created_at)
    select i.id, 'demo', 'card', i.amount_cents, i.vat_cents, 'paid', i.paid_at, i.issued_at
    from invoices i where i.number >= 900000`);
  await db.execute(sql`
    insert into ledger_entries (invoice_id, kind, amount_cents, vat_rate_basis_points, vat_cents, actor, note, created_at)
    select i.id, 'price', i.amount_cents, i.vat_rate_basis_points, i.vat_cents, 'system', i.description, i.issued_at
    from invoices i where i.number >= 900000`);
  await db.execute(sql`
    insert into ledger_entries (invoice_id, kind, amount_cents, vat_cents, payment_id, method, provider, actor, created_at)
    select p.invoice_id, 'payment', p.amount_cents, p.vat_cents, p.id, p.method, p.provider, 'system', p.paid_at
    from payments p join invoices i on i.id = p.invoice_id where i.number >= 900000`);
}
