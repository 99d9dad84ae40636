ALTER TABLE "gtfs_trips" ADD COLUMN "first_stop_id" text;--> statement-breakpoint
-- Versions loaded before the column existed: their first stop from stop_times, once, so the trip
-- search never reads stop_times again (the PK's order gives each trip's lowest sequence first).
UPDATE "gtfs_trips" AS t SET "first_stop_id" = f."stop_id"
FROM (
	SELECT DISTINCT ON ("version_id", "trip_id") "version_id", "trip_id", "stop_id"
	FROM "gtfs_stop_times"
	ORDER BY "version_id", "trip_id", "stop_sequence"
) AS f
WHERE t."version_id" = f."version_id" AND t."trip_id" = f."trip_id";
