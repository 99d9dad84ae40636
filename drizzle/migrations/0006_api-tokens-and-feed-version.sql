CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"roles" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_tokens_name_unique" UNIQUE("name"),
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "schedule_versions" ADD COLUMN "feed_version" text;