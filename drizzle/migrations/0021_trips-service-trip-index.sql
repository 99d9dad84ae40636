DROP INDEX "gtfs_trips_service_idx";--> statement-breakpoint
CREATE INDEX "gtfs_trips_service_idx" ON "gtfs_trips" USING btree ("version_id","service_id","trip_id");