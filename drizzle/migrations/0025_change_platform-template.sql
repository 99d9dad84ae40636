-- Hand-written: the template platform changes draft their alerts from, in the operator's default
-- English as the other actions' were seeded (docs/contract-notes.md "Dated trips and disruptions").
-- A template an admin already gave this name or action is kept.
INSERT INTO "alert_templates" ("id", "name", "action", "cause", "effect", "severity", "updated_at", "updated_by") VALUES
('disruption-change_platform', 'Disruption: platform change', 'change_platform', 'UNKNOWN_CAUSE', 'STOP_MOVED', 'UNKNOWN_SEVERITY', now(), NULL)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "alert_template_texts" ("template_id", "language", "header_text", "description_text", "url")
SELECT "id", 'en-ZA', "header", "description", '' FROM (VALUES
('disruption-change_platform', '{stop}: trains leave from {toStop}', 'Trains {trains} of {route} on {date} between {from} and {to} call at {toStop} instead of {fromStop}. {reason}')
) AS seeded ("id", "header", "description")
WHERE EXISTS (SELECT 1 FROM "alert_templates" t WHERE t."id" = seeded."id")
ON CONFLICT DO NOTHING;
