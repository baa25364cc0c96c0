-- Rules per dog are off in a new park until its owner turns one on (product.md); earlier releases
-- seeded a reactive dog's buffer (15 min) and an in-heat gap (30 min) on. A park whose dogRules are
-- still exactly that seed and that no admin has ever saved (no settings.update of dogRules in the
-- audit log) gets them off; an owner's own choice, even the same numbers, is kept. Bookings keep
-- the periods they block (decision 036).
UPDATE "settings"
SET "value" = '{"extraDogPriceCents": 0, "reactiveDogBufferMinutes": 0, "inHeatGapMinutes": 0}'::jsonb,
  "updated_at" = now()
WHERE "key" = 'dogRules'
  AND "value" = '{"extraDogPriceCents": 0, "reactiveDogBufferMinutes": 15, "inHeatGapMinutes": 30}'::jsonb
  AND NOT EXISTS (
    SELECT 1 FROM "audit_log" WHERE "entity" = 'settings' AND "entity_id" = 'dogRules'
  );
