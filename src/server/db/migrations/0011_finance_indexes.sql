-- v2/talous (decision 020) sums money by the date it moved: payments by paid_at, refunds by
-- completed_at, gift-card issues and returns by created_at. Hand-made: indexes only, nothing in
-- schema.ts changes, so drizzle-kit's snapshots stay true.
CREATE INDEX IF NOT EXISTS "payments_paid_at" ON "payments" ("paid_at") WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "refunds_completed_at" ON "refunds" ("completed_at") WHERE "status" = 'succeeded';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gift_card_transactions_kind_created" ON "gift_card_transactions" ("kind", "created_at");
