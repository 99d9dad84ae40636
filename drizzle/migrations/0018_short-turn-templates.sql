-- Hand-written (issue 30 item 3): the templates short turns and stop restrictions draft their
-- alerts from, in the operator's default English as the other actions' were seeded. A template an
-- admin already gave one of these names or actions is kept.
INSERT INTO "alert_templates" ("id", "name", "action", "cause", "effect", "severity", "updated_at", "updated_by") VALUES
('disruption-short_turn_end', 'Disruption: trains terminate short', 'short_turn_end', 'UNKNOWN_CAUSE', 'REDUCED_SERVICE', 'UNKNOWN_SEVERITY', now(), NULL),
('disruption-short_turn_start', 'Disruption: trains start further on', 'short_turn_start', 'UNKNOWN_CAUSE', 'REDUCED_SERVICE', 'UNKNOWN_SEVERITY', now(), NULL),
('disruption-set_down_only', 'Disruption: set down only', 'set_down_only', 'UNKNOWN_CAUSE', 'MODIFIED_SERVICE', 'UNKNOWN_SEVERITY', now(), NULL),
('disruption-pick_up_only', 'Disruption: pick up only', 'pick_up_only', 'UNKNOWN_CAUSE', 'MODIFIED_SERVICE', 'UNKNOWN_SEVERITY', now(), NULL)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "alert_template_texts" ("template_id", "language", "header_text", "description_text", "url")
SELECT "id", 'en-ZA', "header", "description", '' FROM (VALUES
('disruption-short_turn_end', '{route}: trains terminate at {stop}', 'Trains {trains} of {route} on {date} between {from} and {to} terminate at {stop} and do not run further. {reason}'),
('disruption-short_turn_start', '{route}: trains start from {stop}', 'Trains {trains} of {route} on {date} between {from} and {to} start from {stop} and do not run before it. {reason}'),
('disruption-set_down_only', '{stop}: trains set down only', 'Trains {trains} of {route} stop at {stop} on {date} between {from} and {to} only to let riders off: you cannot board there. {reason}'),
('disruption-pick_up_only', '{stop}: trains pick up only', 'Trains {trains} of {route} stop at {stop} on {date} between {from} and {to} only to let riders board: you cannot get off there. {reason}')
) AS seeded ("id", "header", "description")
WHERE EXISTS (SELECT 1 FROM "alert_templates" t WHERE t."id" = seeded."id")
ON CONFLICT DO NOTHING;
