CREATE TABLE "reservation_lookups" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailbox" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reservation_lookups_mailbox" ON "reservation_lookups" USING btree ("mailbox","created_at");--> statement-breakpoint
CREATE INDEX "reservation_lookups_ip" ON "reservation_lookups" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "reservations_reminder_due" ON "reservations" USING btree ("starts_at") WHERE "reservations"."status" = 'confirmed' and "reservations"."reminder_sent_at" is null;