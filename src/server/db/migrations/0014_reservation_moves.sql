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
ALTER TABLE "refunds" ADD COLUMN "move_id" uuid;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_moves" ADD CONSTRAINT "reservation_moves_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_moves_reservation" ON "reservation_moves" USING btree ("reservation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_move" ON "refunds" USING btree ("payment_id","move_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."move_id" IS NULL;