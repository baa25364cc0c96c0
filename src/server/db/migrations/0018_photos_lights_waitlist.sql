CREATE TABLE "light_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"until_at" timestamp with time zone,
	"auto_on" boolean NOT NULL,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "light_overrides_until" CHECK ("light_overrides"."mode" <> 'auto' OR "light_overrides"."until_at" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "light_switches" (
	"id" serial PRIMARY KEY NOT NULL,
	"on" boolean NOT NULL,
	"reason" text NOT NULL,
	"result" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"provider" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"tried_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "park_photo_sizes" (
	"photo_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "park_photo_sizes_photo_id_width_format_pk" PRIMARY KEY("photo_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "park_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"alt" text NOT NULL,
	"sort_order" integer NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original_type" text NOT NULL,
	"original" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "park_photo_sizes" ADD CONSTRAINT "park_photo_sizes_photo_id_park_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."park_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offer_reservation_id_reservations_id_fk" FOREIGN KEY ("offer_reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "light_overrides_created" ON "light_overrides" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "light_switches_created" ON "light_switches" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_live_mailbox" ON "waitlist_entries" USING btree ("area_id","starts_at","ends_at","mailbox") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_live" ON "waitlist_entries" USING btree ("starts_at","area_id","ends_at","created_at") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_mailbox" ON "waitlist_entries" USING btree ("mailbox","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_ip" ON "waitlist_entries" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_ended" ON "waitlist_entries" USING btree ("ended_at");