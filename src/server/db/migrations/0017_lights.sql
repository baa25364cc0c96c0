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
CREATE INDEX "light_overrides_created" ON "light_overrides" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "light_switches_created" ON "light_switches" USING btree ("created_at");