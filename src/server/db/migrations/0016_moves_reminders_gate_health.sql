CREATE TABLE "reservation_lookups" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailbox" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gate_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"ok" boolean,
	"detail" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gate_checks_window_start_unique" UNIQUE("window_start")
);
--> statement-breakpoint
CREATE TABLE "gate_fallback_notices" (
	"outage_id" integer NOT NULL,
	"reservation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gate_fallback_notices_outage_id_reservation_id_pk" PRIMARY KEY("outage_id","reservation_id")
);
--> statement-breakpoint
CREATE TABLE "gate_outages" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"detail" text,
	"owner_down_mailed_at" timestamp with time zone,
	"owner_up_mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reservation_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"from_starts_at" timestamp with time zone NOT NULL,
	"from_ends_at" timestamp with time zone NOT NULL,
	"to_starts_at" timestamp with time zone NOT NULL,
	"to_ends_at" timestamp with time zone NOT NULL,
	"from_price_cents" integer NOT NULL,
	"to_price_cents" integer NOT NULL,
	"moved_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "refunds_one_per_payment";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "move_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "attended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gate_fallback_notices" ADD CONSTRAINT "gate_fallback_notices_outage_id_gate_outages_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."gate_outages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_fallback_notices" ADD CONSTRAINT "gate_fallback_notices_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_moves" ADD CONSTRAINT "reservation_moves_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_lookups_mailbox" ON "reservation_lookups" USING btree ("mailbox","created_at");--> statement-breakpoint
CREATE INDEX "reservation_lookups_ip" ON "reservation_lookups" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "gate_checks_created" ON "gate_checks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gate_fallback_reservation" ON "gate_fallback_notices" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_outages_one_open" ON "gate_outages" USING btree (("ended_at" is null)) WHERE "gate_outages"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "gate_outages_started" ON "gate_outages" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "reservation_moves_reservation" ON "reservation_moves" USING btree ("reservation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_move" ON "refunds" USING btree ("payment_id","move_id");--> statement-breakpoint
CREATE INDEX "reservations_reminder_due" ON "reservations" USING btree ("starts_at") WHERE "reservations"."status" = 'confirmed' and "reservations"."reminder_sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."move_id" IS NULL;