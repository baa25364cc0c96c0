-- A member's tier raised mid-period (issue 35, decision 057): the price difference for the rest of
-- the period waits here for the membership's next invoice, which takes it as a charge of its own.
CREATE TABLE "membership_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_charges_positive" CHECK ("membership_charges"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "membership_charges" ADD CONSTRAINT "membership_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_charges" ADD CONSTRAINT "membership_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_charges_waiting" ON "membership_charges" USING btree ("subscription_id") WHERE "membership_charges"."invoice_id" is null;--> statement-breakpoint
CREATE INDEX "membership_charges_invoice" ON "membership_charges" USING btree ("invoice_id");