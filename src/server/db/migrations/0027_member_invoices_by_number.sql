DROP INDEX "invoices_customer";--> statement-breakpoint
CREATE INDEX "invoices_customer_number" ON "invoices" USING btree ("customer_id","number");