ALTER TABLE "feed_log" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- The audit trail is append-only (contract, "The third release"): audit_log rows are never
-- changed or removed, whoever connects; feed_log rows (the trail of feed saves and deletes) only
-- lose their content when deleteFromLog takes them out of an entity's history.
CREATE FUNCTION "audit_trail_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'feed_log' AND TG_OP = 'UPDATE' THEN
    IF OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL AND NEW.json IS NULL
      AND NEW.id = OLD.id AND NEW.kind = OLD.kind AND NEW.entity_id = OLD.entity_id
      AND NEW.action = OLD.action AND NEW.at = OLD.at AND NEW."by" IS NOT DISTINCT FROM OLD."by" THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'The audit trail is append-only: % on % is refused.', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_trail_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_append_only"();--> statement-breakpoint
CREATE TRIGGER "feed_log_append_only" BEFORE UPDATE OR DELETE ON "feed_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_trail_append_only"();--> statement-breakpoint
CREATE TRIGGER "feed_log_no_truncate" BEFORE TRUNCATE ON "feed_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_trail_append_only"();
