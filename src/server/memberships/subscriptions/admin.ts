import {
  MEMBERSHIP_PAGE_SIZE,
  type AdminInvoice,
  type AdminSubscription,
  type MemberPage,
  type MembershipList,
  type MembershipRow,
  type PeriodUsage,
} from "../../../domain/admin/memberships.js";
import { versionsOn } from "../../../domain/effectiveDates.js";
import { helsinkiDate, toHelsinkiIso } from "../../../domain/helsinkiTime.js";
import { usagePercent, type SubscriptionStatus } from "../../../domain/membership.js";
import {
  addDays,
  pauseOn,
  periodBounds,
  periodIndexOn,
  startOfHelsinkiDay,
} from "../../../domain/membershipPeriods.js";
import { pauseViewOf } from "./pause.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/index.js";
import { notFound } from "../../errors.js";
import { invoiceDueCents, toInvoiceView, type InvoiceRow } from "../invoices/service.js";
import {
  carriedHoursInto,
  hasAccessOn,
  hoursBookedIn,
  periodContaining,
  storedSubscriptionFields,
  toSubscriptionView,
  type SubscriptionRow,
} from "./service.js";
import { tiersOn } from "../../prices/index.js";
import { getSettings, type Settings } from "../../settings/index.js";
import { hoursQuotaOfPeriod, pendingTierChange } from "./tierChange.js";
import { likePattern } from "../../lists/index.js";
import { invoiceRepository } from "../invoices/repository.js";
import { membershipListRepository, type TierVersion } from "./adminRepository.js";
import { subscriptionRepository } from "./repository.js";

/**
 * Jäsenyydet (decision 022): the memberships with their members, open and overdue invoices and this
 * period's usage, filtered and paged in SQL; and a member's page. The actions are in
 * adminActions.ts, the invoices' in invoices/admin.ts.
 */

export const MEMBER_NOT_FOUND = "Jäsentä ei löytynyt.";
/** How many periods back the member page shows usage for. */
const USAGE_PERIODS = 12;

const iso = (d: Date | null) => (d ? toHelsinkiIso(d) : null);

/** The waiting change, its tier taken from the tier versions already loaded. */
const pendingChange = (sub: SubscriptionRow, tiers: TierVersion[]) =>
  pendingTierChange(
    sub,
    sub.nextTierFrom === null
      ? null
      : versionsOn(tiers, sub.nextTierFrom).find((t) => t.level === sub.nextTierLevel),
  );

/** The memberships matching the filters, newest first, a page at a time, with figures from SQL. */
export async function listMemberships(
  ctx: AppContext,
  query: {
    tier?: number;
    status?: SubscriptionStatus;
    overdue?: "true" | "false";
    q?: string;
    page: number;
  },
): Promise<MembershipList> {
  const today = helsinkiDate(ctx.now());
  const list = membershipListRepository(ctx.db);
  const filters = {
    status: query.status,
    tier: query.tier,
    overdue: query.overdue,
    pattern: query.q ? likePattern(query.q) : undefined,
    today,
  };
  const [rows, total, byStatus, overdue, tierVersions] = await Promise.all([
    list.page(filters, { limit: MEMBERSHIP_PAGE_SIZE, offset: (query.page - 1) * MEMBERSHIP_PAGE_SIZE }),
    list.count(filters),
    list.countsByStatus(),
    list.overdueTotals(today),
    list.tierVersions(),
  ]);

  const sums = await list.openInvoiceSums(
    rows.map((r) => r.sub.id),
    today,
  );
  const sumOf = new Map(sums.map((s) => [s.id, s]));

  // This period's hours of those with access, all in one query.
  const withAccess = rows
    .filter((r) => hasAccessOn(r.sub, today) && !pauseOn(r.sub, today))
    .map((r) => ({ sub: r.sub, period: periodContaining(r.sub, today) }));
  const hours = await hoursBookedIn(
    ctx.db,
    withAccess.map(({ sub, period }) => ({ subscriptionId: sub.id, from: period.from, to: period.to })),
  );
  const usageOf = new Map(
    await Promise.all(
      withAccess.map(
        async ({ sub, period }, i) =>
          [
            sub.id,
            { hours_used: hours[i]!, hours_quota: await hoursQuotaOfPeriod(ctx.db, sub, period.start) },
          ] as const,
      ),
    ),
  );

  return {
    memberships: rows.map(({ sub, name, email }): MembershipRow => {
      const s = sumOf.get(sub.id);
      return {
        ...storedSubscriptionFields(sub),
        customer_id: sub.customerId,
        name,
        email,
        open_invoices: { count: Number(s?.openCount ?? 0), cents: Number(s?.openCents ?? 0) },
        overdue_invoices: { count: Number(s?.overdueCount ?? 0), cents: Number(s?.overdueCents ?? 0) },
        usage: usageOf.get(sub.id) ?? null,
        pending_tier_change: pendingChange(sub, tierVersions),
        pause: pauseViewOf(sub, today),
      };
    }),
    total,
    page: query.page,
    pageSize: MEMBERSHIP_PAGE_SIZE,
    counts: {
      byStatus: byStatus.map((s) => ({ status: s.status, count: Number(s.count) })),
      overdue: overdue.count,
      overdueCents: overdue.cents,
    },
    // The newest version's name of each level (ordered so, and the first kept).
    tiers: tierVersions
      .filter((t, i) => i === 0 || tierVersions[i - 1]!.level !== t.level)
      .map((t) => ({ level: t.level, name: t.name })),
  };
}

/** The first day of the period after today's, unless the membership ends before it. */
export function nextPeriodStart(sub: SubscriptionRow, today: string): string | null {
  if (sub.status !== "active" && sub.status !== "cancelled") return null;
  const next = periodContaining(sub, today).endExclusive;
  return sub.endsOn !== null && next >= sub.endsOn ? null : next;
}

export function toAdminInvoice(row: InvoiceRow, today: string, dueCents: number): AdminInvoice {
  return {
    ...toInvoiceView(row, today, dueCents),
    subscription_id: row.subscriptionId,
    email: row.email,
    voided_at: iso(row.voidedAt),
    credited_at: iso(row.creditedAt),
    credited_cents: row.creditedCents,
  };
}

/**
 * The periods of a membership the page shows usage for: the latest USAGE_PERIODS up to today's,
 * and the next one (bookings may be made ahead), none past the membership's end.
 */
function usagePeriods(sub: SubscriptionRow, today: string) {
  if (sub.status === "expired" || sub.status === "pending") return [];
  const current = Math.max(0, periodIndexOn(sub, today));
  const periods = [];
  for (let index = Math.max(0, current - USAGE_PERIODS + 1); index <= current + 1; index++) {
    const { start, endExclusive } = periodBounds(sub, index);
    if (sub.endsOn !== null && start >= sub.endsOn) break;
    periods.push({ index, start, endExclusive, current: index === current });
  }
  return periods.reverse();
}

async function usageOf(
  db: DbOrTx,
  subs: SubscriptionRow[],
  invoiceRows: InvoiceRow[],
  today: string,
  settings: Pick<Settings, "membership">,
): Promise<PeriodUsage[]> {
  const periods = subs.flatMap((sub) => usagePeriods(sub, today).map((p) => ({ sub, ...p })));
  const hours = await hoursBookedIn(
    db,
    periods.map((p) => ({
      subscriptionId: p.sub.id,
      from: startOfHelsinkiDay(p.start),
      to: startOfHelsinkiDay(p.endExclusive),
    })),
  );
  return Promise.all(
    periods.map(async (p, i) => {
      // A billed period's quota is the one its invoice recorded (a tier change may have followed).
      const billed = invoiceRows.find((r) => r.subscriptionId === p.sub.id && r.periodStart === p.start);
      const quota = billed?.hoursQuota ?? (await hoursQuotaOfPeriod(db, p.sub, p.start));
      return {
        subscription_id: p.sub.id,
        start: p.start,
        end: addDays(p.endExclusive, -1),
        hours_used: hours[i]!,
        hours_quota: quota,
        // The hours the period before left, usable in this one as well (decision 055).
        hours_carried: await carriedHoursInto(db, p.sub, p, today, settings),
        percent: usagePercent(hours[i]!, quota),
        current: p.current && hasAccessOn(p.sub, today),
      };
    }),
  );
}

/**
 * A member's page but their bookings, which customers/memberPage.ts adds (the bookings' module is
 * above this one): details, memberships, invoices and usage per period; with the customer's row.
 */
export async function membershipsOfMember(ctx: AppContext, customerId: string) {
  const today = helsinkiDate(ctx.now());
  const customer = await subscriptionRepository(ctx.db).customerById(customerId);
  if (!customer) throw notFound(MEMBER_NOT_FOUND);
  const [subs, invoiceRows] = await Promise.all([
    subscriptionRepository(ctx.db).allOf(customerId),
    invoiceRepository(ctx.db).allOfCustomer(customerId),
  ]);
  const views: AdminSubscription[] = await Promise.all(
    subs.map(async (sub) => ({
      ...(await toSubscriptionView(ctx, sub)),
      created_at: toHelsinkiIso(sub.createdAt),
      activated_at: iso(sub.activatedAt),
      next_period_start: nextPeriodStart(sub, today),
    })),
  );
  // The tiers the change form offers: those in force where the live membership's next period begins.
  const live = subs.find((s) => s.status === "active");
  const tiers = await tiersOn(ctx.db, (live && nextPeriodStart(live, today)) ?? today);
  const page: Omit<MemberPage, "reservations" | "standing"> = {
    customer: {
      id: customer.id,
      email: customer.email,
      name: customer.name,
      phone: customer.phone,
      created_at: toHelsinkiIso(customer.createdAt),
      last_login_at: iso(customer.lastLoginAt),
    },
    subscriptions: views,
    invoices: await Promise.all(
      invoiceRows.map(async (row) => toAdminInvoice(row, today, await invoiceDueCents(ctx.db, row))),
    ),
    usage: await usageOf(ctx.db, subs, invoiceRows, today, await getSettings(ctx.db)),
    tiers: tiers.map((t) => ({
      level: t.level,
      name: t.name,
      hours_quota: t.hoursQuota,
      monthly_price_cents: t.monthlyPriceCents,
    })),
  };
  return { customer, page };
}
