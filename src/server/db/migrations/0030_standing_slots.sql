-- Vakiovuorot (issue 35, decision 056): a member's standing weekly slot and its weeks, each week made
-- once (the key standing_slot_id, date) as a normal member booking or with the reason it was not had.
CREATE TABLE "standing_slot_weeks" (
	"standing_slot_id" uuid NOT NULL,
	"date" date NOT NULL,
	"reservation_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_slot_weeks_standing_slot_id_date_pk" PRIMARY KEY("standing_slot_id","date"),
	CONSTRAINT "standing_slot_weeks_outcome" CHECK (("standing_slot_weeks"."reservation_id" is null) <> ("standing_slot_weeks"."reason" is null))
);
--> statement-breakpoint
CREATE TABLE "standing_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"minutes" integer NOT NULL,
	"dogs" integer DEFAULT 1 NOT NULL,
	"first_date" date NOT NULL,
	"weeks" integer,
	"filled_through" date,
	"ended_from" date,
	"ended_by" text,
	"done_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_slots_weekday" CHECK ("standing_slots"."weekday" between 1 and 7),
	CONSTRAINT "standing_slots_minutes" CHECK ("standing_slots"."minutes" > 0),
	CONSTRAINT "standing_slots_weeks" CHECK ("standing_slots"."weeks" is null or "standing_slots"."weeks" >= 1)
);
--> statement-breakpoint
ALTER TABLE "standing_slot_weeks" ADD CONSTRAINT "standing_slot_weeks_standing_slot_id_standing_slots_id_fk" FOREIGN KEY ("standing_slot_id") REFERENCES "public"."standing_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_slot_weeks" ADD CONSTRAINT "standing_slot_weeks_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_slots" ADD CONSTRAINT "standing_slots_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_slot_weeks_reservation" ON "standing_slot_weeks" USING btree ("reservation_id") WHERE "standing_slot_weeks"."reservation_id" is not null;--> statement-breakpoint
CREATE INDEX "standing_slots_subscription" ON "standing_slots" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "standing_slots_open" ON "standing_slots" USING btree ("filled_through") WHERE "standing_slots"."done_at" is null;