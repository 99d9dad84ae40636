ALTER TABLE "feed_log" ADD COLUMN "trip_id" text;--> statement-breakpoint
-- The trip of the rows logged before (docs/rest-api.md "/audit"): a save's or restore's from its
-- content, a delete's from the entity's last content before it. A derived column filled once, with
-- the append-only trigger held off for this statement alone.
ALTER TABLE "feed_log" DISABLE TRIGGER "feed_log_append_only";--> statement-breakpoint
UPDATE "feed_log" f SET "trip_id" = coalesce(
  f."json" #>> '{tripUpdate,trip,tripId}',
  (SELECT p."json" #>> '{tripUpdate,trip,tripId}' FROM "feed_log" p
    WHERE p."kind" = f."kind" AND p."entity_id" = f."entity_id" AND p."id" < f."id" AND p."json" IS NOT NULL
    ORDER BY p."id" DESC LIMIT 1))
WHERE f."kind" = 'trip_update';--> statement-breakpoint
ALTER TABLE "feed_log" ENABLE TRIGGER "feed_log_append_only";--> statement-breakpoint
-- deleteFromLog erases a row's content only: its trip stays, as its kind, entity and author do.
CREATE OR REPLACE FUNCTION "audit_trail_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'feed_log' AND TG_OP = 'UPDATE' THEN
    IF OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL AND NEW.json IS NULL
      AND NEW.id = OLD.id AND NEW.kind = OLD.kind AND NEW.entity_id = OLD.entity_id
      AND NEW.action = OLD.action AND NEW.at = OLD.at AND NEW."by" IS NOT DISTINCT FROM OLD."by"
      AND NEW.trip_id IS NOT DISTINCT FROM OLD.trip_id THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'The audit trail is append-only: % on % is refused.', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;
