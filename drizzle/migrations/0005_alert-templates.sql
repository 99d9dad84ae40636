-- Hand-written (issue 13): the per-action texts become templates of one store, keeping their data.
ALTER TABLE "alert_templates" RENAME TO "alert_templates_by_action";--> statement-breakpoint
ALTER TABLE "alert_templates_by_action" RENAME CONSTRAINT "alert_templates_language_action_pk" TO "alert_templates_by_action_pk";--> statement-breakpoint
CREATE TABLE "alert_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"action" text,
	"cause" text NOT NULL,
	"effect" text NOT NULL,
	"severity" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	CONSTRAINT "alert_templates_name_unique" UNIQUE("name"),
	CONSTRAINT "alert_templates_action_unique" UNIQUE("action")
);
--> statement-breakpoint
CREATE TABLE "alert_template_texts" (
	"template_id" text NOT NULL,
	"language" text NOT NULL,
	"header_text" text NOT NULL,
	"description_text" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "alert_template_texts_template_id_language_pk" PRIMARY KEY("template_id","language")
);
--> statement-breakpoint
ALTER TABLE "alert_template_texts" ADD CONSTRAINT "alert_template_texts_template_id_alert_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."alert_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One template per action, with the effect disruptions of that action drafted before.
INSERT INTO "alert_templates" ("id", "name", "action", "cause", "effect", "severity", "updated_at", "updated_by")
SELECT 'disruption-' || "action",
	CASE "action" WHEN 'cancel' THEN 'Disruption: trains cancelled' WHEN 'delete' THEN 'Disruption: service replaced'
		WHEN 'skip_stop' THEN 'Disruption: trains do not stop' WHEN 'delay' THEN 'Disruption: delays'
		ELSE 'Disruption: ' || "action" END,
	"action", 'UNKNOWN_CAUSE',
	CASE "action" WHEN 'delete' THEN 'MODIFIED_SERVICE' WHEN 'delay' THEN 'SIGNIFICANT_DELAYS' ELSE 'NO_SERVICE' END,
	'UNKNOWN_SEVERITY', max("updated_at"), (array_agg("updated_by" ORDER BY "updated_at" DESC))[1]
FROM "alert_templates_by_action" GROUP BY "action";--> statement-breakpoint
-- The seeded English texts were tagged `en`; the operator's English is en-ZA (spec §3). An en-ZA
-- text written beside them wins (inserted first).
INSERT INTO "alert_template_texts" ("template_id", "language", "header_text", "description_text", "url")
SELECT 'disruption-' || "action", CASE "language" WHEN 'en' THEN 'en-ZA' ELSE "language" END,
	"header_text", "description_text", ''
FROM "alert_templates_by_action" ORDER BY ("language" = 'en')
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "alert_templates_by_action";
