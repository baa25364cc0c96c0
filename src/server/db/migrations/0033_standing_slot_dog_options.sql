-- A standing slot's dogs' options (decision 056, decision 036): every week is booked with a reactive
-- dog's buffer or a female in heat's gap when the member asked for it.
ALTER TABLE "standing_slots" ADD COLUMN "reactive_dog" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_slots" ADD COLUMN "in_heat" boolean DEFAULT false NOT NULL;
