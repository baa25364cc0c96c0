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
ALTER TABLE "park_photo_sizes" ADD CONSTRAINT "park_photo_sizes_photo_id_park_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."park_photos"("id") ON DELETE cascade ON UPDATE no action;