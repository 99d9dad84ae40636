CREATE TABLE "delay_causes" (
	"code" text PRIMARY KEY NOT NULL,
	"labels" jsonb NOT NULL,
	"gtfs_cause" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_causes" (
	"trip_id" text NOT NULL,
	"start_date" text NOT NULL,
	"code" text NOT NULL,
	"stop_id" text,
	"disruption_id" text,
	"at" timestamp with time zone NOT NULL,
	"by" text,
	CONSTRAINT "trip_causes_trip_id_start_date_pk" PRIMARY KEY("trip_id","start_date")
);
--> statement-breakpoint
ALTER TABLE "disruptions" ADD COLUMN "cause" jsonb;--> statement-breakpoint
CREATE INDEX "trip_causes_date_idx" ON "trip_causes" USING btree ("start_date");--> statement-breakpoint
-- The default catalogue of delay causes for rail (docs/glossary.md "cause"): English (the demo's
-- default language) and Afrikaans labels; an administrator edits it on the Settings screen.
INSERT INTO "delay_causes" ("code", "labels", "gtfs_cause", "position") VALUES
	('SIGNAL_FAILURE', '{"en-ZA": "Signal failure", "af-ZA": "Seinfout"}', 'TECHNICAL_PROBLEM', 0),
	('POINTS_FAILURE', '{"en-ZA": "Points failure", "af-ZA": "Wisselfout"}', 'TECHNICAL_PROBLEM', 1),
	('ROLLING_STOCK_FAULT', '{"en-ZA": "Rolling stock fault", "af-ZA": "Fout aan rollende materieel"}', 'TECHNICAL_PROBLEM', 2),
	('POWER_SUPPLY', '{"en-ZA": "Power supply failure", "af-ZA": "Kragonderbreking"}', 'TECHNICAL_PROBLEM', 3),
	('CABLE_THEFT', '{"en-ZA": "Cable theft", "af-ZA": "Kabeldiefstal"}', 'POLICE_ACTIVITY', 4),
	('TRESPASS', '{"en-ZA": "Trespass on the line", "af-ZA": "Oortreding op die spoor"}', 'POLICE_ACTIVITY', 5),
	('VANDALISM', '{"en-ZA": "Vandalism", "af-ZA": "Vandalisme"}', 'POLICE_ACTIVITY', 6),
	('WEATHER', '{"en-ZA": "Weather", "af-ZA": "Weer"}', 'WEATHER', 7),
	('ENGINEERING_WORKS', '{"en-ZA": "Engineering works", "af-ZA": "Ingenieurswerke"}', 'MAINTENANCE', 8),
	('OVERRUNNING_WORKS', '{"en-ZA": "Engineering works overran", "af-ZA": "Ingenieurswerke het oorgeloop"}', 'MAINTENANCE', 9),
	('STAFF_SHORTAGE', '{"en-ZA": "Staff shortage", "af-ZA": "Personeeltekort"}', 'OTHER_CAUSE', 10),
	('STRIKE', '{"en-ZA": "Strike", "af-ZA": "Staking"}', 'STRIKE', 11),
	('PROTEST', '{"en-ZA": "Protest", "af-ZA": "Betoging"}', 'DEMONSTRATION', 12),
	('MEDICAL_EMERGENCY', '{"en-ZA": "Medical emergency", "af-ZA": "Mediese noodgeval"}', 'MEDICAL_EMERGENCY', 13),
	('ACCIDENT', '{"en-ZA": "Accident", "af-ZA": "Ongeluk"}', 'ACCIDENT', 14),
	('LEVEL_CROSSING', '{"en-ZA": "Level crossing incident", "af-ZA": "Voorval by spooroorgang"}', 'ACCIDENT', 15),
	('LATE_CONNECTION', '{"en-ZA": "Waiting for a late connection", "af-ZA": "Wag vir laat aansluiting"}', 'OTHER_CAUSE', 16),
	('OTHER', '{"en-ZA": "Other", "af-ZA": "Ander"}', 'OTHER_CAUSE', 17);
