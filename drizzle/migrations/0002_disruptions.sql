CREATE TABLE "alert_templates" (
	"language" text NOT NULL,
	"action" text NOT NULL,
	"header_text" text NOT NULL,
	"description_text" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	CONSTRAINT "alert_templates_language_action_pk" PRIMARY KEY("language","action")
);
--> statement-breakpoint
CREATE TABLE "disruption_trips" (
	"disruption_id" text NOT NULL,
	"trip_id" text NOT NULL,
	"start_date" text NOT NULL,
	"entity_id" text NOT NULL,
	"before_pb" "bytea",
	CONSTRAINT "disruption_trips_disruption_id_trip_id_start_date_pk" PRIMARY KEY("disruption_id","trip_id","start_date")
);
--> statement-breakpoint
CREATE TABLE "disruptions" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"reason" text NOT NULL,
	"service_date" text NOT NULL,
	"select" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"alert_id" text,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	CONSTRAINT "disruptions_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
ALTER TABLE "disruption_trips" ADD CONSTRAINT "disruption_trips_disruption_id_disruptions_id_fk" FOREIGN KEY ("disruption_id") REFERENCES "public"."disruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disruption_trips_trip_idx" ON "disruption_trips" USING btree ("trip_id","start_date");--> statement-breakpoint
CREATE INDEX "disruptions_created_idx" ON "disruptions" USING btree ("created_at");--> statement-breakpoint
-- English defaults for drafted alerts (issue 12); admins edit them, other languages are added by them.
INSERT INTO "alert_templates" ("language", "action", "header_text", "description_text", "updated_at") VALUES
('en', 'cancel', '{route}: trains cancelled', 'Trains {trains} of {route} on {date} between {from} and {to} are cancelled. {reason}', now()),
('en', 'delete', '{route}: service replaced', 'Trains {trains} of {route} on {date} between {from} and {to} are replaced by other service. {reason}', now()),
('en', 'skip_stop', '{stop}: trains do not stop', 'Trains {trains} of {route} do not stop at {stop} on {date} between {from} and {to}. {reason}', now()),
('en', 'delay', '{route}: delays of {minutes} minutes', 'Trains {trains} of {route} on {date} between {from} and {to} run about {minutes} minutes late. {reason}', now());
