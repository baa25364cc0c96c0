ALTER TABLE "waitlist_entries" ALTER COLUMN "ip" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changed" jsonb;--> statement-breakpoint
CREATE INDEX "door_events_ip_kept" ON "door_events" USING btree ("created_at") WHERE "door_events"."ip" is not null;--> statement-breakpoint
CREATE INDEX "reservations_hold_ip_kept" ON "reservations" USING btree ("hold_expires_at") WHERE "reservations"."hold_ip" is not null;--> statement-breakpoint
CREATE INDEX "waitlist_entries_ip_kept" ON "waitlist_entries" USING btree ("created_at") WHERE "waitlist_entries"."ip" is not null;--> statement-breakpoint
-- Issue 31: the audit log keeps no one's e-mail, name, phone, IP address or link secrets
-- (system/auditRedaction.ts does the same to every new row). For an update (a record before and
-- after) the names of the fields that changed are kept in "changed", in code-point order; then
-- the personal fields are left out of before and after (at the top level and in a list's records),
-- "name" too where it is a person's (not an area's, a tier's, a setting's...), and any e-mail
-- address left in a text is replaced.
UPDATE "audit_log" a SET
  "changed" = CASE WHEN jsonb_typeof(a."before") = 'object' AND jsonb_typeof(a."after") = 'object' THEN (
    SELECT coalesce(jsonb_agg(k ORDER BY k COLLATE "C"), '[]'::jsonb)
    FROM (SELECT jsonb_object_keys(a."before") UNION SELECT jsonb_object_keys(a."after")) AS keys(k)
    WHERE a."before" -> k IS DISTINCT FROM a."after" -> k
  ) END,
  "before" = CASE WHEN a."before" IS NULL THEN NULL ELSE regexp_replace((
    CASE jsonb_typeof(a."before")
      WHEN 'object' THEN a."before" - p.fields
      WHEN 'array' THEN (
        SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(e) = 'object' THEN e - p.fields ELSE e END ORDER BY i), '[]'::jsonb)
        FROM jsonb_array_elements(a."before") WITH ORDINALITY AS elements(e, i))
      ELSE a."before"
    END)::text, '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}', '[poistettu]', 'g')::jsonb END,
  "after" = CASE WHEN a."after" IS NULL THEN NULL ELSE regexp_replace((
    CASE jsonb_typeof(a."after")
      WHEN 'object' THEN a."after" - p.fields
      WHEN 'array' THEN (
        SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(e) = 'object' THEN e - p.fields ELSE e END ORDER BY i), '[]'::jsonb)
        FROM jsonb_array_elements(a."after") WITH ORDINALITY AS elements(e, i))
      ELSE a."after"
    END)::text, '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}', '[poistettu]', 'g')::jsonb END
FROM (
  SELECT x.id, CASE
      WHEN x.entity IN ('area', 'settings', 'membership_tier', 'price_rule', 'discount_code', 'gift_card',
        'vat_rate', 'block', 'opening_exception', 'photo', 'lights')
      THEN ARRAY['email', 'to', 'phone', 'ip', 'holdIp', 'requestedIp', 'mailbox', 'accessToken', 'doorToken',
        'token', 'tokenHash', 'manageToken']
      ELSE ARRAY['email', 'to', 'phone', 'ip', 'holdIp', 'requestedIp', 'mailbox', 'accessToken', 'doorToken',
        'token', 'tokenHash', 'manageToken', 'name']
    END AS fields
  FROM "audit_log" x
) AS p
WHERE p.id = a.id;
