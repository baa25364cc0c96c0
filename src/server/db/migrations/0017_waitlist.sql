CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"email" text NOT NULL,
	"mailbox" text NOT NULL,
	"access_token" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_reservation_id" uuid,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_access_token_unique" UNIQUE("access_token"),
	CONSTRAINT "waitlist_entries_period" CHECK ("waitlist_entries"."ends_at" > "waitlist_entries"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offer_reservation_id_reservations_id_fk" FOREIGN KEY ("offer_reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_live_mailbox" ON "waitlist_entries" USING btree ("area_id","starts_at","ends_at","mailbox") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_live" ON "waitlist_entries" USING btree ("starts_at","area_id","ends_at","created_at") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_mailbox" ON "waitlist_entries" USING btree ("mailbox","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_ip" ON "waitlist_entries" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_ended" ON "waitlist_entries" USING btree ("ended_at");