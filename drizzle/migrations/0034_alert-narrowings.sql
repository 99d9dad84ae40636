CREATE TABLE "alert_narrowings" (
	"id" serial PRIMARY KEY NOT NULL,
	"disruption_id" text NOT NULL,
	"alert_id" text NOT NULL,
	"runs" jsonb NOT NULL,
	"before_json" jsonb NOT NULL,
	"revision_after" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disruption_trips" ADD COLUMN "overridden_by" text;--> statement-breakpoint
ALTER TABLE "alert_narrowings" ADD CONSTRAINT "alert_narrowings_disruption_id_disruptions_id_fk" FOREIGN KEY ("disruption_id") REFERENCES "public"."disruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_narrowings_disruption_idx" ON "alert_narrowings" USING btree ("disruption_id");