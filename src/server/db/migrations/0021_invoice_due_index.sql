-- Issue 21: the invoice job finds the memberships with an invoice due through an index, so an hour
-- with nothing due does not read every membership. invoiced_until is the end (exclusive) of the
-- latest period invoiced; the trigger keeps it on every invoice inserted, however it is made.
ALTER TABLE "subscriptions" ADD COLUMN "invoiced_until" text;--> statement-breakpoint
UPDATE "subscriptions" s SET "invoiced_until" = (SELECT max(i."period_end") FROM "invoices" i WHERE i."subscription_id" = s."id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_billed_until() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subscriptions SET invoiced_until = NEW.period_end
  WHERE id = NEW.subscription_id AND (invoiced_until IS NULL OR invoiced_until < NEW.period_end);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_billed_until AFTER INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_billed_until();
--> statement-breakpoint
CREATE INDEX "subscriptions_invoice_due" ON "subscriptions" USING btree ((CASE WHEN "status" = 'active' OR ("status" = 'cancelled' AND ("invoiced_until" IS NULL OR "invoiced_until" < "ends_on")) THEN coalesce("invoiced_until", "start_date") END));
