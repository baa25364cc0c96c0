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
ALTER TABLE "reservations" ADD COLUMN "attended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gate_fallback_notices" ADD CONSTRAINT "gate_fallback_notices_outage_id_gate_outages_id_fk" FOREIGN KEY ("outage_id") REFERENCES "public"."gate_outages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_fallback_notices" ADD CONSTRAINT "gate_fallback_notices_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gate_checks_created" ON "gate_checks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gate_fallback_reservation" ON "gate_fallback_notices" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_outages_one_open" ON "gate_outages" USING btree (("ended_at" is null)) WHERE "gate_outages"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "gate_outages_started" ON "gate_outages" USING btree ("started_at");