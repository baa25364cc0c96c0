-- Issue 21 (decision 025): every query on a growing table is bounded by an index. Hand-made:
-- an extension and expression indexes only, nothing in schema/ changes, so drizzle-kit's
-- snapshots stay true.
-- Substring search (ILIKE '%…%') on bookings, customers and the outbox through trigram indexes;
-- pg_trgm ships with PostgreSQL's contrib and with PGlite (db/pgliteExtensions.ts loads it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_name_trgm" ON "reservations" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_email_trgm" ON "reservations" USING gin ("email" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_name_trgm" ON "customers" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_email_trgm" ON "customers" USING gin ("email" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_to_trgm" ON "email_outbox" USING gin ("to" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- Bookings of every status by period (the admin's week and the heat map take cancelled ones too,
-- which the exclusion constraint's partial index of 0001 leaves out). Queries write the overlap
-- with the same expression: tstzrange(starts_at, ends_at, '[)') && tstzrange(from, to, '[)').
CREATE INDEX IF NOT EXISTS "reservations_period" ON "reservations" USING gist (tstzrange("starts_at", "ends_at", '[)'));
