import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
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
 * Single-booking price rules. The applicable rule for a slot is the matching one with the highest
 * priority; rules without weekdays or times are the base prices.
 */
export const priceRules = pgTable("price_rules", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  lengthMinutes: integer("length_minutes").notNull(),
  priceCents: integer("price_cents").notNull(),
  weekdays: integer("weekdays").array(), // ISO 1 = Monday .. 7 = Sunday; null = every day
  fromTime: text("from_time"), // HH:MM slot start at or after; null = any
  toTime: text("to_time"), // HH:MM slot start before; null = any
  priority: integer("priority").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

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
    priceCents: integer("price_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    accessToken: text("access_token").notNull().unique(),
    doorToken: text("door_token").notNull().unique(),
    holdExpiresAt: tstz("hold_expires_at"),
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
  ],
);

export const subscriptionStatuses = ["pending", "active", "cancelled", "expired"] as const;

/**
 * A customer's membership. The tier's name, quota and price are copied at signup, so a later
 * price change does not alter a running membership. Periods run monthly from start_date
 * (domain/membership.ts). ends_on (exclusive) is set when it is cancelled: access and billing run
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
    status: text("status", { enum: invoiceStatuses }).notNull().default("open"),
    issuedAt: tstz("issued_at").notNull(),
    dueDate: text("due_date").notNull(), // YYYY-MM-DD
    paidAt: tstz("paid_at"),
    overdueNotifiedAt: tstz("overdue_notified_at"),
    voidedAt: tstz("voided_at"),
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

/** One payment attempt through a provider, for a reservation or an invoice. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reservationId: uuid("reservation_id").references(() => reservations.id),
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    provider: text("provider").notNull(), // demo, stripe
    providerRef: text("provider_ref"),
    method: text("method", { enum: ["mobilepay", "card"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("pending"),
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
export const doorEvents = pgTable("door_events", {
  id: serial("id").primaryKey(),
  reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
  allowed: boolean("allowed").notNull(),
  reason: text("reason").notNull(),
  provider: text("provider"),
  ip: text("ip"),
  createdAt: createdAt(),
});

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
