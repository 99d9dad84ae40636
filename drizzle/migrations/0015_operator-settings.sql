CREATE TABLE "operator_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"languages" jsonb NOT NULL,
	"default_language" text NOT NULL,
	"url_language" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
-- One row: the settings of this desk (docs/contract-notes.md "Operator settings").
ALTER TABLE "operator_settings" ADD CONSTRAINT "operator_settings_one_row" CHECK ("id" = 1);
