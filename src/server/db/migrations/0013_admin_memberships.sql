ALTER TABLE "invoices" ADD COLUMN "hours_quota" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_tier_level" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_tier_from" text;--> statement-breakpoint
CREATE INDEX "subscriptions_customer" ON "subscriptions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_created" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_next_tier" CHECK (("subscriptions"."next_tier_level" IS NULL) = ("subscriptions"."next_tier_from" IS NULL));