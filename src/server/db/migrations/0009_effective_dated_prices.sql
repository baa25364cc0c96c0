CREATE TABLE "membership_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"hours_quota" integer NOT NULL,
	"effective_from" date DEFAULT '2000-01-01' NOT NULL,
	"effective_until" date,
	CONSTRAINT "membership_tiers_effective_period" CHECK (effective_until IS NULL OR effective_until > effective_from)
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"effective_from" date DEFAULT '2000-01-01' NOT NULL,
	"effective_until" date,
	CONSTRAINT "vat_rates_effective_period" CHECK (effective_until IS NULL OR effective_until > effective_from)
);
--> statement-breakpoint
-- Existing rules become the first version of themselves, in force since long ago.
ALTER TABLE "price_rules" ADD COLUMN "rule_id" integer;--> statement-breakpoint
UPDATE "price_rules" SET "rule_id" = "id";--> statement-breakpoint
ALTER TABLE "price_rules" ALTER COLUMN "rule_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "price_rules" ADD COLUMN "effective_from" date DEFAULT '2000-01-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_rules" ADD COLUMN "effective_until" date;--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_effective_period" CHECK (effective_until IS NULL OR effective_until > effective_from);--> statement-breakpoint
-- The versions of one rule, tier level or the VAT rate never overlap (btree_gist from 0001).
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_no_overlap"
  EXCLUDE USING gist ("rule_id" WITH =, daterange("effective_from", "effective_until", '[)') WITH &&);--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD CONSTRAINT "membership_tiers_no_overlap"
  EXCLUDE USING gist ("level" WITH =, daterange("effective_from", "effective_until", '[)') WITH &&);--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_no_overlap"
  EXCLUDE USING gist (daterange("effective_from", "effective_until", '[)') WITH &&);--> statement-breakpoint
-- Tiers and the VAT rate move out of the settings (a fresh database gets them from the seed).
INSERT INTO "membership_tiers" ("level", "name", "monthly_price_cents", "hours_quota")
  SELECT (t->>'level')::int, t->>'name', (t->>'monthlyPriceCents')::int, (t->>'hoursQuota')::int
  FROM "settings", jsonb_array_elements("value"->'tiers') AS t
  WHERE "key" = 'membership';--> statement-breakpoint
UPDATE "settings" SET "value" = "value" - 'tiers' WHERE "key" = 'membership';--> statement-breakpoint
INSERT INTO "vat_rates" ("rate_basis_points")
  SELECT ("value"->>'rateBasisPoints')::int FROM "settings" WHERE "key" = 'vat';--> statement-breakpoint
DELETE FROM "settings" WHERE "key" = 'vat';
