-- Hand-made (issue 10, v2/toiminta and v2/jarjestelma): the latest outcome of each health check,
-- shared by every server, and indexes for reading gate events by time and by booking.
CREATE TABLE "health_checks" (
	"component" text PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"detail" text,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "door_events_created" ON "door_events" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "door_events_reservation" ON "door_events" USING btree ("reservation_id","created_at");
