CREATE TABLE "trip_update_alerts" (
	"trip_update_id" text PRIMARY KEY NOT NULL,
	"alert_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE INDEX "trip_update_alerts_alert_idx" ON "trip_update_alerts" USING btree ("alert_id");