ALTER TABLE "disruption_trips" ADD COLUMN "replaces_trip_id" text;--> statement-breakpoint
-- Hand-written (issue 30): the template replace_by_bus disruptions draft their alert from, in the
-- operator's English as the other actions' templates were seeded; admins add other languages.
INSERT INTO "alert_templates" ("id", "name", "action", "cause", "effect", "severity", "updated_at", "updated_by")
VALUES ('disruption-replace_by_bus', 'Disruption: buses replace trains', 'replace_by_bus', 'UNKNOWN_CAUSE',
	'MODIFIED_SERVICE', 'UNKNOWN_SEVERITY', now(), NULL)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "alert_template_texts" ("template_id", "language", "header_text", "description_text", "url")
SELECT "id", 'en-ZA', 'Buses replace trains between {fromStop} and {toStop}',
	'Trains {trains} of {route} on {date} between {from} and {to} do not run between {fromStop} and {toStop}: buses replace them, leaving when the train would have and arriving up to {minutes} minutes later. {reason}', ''
FROM "alert_templates" WHERE "action" = 'replace_by_bus'
ON CONFLICT DO NOTHING;
