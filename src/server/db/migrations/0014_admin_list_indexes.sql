CREATE INDEX "email_outbox_status_id" ON "email_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "job_runs_failed" ON "job_runs" USING btree ("name","due_at") WHERE "job_runs"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "payments_created" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_status_created" ON "payments" USING btree ("status","created_at");