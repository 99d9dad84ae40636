CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" text,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"entity_id" text NOT NULL,
	"summary" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_kind_at_idx" ON "audit_log" USING btree ("kind","at");--> statement-breakpoint
ALTER TABLE "gtfs_trips" ADD COLUMN "stop_times_hash" text;