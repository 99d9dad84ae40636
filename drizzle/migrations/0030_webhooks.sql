CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "webhooks_created_by_idx" ON "webhooks" USING btree ("created_by");--> statement-breakpoint
-- The webhook outbox (docs/rest-api.md "Webhooks"): the acts already write feed_log (every save,
-- delete and undo of the public feed) and audit_log (disruptions applied and lifted, schedule
-- versions made current) in their own transaction, so triggers on those two queue each event's
-- deliveries in that same transaction: whatever path made the act, it is delivered once it
-- commits, never when it rolls back. NOTIFY wakes the workers of every process at once.
CREATE FUNCTION "webhooks_queue_feed_log"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE queued integer;
BEGIN
  INSERT INTO "webhook_deliveries" ("webhook_id", "event", "payload")
  SELECT w."id", e."event", jsonb_build_object(
    'type', e."event",
    'timestamp', to_char(e."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', jsonb_build_object('kind', e."kind", 'id', e."entity_id", 'action', e."action",
      'by', e."by", 'entity', e."json"))
  FROM (
    SELECT a.*, CASE
      WHEN a."kind" = 'alert' AND a."action" IN ('save', 'restore') THEN 'alert.published'
      WHEN a."kind" = 'alert' AND a."action" = 'delete' THEN 'alert.ended'
      WHEN a."kind" = 'trip_update' AND a."action" IN ('save', 'restore') THEN 'trip_update.saved'
      WHEN a."kind" = 'trip_update' AND a."action" = 'delete' THEN 'trip_update.deleted'
    END AS "event"
    FROM "added" a
  ) e
  JOIN "webhooks" w ON e."event" = ANY (w."events")
  ORDER BY e."id", w."id";
  GET DIAGNOSTICS queued = ROW_COUNT;
  IF queued > 0 THEN PERFORM pg_notify('webhook_queued', ''); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "feed_log_webhooks" AFTER INSERT ON "feed_log" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhooks_queue_feed_log"();--> statement-breakpoint
CREATE FUNCTION "webhooks_queue_audit_log"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE queued integer;
BEGIN
  INSERT INTO "webhook_deliveries" ("webhook_id", "event", "payload")
  SELECT w."id", e."event", jsonb_build_object(
    'type', e."event",
    'timestamp', to_char(e."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', jsonb_build_object('kind', e."kind", 'id', e."entity_id", 'action', e."action",
      'by', e."by", 'summary', e."summary", 'details', e."details"))
  FROM (
    SELECT a.*, CASE
      WHEN a."kind" = 'disruption' AND a."action" = 'apply' THEN 'disruption.applied'
      WHEN a."kind" = 'disruption' AND a."action" = 'lift' THEN 'disruption.lifted'
      WHEN a."kind" = 'schedule_version' AND a."action" IN ('upload', 'rollback') THEN 'schedule.activated'
    END AS "event"
    FROM "added" a
  ) e
  JOIN "webhooks" w ON e."event" = ANY (w."events")
  ORDER BY e."id", w."id";
  GET DIAGNOSTICS queued = ROW_COUNT;
  IF queued > 0 THEN PERFORM pg_notify('webhook_queued', ''); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_webhooks" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhooks_queue_audit_log"();
