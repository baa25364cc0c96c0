-- Rules per dog (decision 036). A booking stores the period it blocks (its own time widened by a
-- reactive dog's buffer, an in-heat cleaning gap and the changeover gap), and the exclusion
-- constraint compares blocked periods. Existing bookings block their own time plus the changeover
-- gap in force (0 by default), which is what the application checked for them until now.
ALTER TABLE "reservations" ADD COLUMN "reactive_dog" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "in_heat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "blocked_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "extra_dogs_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "reservations" SET "blocked_from" = "starts_at",
  "blocked_until" = "ends_at" + make_interval(mins => coalesce(
    (SELECT ("value"->>'changeoverMinutes')::int FROM "settings" WHERE "key" = 'slotRules'), 0));--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "blocked_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "blocked_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_blocked_period" CHECK ("reservations"."blocked_from" <= "reservations"."starts_at" and "reservations"."blocked_until" >= "reservations"."ends_at");--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_no_overlap";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_overlap"
  EXCLUDE USING gist ("area_id" WITH =, tstzrange("blocked_from", "blocked_until", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
