-- A booking's notice carries the row as it now is (issue 37): its id, status, hold expiry and
-- blocked period, and whether it is the row as it was before an update or delete ('o'). A server
-- then updates the bookings it keeps in memory instead of loading them all again on every booking
-- (src/server/availability/cache.ts). Blocks, exceptions and settings say what they said before.
CREATE OR REPLACE FUNCTION availability_notice(tbl text, r jsonb, old boolean) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT json_strip_nulls(json_build_object(
    't', tbl, 'a', r->'area_id', 's', r->'starts_at', 'e', r->'ends_at', 'd', r->'date', 'k', r->'key',
    'i', CASE WHEN tbl = 'reservations' THEN r->'id' END,
    'st', CASE WHEN tbl = 'reservations' THEN r->'status' END,
    'x', CASE WHEN tbl = 'reservations' THEN r->'hold_expires_at' END,
    'bf', CASE WHEN tbl = 'reservations' THEN r->'blocked_from' END,
    'bu', CASE WHEN tbl = 'reservations' THEN r->'blocked_until' END,
    'o', CASE WHEN old THEN true END
  ))::text
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION availability_notify_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('availability_changed', availability_notice(TG_TABLE_NAME, to_jsonb(OLD), true));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('availability_changed', availability_notice(TG_TABLE_NAME, to_jsonb(NEW), false));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION availability_notice(text, jsonb);
