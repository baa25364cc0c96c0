CREATE INDEX "gift_cards_created" ON "gift_cards" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created" ON "email_outbox" USING btree ("created_at","status");