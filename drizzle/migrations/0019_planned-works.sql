ALTER TABLE "disruptions" ADD COLUMN "publish_as" text DEFAULT 'feed' NOT NULL;--> statement-breakpoint
ALTER TABLE "disruptions" ADD COLUMN "version_id" integer;--> statement-breakpoint
ALTER TABLE "schedule_versions" ADD COLUMN "source_file_id" bigint;--> statement-breakpoint
ALTER TABLE "schedule_versions" ADD COLUMN "planned_works" jsonb DEFAULT '[]'::jsonb NOT NULL;