-- Every change availability depends on is announced on the channel availability_changed, after
-- commit, to every server listening on the database (src/server/services/availabilityCache.ts).
-- Bookings and blocks say which area and time they touch, exceptions their date, settings their
-- key, so a server recomputes only the days a change touches.
CREATE OR REPLACE FUNCTION availability_notice(tbl text, r jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT json_strip_nulls(json_build_object(
    't', tbl, 'a', r->'area_id', 's', r->'starts_at', 'e', r->'ends_at', 'd', r->'date', 'k', r->'key'
  ))::text
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION availability_notify_row() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('availability_changed', availability_notice(TG_TABLE_NAME, to_jsonb(OLD)));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('availability_changed', availability_notice(TG_TABLE_NAME, to_jsonb(NEW)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION availability_notify_table() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('availability_changed', json_build_object('t', TG_TABLE_NAME)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_availability_insert_delete AFTER INSERT OR DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION availability_notify_row();
--> statement-breakpoint
CREATE TRIGGER reservations_availability_update AFTER UPDATE ON reservations
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
    OR OLD.ends_at IS DISTINCT FROM NEW.ends_at OR OLD.area_id IS DISTINCT FROM NEW.area_id
    OR OLD.hold_expires_at IS DISTINCT FROM NEW.hold_expires_at
  ) EXECUTE FUNCTION availability_notify_row();
--> statement-breakpoint
CREATE TRIGGER blocks_availability AFTER INSERT OR UPDATE OR DELETE ON blocks
  FOR EACH ROW EXECUTE FUNCTION availability_notify_row();
--> statement-breakpoint
CREATE TRIGGER opening_exceptions_availability AFTER INSERT OR UPDATE OR DELETE ON opening_exceptions
  FOR EACH ROW EXECUTE FUNCTION availability_notify_row();
--> statement-breakpoint
CREATE TRIGGER settings_availability AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH ROW EXECUTE FUNCTION availability_notify_row();
--> statement-breakpoint
CREATE TRIGGER price_rules_availability AFTER INSERT OR UPDATE OR DELETE ON price_rules
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
--> statement-breakpoint
CREATE TRIGGER areas_availability AFTER INSERT OR UPDATE OR DELETE ON areas
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
--> statement-breakpoint
CREATE TRIGGER reservations_availability_truncate AFTER TRUNCATE ON reservations
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
--> statement-breakpoint
CREATE TRIGGER blocks_availability_truncate AFTER TRUNCATE ON blocks
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
--> statement-breakpoint
CREATE TRIGGER opening_exceptions_availability_truncate AFTER TRUNCATE ON opening_exceptions
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
--> statement-breakpoint
CREATE TRIGGER settings_availability_truncate AFTER TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
--> statement-breakpoint
CREATE TRIGGER price_rules_availability_truncate AFTER TRUNCATE ON price_rules
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
--> statement-breakpoint
CREATE TRIGGER areas_availability_truncate AFTER TRUNCATE ON areas
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
--> statement-breakpoint
CREATE TRIGGER vat_rates_availability AFTER INSERT OR UPDATE OR DELETE ON vat_rates
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
--> statement-breakpoint
CREATE TRIGGER vat_rates_availability_truncate AFTER TRUNCATE ON vat_rates
  FOR EACH STATEMENT EXECUTE FUNCTION availability_notify_table();
