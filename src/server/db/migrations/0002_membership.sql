CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"reference_number" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"customer_id" uuid,
	"email" text NOT NULL,
	"name" text,
	"description" text NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_date" text NOT NULL,
	"paid_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_reference_number_unique" UNIQUE("reference_number")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"tier_level" integer NOT NULL,
	"tier_name" text NOT NULL,
	"hours_quota" integer NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"commitment" text NOT NULL,
	"status" text NOT NULL,
	"start_date" text NOT NULL,
	"commitment_end_date" text,
	"ends_on" text,
	"pending_expires_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_period" ON "invoices" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_customer" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invoices_open_due" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_customer" ON "subscriptions" USING btree ("customer_id") WHERE "subscriptions"."status" IN ('pending', 'active');--> statement-breakpoint
CREATE INDEX "subscriptions_status" ON "subscriptions" USING btree ("status");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_invoice" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "reservations_customer" ON "reservations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "reservations_subscription" ON "reservations" USING btree ("subscription_id","starts_at");--> statement-breakpoint
CREATE INDEX "reservations_email" ON "reservations" USING btree (lower("email"));