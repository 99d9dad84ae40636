CREATE TABLE "pending_items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"state" text NOT NULL,
	"entity" jsonb NOT NULL,
	"base_revision" integer,
	"log" boolean DEFAULT true NOT NULL,
	"publish_at" timestamp with time zone,
	"emergency" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reason" text,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "operator_settings" ADD COLUMN "approval" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
CREATE INDEX "pending_items_due_idx" ON "pending_items" USING btree ("state","publish_at");--> statement-breakpoint
CREATE INDEX "pending_items_author_idx" ON "pending_items" USING btree ("created_by","state");--> statement-breakpoint
CREATE INDEX "pending_items_created_idx" ON "pending_items" USING btree ("created_at");