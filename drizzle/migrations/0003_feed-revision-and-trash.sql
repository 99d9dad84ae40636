CREATE TABLE "feed_trash" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"row" jsonb NOT NULL,
	"pb" "bytea" NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	"deleted_by" text,
	CONSTRAINT "feed_trash_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "feed_entities" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;