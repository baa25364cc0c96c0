import { and, asc, count, eq, isNotNull, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FinanceQuery } from "../../domain/admin/finance.js";
import type { DbOrTx } from "../db/index.js";
import { giftCardTransactions, invoices, payments, refunds, reservations } from "../db/schema.js";

/**
 * The finance report's queries (decision 020): every figure is summed by the database over the
 * period's rows, through indexes on the dates (migration 0011). A read model over payments,
 * refunds, bookings, invoices and gift cards; it writes nothing (decision 037).
 */

/** A row of one of the flow queries: the cents and the VAT they contain, and what identifies the rate. */
export type FlowRow = {
  period: string;
  membership: boolean;
  method: string;
  cents: number;
  vat: number;
  discount: number;
  /** The extra dogs' share of the sales (after the discount, pro rata) and its VAT (decision 036). */
  extraDogs?: number;
  extraDogsVat?: number;
  invoiceRate: number | null;
  salePrice: number | null;
  saleVat: number | null;
};

const sum = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)::int`;

/** A timestamp's Helsinki day (YYYY-MM-DD) or month (YYYY-MM); the format is one of two literals. */
const bucket = (at: SQL, groupBy: FinanceQuery["groupBy"]) =>
  sql<string>`to_char(${at} at time zone 'Europe/Helsinki', ${sql.raw(groupBy === "day" ? "'YYYY-MM-DD'" : "'YYYY-MM'")})`;

/** The columns every flow groups by besides its own period and cents. */
const saleKeys = {
  membership: sql<boolean>`${payments.invoiceId} is not null`,
  method: payments.method,
  invoiceRate: invoices.vatRateBasisPoints,
  salePrice: reservations.priceCents,
  saleVat: reservations.vatCents,
};
/**
 * What the dearer moves of a booking took in VAT (decision 026): the booking's stored VAT is its
 * price now, the difference paid through a move hold of its own, so the booking's first payment's
 * sale is its VAT less the differences'. Few bookings have one: the partial reservations_move_of
 * index finds them and the report joins the small sum by booking.
 */
function movedDifferences(db: DbOrTx) {
  const hold = alias(reservations, "move_hold");
  return db
    .select({
      reservationId: sql<string>`${hold.moveOf}`.as("moved_reservation_id"),
      vatCents: sql<number>`sum(${payments.vatCents})`.as("moved_vat_cents"),
    })
    .from(hold)
    .innerJoin(payments, eq(payments.reservationId, hold.id))
    .where(and(isNotNull(hold.moveOf), isNotNull(payments.paidAt)))
    .groupBy(hold.moveOf)
    .as("moved_differences");
}
type MovedDifferences = ReturnType<typeof movedDifferences>;

/** The VAT of the whole sale (booking or invoice) as stored with it, less any dearer move's difference. */
const saleVatCents = (moved: MovedDifferences) =>
  sql`coalesce(${invoices.vatCents}, ${reservations.vatCents} - coalesce(${moved.vatCents}, 0), 0)`;

/** A booking's discount; a move hold's discount is the booking's, counted with the booking. */
const saleDiscountCents = sql`case when ${reservations.moveOf} is null then coalesce(${reservations.discountCents}, 0) else 0 end`;

/**
 * The extra dogs' share of a booking's price (or of its VAT): their part of the list price, as
 * the discount left it (a discount applies to the total, decision 036).
 */
const extraDogsShare = (of: SQLWrapper) =>
  sql`coalesce(round(${reservations.extraDogsCents}::numeric * ${of}
    / nullif(${reservations.priceCents} + ${reservations.discountCents}, 0)), 0)`;

/** A time within [start, end): a range the date's index answers. */
const within = (at: SQL, start: Date, end: Date) =>
  sql`${at} >= ${start.toISOString()}::timestamptz and ${at} < ${end.toISOString()}::timestamptz`;

async function salesRows(db: DbOrTx, q: FinanceQuery, start: Date, end: Date): Promise<FlowRow[]> {
  const moved = movedDifferences(db);
  return db
    .select({
      period: bucket(sql`${payments.paidAt}`, q.groupBy),
      ...saleKeys,
      cents: sum(sql`${payments.amountCents} + ${payments.giftCardCents}`),
      vat: sum(saleVatCents(moved)),
      discount: sum(saleDiscountCents),
      extraDogs: sum(extraDogsShare(reservations.priceCents)),
      extraDogsVat: sum(extraDogsShare(reservations.vatCents)),
    })
    .from(payments)
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(moved, eq(moved.reservationId, reservations.id))
    .where(within(sql`${payments.paidAt}`, start, end))
    .groupBy(sql`1, 2, 3, 4, 5, 6`);
}

/** Money the provider returned, as the payment's method; its VAT is the paid share's, pro rata. */
async function refundRows(db: DbOrTx, q: FinanceQuery, start: Date, end: Date): Promise<FlowRow[]> {
  return db
    .select({
      period: bucket(sql`${refunds.completedAt}`, q.groupBy),
      ...saleKeys,
      cents: sum(sql`${refunds.amountCents}`),
      vat: sum(
        sql`round(${payments.vatCents}::numeric * ${refunds.amountCents} / nullif(${payments.amountCents}, 0))`,
      ),
      discount: sql<number>`0`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(refunds.status, "succeeded"), within(sql`${refunds.completedAt}`, start, end)))
    .groupBy(sql`1, 2, 3, 4, 5, 6`);
}

/**
 * A paid sale's gift-card share given back to the card (the booking was cancelled): money back by
 * the gift card, with the VAT of that share (the sale's VAT less the provider share's).
 */
async function giftCardReturnRows(db: DbOrTx, q: FinanceQuery, start: Date, end: Date): Promise<FlowRow[]> {
  const at = sql`greatest(${giftCardTransactions.createdAt}, ${payments.paidAt})`;
  const moved = movedDifferences(db);
  return db
    .select({
      period: bucket(at, q.groupBy),
      ...saleKeys,
      method: sql<string>`'gift_card'`,
      cents: sum(sql`${giftCardTransactions.amountCents}`),
      vat: sum(sql`${saleVatCents(moved)} - ${payments.vatCents}`),
      discount: sql<number>`0`,
    })
    .from(giftCardTransactions)
    .innerJoin(payments, eq(payments.id, giftCardTransactions.paymentId))
    .leftJoin(reservations, eq(reservations.id, payments.reservationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(moved, eq(moved.reservationId, reservations.id))
    .where(
      and(
        eq(giftCardTransactions.kind, "return"),
        // Only a sale's share: a hold given up before it was paid took nothing in.
        sql`${payments.paidAt} is not null`,
        sql`${giftCardTransactions.createdAt} < ${end.toISOString()}::timestamptz`,
        within(at, start, end),
      ),
    )
    .groupBy(sql`1, 2, 3, 4, 5, 6`);
}

async function giftCardsSold(db: DbOrTx, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sum(sql`${giftCardTransactions.amountCents}`) })
    .from(giftCardTransactions)
    .where(
      and(eq(giftCardTransactions.kind, "issue"), within(sql`${giftCardTransactions.createdAt}`, start, end)),
    );
  return row?.cents ?? 0;
}

/** The open invoices' count and sum (and of those overdue), and the first `limit` by due date. */
async function openInvoices(db: DbOrTx, today: string, limit: number) {
  const overdue = lt(invoices.dueDate, today);
  const [totals] = await db
    .select({
      count: count(),
      totalCents: sum(sql`${invoices.amountCents}`),
      overdueCount: sql<number>`(count(*) filter (where ${overdue}))::int`,
      overdueCents: sql<number>`coalesce(sum(${invoices.amountCents}) filter (where ${overdue}), 0)::int`,
    })
    .from(invoices)
    .where(eq(invoices.status, "open"));
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.status, "open"))
    .orderBy(asc(invoices.dueDate), asc(invoices.number))
    .limit(limit);
  return { totals, rows };
}

/** Money in by method: each payment's provider share, and its gift-card share, per method. */
function salesByMethod(db: DbOrTx, start: Date, end: Date) {
  return db
    .select({
      method: payments.method,
      provider: sum(sql`${payments.amountCents}`),
      giftCard: sum(sql`${payments.giftCardCents}`),
    })
    .from(payments)
    .where(within(sql`${payments.paidAt}`, start, end))
    .groupBy(payments.method);
}

export function financeRepository(db: DbOrTx) {
  return {
    salesRows: (q: FinanceQuery, start: Date, end: Date) => salesRows(db, q, start, end),
    refundRows: (q: FinanceQuery, start: Date, end: Date) => refundRows(db, q, start, end),
    giftCardReturnRows: (q: FinanceQuery, start: Date, end: Date) => giftCardReturnRows(db, q, start, end),
    giftCardsSold: (start: Date, end: Date) => giftCardsSold(db, start, end),
    openInvoices: (today: string, limit: number) => openInvoices(db, today, limit),
    salesByMethod: (start: Date, end: Date) => salesByMethod(db, start, end),
  };
}
