CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"result" text,
	"runner" text NOT NULL,
	CONSTRAINT "job_runs_name_due_at_pk" PRIMARY KEY("name","due_at")
);
--> statement-breakpoint
CREATE INDEX "job_runs_started" ON "job_runs" USING btree ("started_at");