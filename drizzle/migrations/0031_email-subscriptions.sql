CREATE TABLE "mail_alert_state" (
	"alert_id" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"json" jsonb NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"email_key" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_subscription_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"routes" text[] NOT NULL,
	"stops" text[] NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"skipped_mails" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_subscription_tokens" ADD CONSTRAINT "mail_subscription_tokens_subscription_id_mail_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."mail_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_email_key_idx" ON "mail_outbox" USING btree ("email_key","created_at");--> statement-breakpoint
CREATE INDEX "mail_subscription_tokens_subscription_idx" ON "mail_subscription_tokens" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "mail_subscriptions_email_key_idx" ON "mail_subscriptions" USING btree ("email_key");