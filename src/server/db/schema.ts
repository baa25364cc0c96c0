import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An effective-dated row is in force on the Helsinki dates [effective_from, effective_until);
 * until null is open-ended. The versions of one thing (a price rule, a tier, the VAT rate) never
 * overlap: each table has an exclusion constraint on its key and daterange (migration 0009).
 * Rows whose period has begun are never changed, except to be closed from a later date.
 */
const effectivePeriod = () => ({
  effectiveFrom: date("effective_from", { mode: "string" }).notNull().default("2000-01-01"),
  effectiveUntil: date("effective_until", { mode: "string" }),
});
const effectivePeriodCheck = (name: string) =>
  check(`${name}_effective_period`, sql`effective_until IS NULL OR effective_until > effective_from`);

/** Admin-editable settings, one JSON value per key; the shapes live in services/settings.ts. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

/** A fenced area that one booking reserves exclusively. */
export const areas = pgTable("areas", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** A date whose opening hours differ from the weekly ones; closed when opens/closes are null. */
export const openingExceptions = pgTable("opening_exceptions", {
  date: text("date").primaryKey(), // YYYY-MM-DD in Europe/Helsinki
  opensAt: text("opens_at"), // HH:MM
  closesAt: text("closes_at"), // HH:MM, "24:00" allowed
  note: text("note"),
});

/** Time an admin took out of use (maintenance, private event); areaId null blocks every area. */
export const blocks = pgTable(
  "blocks",
  {
    id: serial("id").primaryKey(),
    areaId: integer("area_id").references(() => areas.id),
    startsAt: tstz("starts_at").notNull(),
    endsAt: tstz("ends_at").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("blocks_period", sql`${t.endsAt} > ${t.startsAt}`)],
);

/**
 * Single-booking price rules, one row per version of a rule: rule_id names the rule (the id of
 * its first version). The applicable rule for a slot is the matching one in force on the slot's
 * Helsinki date with the highest priority; rules without weekdays or times are the base prices.
 */
export const priceRules = pgTable(
  "price_rules",
  {
    id: serial("id").primaryKey(),
    ruleId: integer("rule_id").notNull(),
    name: text("name").notNull(),
    lengthMinutes: integer("length_minutes").notNull(),
    priceCents: integer("price_cents").notNull(),
    weekdays: integer("weekdays").array(), // ISO 1 = Monday .. 7 = Sunday; null = every day
    fromTime: text("from_time"), // HH:MM slot start at or after; null = any
    toTime: text("to_time"), // HH:MM slot start before; null = any
    priority: integer("priority").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...effectivePeriod(),
  },
  () => [effectivePeriodCheck("price_rules")],
);

/** Membership tiers by level, effective-dated like price rules; signup and invoices copy the price. */
export const membershipTiers = pgTable(
  "membership_tiers",
  {
    id: serial("id").primaryKey(),
    level: integer("level").notNull(),
    name: text("name").notNull(),
    monthlyPriceCents: integer("monthly_price_cents").notNull(),
    hoursQuota: integer("hours_quota").notNull(),
    ...effectivePeriod(),
  },
  () => [effectivePeriodCheck("membership_tiers")],
);

/** The VAT rate of bookings and memberships, effective-dated (one rate in force on any date). */
export const vatRates = pgTable(
  "vat_rates",
  {
    id: serial("id").primaryKey(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    ...effectivePeriod(),
  },
  () => [effectivePeriodCheck("vat_rates")],
);

export const customers = pgTable("customers", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(), // stored lower-case
  name: text("name"),
  phone: text("phone"),
  createdAt: createdAt(),
  lastLoginAt: tstz("last_login_at"),
});

/** A magic-link token, stored only as its SHA-256 hash. */
export const magicLinkTokens = pgTable(
  "magic_link_tokens",
  {
    id: serial("id").primaryKey(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    requestedIp: text("requested_ip"),
    createdAt: createdAt(),
  },
  (t) => [index("magic_link_tokens_customer").on(t.customerId, t.createdAt)],
);

/** A customer session; the JWT carries its id, so revoking the row ends the session. */
export const customerSessions = pgTable("customer_sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  customerId: uuid("customer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" }),
  expiresAt: tstz("expires_at").notNull(),
  revokedAt: tstz("revoked_at"),
  createdAt: createdAt(),
});

export type OutboxAttachment = { filename: string; contentType: string; content: string };

/** Every e-mail the product sends, with its delivery status. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    kind: text("kind").notNull(), // login, receipt, cancellation, ...
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    sentAt: tstz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_due").on(t.status, t.nextAttemptAt)],
);

export const reservationStatuses = ["pending", "confirmed", "cancelled", "expired"] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

/**
 * A booking of one area. "pending" is a hold while the visitor pays (until holdExpiresAt);
 * pending and confirmed bookings are live, and the exclusion constraint added in migration
 * 0001 makes two overlapping live bookings of one area impossible.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    areaId: integer("area_id")
      .notNull()
      .references(() => areas.id),
    startsAt: tstz("starts_at").notNull(),
    endsAt: tstz("ends_at").notNull(),
    status: text("status", { enum: reservationStatuses }).notNull(),
    kind: text("kind", { enum: ["single", "subscriber", "admin"] })
      .notNull()
      .default("single"),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** A subscriber booking's membership, whose quota it uses. */
    subscriptionId: uuid("subscription_id").references((): AnyPgColumn => subscriptions.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    dogs: integer("dogs").notNull().default(1),
    /** What the booking costs after any discount (VAT included); the list price is this + discount. */
    priceCents: integer("price_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    discountCodeId: integer("discount_code_id").references((): AnyPgColumn => discountCodes.id),
    discountCents: integer("discount_cents").notNull().default(0),
    accessToken: text("access_token").notNull().unique(),
    doorToken: text("door_token").notNull().unique(),
    holdExpiresAt: tstz("hold_expires_at"),
    /** The address the checkout came from: live holds are limited per address (and per e-mail). */
    holdIp: text("hold_ip"),
    confirmedAt: tstz("confirmed_at"),
    cancelledAt: tstz("cancelled_at"),
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reservations_period", sql`${t.endsAt} > ${t.startsAt}`),
    index("reservations_starts_at").on(t.startsAt),
    index("reservations_customer").on(t.customerId),
    index("reservations_subscription").on(t.subscriptionId, t.startsAt),
    index("reservations_email").on(sql`lower(${t.email})`),
    index("reservations_hold").on(t.status, t.holdExpiresAt),
    index("reservations_hold_ip")
      .on(t.holdIp)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const subscriptionStatuses = ["pending", "active", "cancelled", "expired"] as const;

/**
 * A customer's membership. The tier's name, quota and price are copied at signup;
 * monthly_price_cents follows the tier's price in force on each later period's start, except
 * inside a 12-month commitment (services/invoices.ts); invoices already made keep their amount.
 * Periods run monthly from start_date (domain/membershipPeriods.ts). ends_on (exclusive) is set when it is cancelled: access and billing run
 * until then. A customer has at most one pending or active membership (partial unique index).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    tierLevel: integer("tier_level").notNull(),
    tierName: text("tier_name").notNull(),
    hoursQuota: integer("hours_quota").notNull(),
    monthlyPriceCents: integer("monthly_price_cents").notNull(),
    commitment: text("commitment", { enum: ["none", "12m"] }).notNull(),
    status: text("status", { enum: subscriptionStatuses }).notNull(),
    startDate: text("start_date").notNull(), // YYYY-MM-DD, Helsinki
    commitmentEndDate: text("commitment_end_date"), // YYYY-MM-DD: the first day no longer bound
    endsOn: text("ends_on"), // YYYY-MM-DD, exclusive: no access from this day on
    /**
     * A tier change an admin scheduled (decision 022): the level billed, and whose quota applies,
     * from the period starting on next_tier_from (YYYY-MM-DD). The invoice of that period copies
     * the tier into the columns above and clears these.
     */
    nextTierLevel: integer("next_tier_level"),
    nextTierFrom: text("next_tier_from"),
    pendingExpiresAt: tstz("pending_expires_at"),
    activatedAt: tstz("activated_at"),
    cancelledAt: tstz("cancelled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_one_live_per_customer")
      .on(t.customerId)
      .where(sql`${t.status} IN ('pending', 'active')`),
    index("subscriptions_status").on(t.status),
    // The admin's member page (a customer's memberships) and list (newest first).
    index("subscriptions_customer").on(t.customerId, t.createdAt),
    index("subscriptions_created").on(t.createdAt),
    check("subscriptions_next_tier", sql`(${t.nextTierLevel} IS NULL) = (${t.nextTierFrom} IS NULL)`),
  ],
);

export const invoiceStatuses = ["open", "paid", "void"] as const;

/**
 * One invoice per subscription and period (unique), so a job run twice, or on two servers at
 * once, never bills twice. Numbers come from the counters table inside the creating transaction:
 * sequential and without gaps. The payer's name and e-mail are copied for the books; deleting the
 * account anonymises them.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").notNull().unique(),
    referenceNumber: text("reference_number").notNull().unique(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name"),
    description: text("description").notNull(),
    periodStart: text("period_start").notNull(), // YYYY-MM-DD
    periodEnd: text("period_end").notNull(), // YYYY-MM-DD, exclusive
    amountCents: integer("amount_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull(),
    /** The quota hours of the billed period (null on invoices made before migration 0013). */
    hoursQuota: integer("hours_quota"),
    status: text("status", { enum: invoiceStatuses }).notNull().default("open"),
    issuedAt: tstz("issued_at").notNull(),
    dueDate: text("due_date").notNull(), // YYYY-MM-DD
    paidAt: tstz("paid_at"),
    overdueNotifiedAt: tstz("overdue_notified_at"),
    voidedAt: tstz("voided_at"),
    /**
     * An admin credited the paid invoice (decision 022): what was paid went back (the provider's
     * share as a refund, a gift card's share to the card) and the invoice became void.
     */
    creditedAt: tstz("credited_at"),
    creditedCents: integer("credited_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_one_per_period").on(t.subscriptionId, t.periodStart),
    index("invoices_customer").on(t.customerId),
    index("invoices_open_due").on(t.status, t.dueDate),
  ],
);

/** Named sequences without gaps (invoice numbers): incremented inside the using transaction. */
export const counters = pgTable("counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull(),
});

export const paymentStatuses = ["pending", "paid", "cancelled", "failed", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * One payment attempt for a reservation or an invoice. amountCents is what the provider charges;
 * a gift card's share (reserved from its balance with the attempt) is giftCardCents, so the sum
 * is the price. A gift card that covers everything makes a payment of provider "gift_card" and
 * amount 0, confirmed through the same fulfilment path without a redirect.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reservationId: uuid("reservation_id").references(() => reservations.id),
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    provider: text("provider").notNull(), // demo, stripe, gift_card
    providerRef: text("provider_ref"),
    method: text("method", { enum: ["mobilepay", "card"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The VAT contained in amountCents; the service's own VAT is on the reservation or invoice. */
    vatCents: integer("vat_cents").notNull(),
    giftCardId: uuid("gift_card_id").references((): AnyPgColumn => giftCards.id),
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    status: text("status", { enum: paymentStatuses }).notNull().default("pending"),
    /**
     * When the provider's hosted checkout of a payment that must no longer be paid (cancelled,
     * expired, replaced) was closed through its API; null while that is still to do.
     */
    checkoutClosedAt: tstz("checkout_closed_at"),
    paidAt: tstz("paid_at"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    refundedAt: tstz("refunded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_reservation").on(t.reservationId),
    index("payments_invoice").on(t.invoiceId),
    uniqueIndex("payments_provider_ref").on(t.provider, t.providerRef),
  ],
);

/** Every attempt to open the gate, allowed or refused, with its reason. */
export const doorEvents = pgTable(
  "door_events",
  {
    id: serial("id").primaryKey(),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    allowed: boolean("allowed").notNull(),
    reason: text("reason").notNull(),
    provider: text("provider"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("door_events_created").on(t.createdAt),
    index("door_events_reservation").on(t.reservationId, t.createdAt),
  ],
);

/**
 * One row per scheduled job and due time: the server that inserts it runs the job, so with several
 * servers on one database each due time runs once. Also the jobs' history for the admin.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    name: text("name").notNull(),
    dueAt: tstz("due_at").notNull(),
    startedAt: tstz("started_at").notNull(),
    finishedAt: tstz("finished_at"),
    status: text("status", { enum: ["running", "ok", "failed"] }).notNull(),
    result: text("result"),
    runner: text("runner").notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.dueAt] }), index("job_runs_started").on(t.startedAt)],
);

/** Every write an admin makes: who, when, what, and the record before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorEmail: text("actor_email").notNull(),
    actorUid: text("actor_uid"),
    action: text("action").notNull(), // e.g. "reservation.cancel", "settings.update"
    entity: text("entity").notNull(), // e.g. "reservation", "settings"
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created").on(t.createdAt), index("audit_log_entity").on(t.entity, t.entityId)],
);

/** Admins by e-mail (besides ADMIN_EMAILS in configuration and the `admin: true` custom claim). */
export const admins = pgTable("admins", {
  email: text("email").primaryKey(), // lower-case
  addedBy: text("added_by"),
  createdAt: createdAt(),
});

export const refundStatuses = ["pending", "succeeded", "failed"] as const;

/**
 * Money to return through the payment provider. The row is written (pending) in the transaction
 * that decides the refund, and the provider is called only after that commits, with the row's id
 * as the idempotency key; a job retries pending rows. One refund per payment (unique), so a
 * payment is never refunded twice, whoever decides it and however often the provider is asked.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id),
    amountCents: integer("amount_cents").notNull(),
    /** Why: customer_cancel, late_payment, invoice_not_needed, ... */
    reason: text("reason").notNull(),
    status: text("status", { enum: refundStatuses }).notNull().default("pending"),
    providerRef: text("provider_ref"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    completedAt: tstz("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refunds_one_per_payment").on(t.paymentId),
    index("refunds_due").on(t.status, t.nextAttemptAt),
    check("refunds_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * A discount code for single bookings: percent or fixed cents off, between optional dates, at most
 * maxUses times in all. usedCount counts the live uses (held or paid), raised by one conditional
 * UPDATE in the checkout's transaction, so the last use cannot be taken twice; the check keeps it
 * within maxUses whatever the application does.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(), // upper-case, without spaces
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    validFrom: tstz("valid_from"),
    validUntil: tstz("valid_until"),
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "discount_codes_amount",
      sql`(${t.kind} = 'percent' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffCents} IS NULL) OR (${t.kind} = 'fixed' AND ${t.amountOffCents} > 0 AND ${t.percentOff} IS NULL)`,
    ),
    check(
      "discount_codes_uses",
      sql`${t.usedCount} >= 0 AND (${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses})`,
    ),
  ],
);

/** Each use of a discount code by a booking: held with the checkout, used once paid, or released. */
export const discountCodeUses = pgTable(
  "discount_code_uses",
  {
    id: serial("id").primaryKey(),
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCodes.id),
    reservationId: uuid("reservation_id")
      .notNull()
      .unique()
      .references(() => reservations.id),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["held", "used", "released"] })
      .notNull()
      .default("held"),
    createdAt: createdAt(),
    releasedAt: tstz("released_at"),
  },
  (t) => [index("discount_code_uses_code").on(t.discountCodeId)],
);

/**
 * A gift card: an unguessable code (80 random bits) with a balance in cents. Every change of the
 * balance is a row of gift_card_transactions, so its history is complete.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(), // 16 characters, upper-case, without dashes
    initialCents: integer("initial_cents").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    active: boolean("active").notNull().default(true),
    validUntil: tstz("valid_until"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [check("gift_cards_balance", sql`${t.balanceCents} >= 0 AND ${t.initialCents} >= 0`)],
);

/**
 * A gift card's history: issue (+), redeem (− the share a payment takes), return (+ the share back
 * when that payment is cancelled, expires or is refunded), adjust (an admin's correction). At most
 * one redeem and one return per payment (unique), so a share is never taken or returned twice.
 */
export const giftCardTransactions = pgTable(
  "gift_card_transactions",
  {
    id: serial("id").primaryKey(),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id),
    paymentId: uuid("payment_id").references(() => payments.id),
    kind: text("kind", { enum: ["issue", "redeem", "return", "adjust"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    balanceAfterCents: integer("balance_after_cents").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("gift_card_transactions_card").on(t.giftCardId, t.createdAt),
    uniqueIndex("gift_card_transactions_once_per_payment")
      .on(t.paymentId, t.kind)
      .where(sql`${t.paymentId} IS NOT NULL`),
  ],
);

/**
 * The first answer to a POST sent with an Idempotency-Key (checkout, signup, invoice payment), so a
 * repeat of the same request (the client's retry after a lost answer) gets that answer instead of
 * doing it twice. The scope is the method, path and customer; the hash tells a reuse of the key for
 * another body. A row without a status is a request still being answered. Purged after a day.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    createdAt: createdAt(),
    completedAt: tstz("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);

/**
 * Every webhook event a payment provider delivered, by its id: a duplicate delivery finds its row
 * and does nothing. processedAt stays null until the event has been acted on, so an event whose
 * handling failed is handled again when the provider retries it.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    id: text("id").notNull(),
    type: text("type").notNull(),
    receivedAt: tstz("received_at").notNull(),
    processedAt: tstz("processed_at"),
    outcome: text("outcome"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] }), index("webhook_events_received").on(t.receivedAt)],
);

/**
 * The latest outcome of each health check (database, mail, payments, door) with the times of its
 * last success and failure: in the database, so every server shows the same (decision 021).
 */
export const healthChecks = pgTable("health_checks", {
  component: text("component").primaryKey(),
  ok: boolean("ok").notNull(),
  checkedAt: tstz("checked_at").notNull(),
  durationMs: integer("duration_ms").notNull(),
  detail: text("detail"),
  lastSuccessAt: tstz("last_success_at"),
  lastFailureAt: tstz("last_failure_at"),
  lastError: text("last_error"),
});
