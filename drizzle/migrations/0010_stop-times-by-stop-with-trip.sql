DROP INDEX "gtfs_stop_times_stop_idx";--> statement-breakpoint
CREATE INDEX "gtfs_stop_times_stop_trip_idx" ON "gtfs_stop_times" USING btree ("version_id","stop_id","trip_id");