-- Trips are partitioned by schedule version like stop times (migration 0020, issue 32): a load
-- COPYs a version's trips into a table of its own without indexes, builds its key and three
-- indexes in bulk, and attaches it; pruning a version drops its table. Each version's rows move
-- to its own partition here.
ALTER TABLE "gtfs_trips" RENAME TO "gtfs_trips_unpartitioned";--> statement-breakpoint
ALTER TABLE "gtfs_trips_unpartitioned" RENAME CONSTRAINT "gtfs_trips_version_id_trip_id_pk" TO "gtfs_trips_unpartitioned_pk";--> statement-breakpoint
ALTER INDEX "gtfs_trips_route_idx" RENAME TO "gtfs_trips_unpartitioned_route_idx";--> statement-breakpoint
ALTER INDEX "gtfs_trips_number_idx" RENAME TO "gtfs_trips_unpartitioned_number_idx";--> statement-breakpoint
ALTER INDEX "gtfs_trips_service_idx" RENAME TO "gtfs_trips_unpartitioned_service_idx";--> statement-breakpoint
CREATE TABLE "gtfs_trips" (
	LIKE "gtfs_trips_unpartitioned" INCLUDING DEFAULTS,
	CONSTRAINT "gtfs_trips_version_id_trip_id_pk" PRIMARY KEY("version_id","trip_id")
) PARTITION BY LIST ("version_id");--> statement-breakpoint
CREATE INDEX "gtfs_trips_route_idx" ON "gtfs_trips" USING btree ("version_id","route_id","service_id");--> statement-breakpoint
CREATE INDEX "gtfs_trips_number_idx" ON "gtfs_trips" USING btree ("version_id","trip_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "gtfs_trips_service_idx" ON "gtfs_trips" USING btree ("version_id","service_id","trip_id");--> statement-breakpoint
DO $$
DECLARE v integer;
DECLARE t text;
BEGIN
	FOR v IN SELECT DISTINCT version_id FROM gtfs_trips_unpartitioned UNION SELECT id FROM schedule_versions WHERE status IN ('loading', 'current', 'previous') LOOP
		-- As a load makes it (server/src/schedule/store/version-partitions.ts): filled bare, indexed in bulk, attached.
		t := 'gtfs_trips_v' || v;
		EXECUTE format('CREATE TABLE %I (LIKE gtfs_trips INCLUDING DEFAULTS)', t);
		EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (version_id = %s)', t, t || '_version', v);
		EXECUTE format('INSERT INTO %I SELECT * FROM gtfs_trips_unpartitioned WHERE version_id = %s', t, v);
		EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (version_id, trip_id)', t, t || '_pk');
		EXECUTE format('CREATE INDEX %I ON %I (version_id, route_id, service_id)', t || '_route_idx', t);
		EXECUTE format('CREATE INDEX %I ON %I (version_id, trip_number text_pattern_ops)', t || '_number_idx', t);
		EXECUTE format('CREATE INDEX %I ON %I (version_id, service_id, trip_id)', t || '_service_idx', t);
		EXECUTE format('ALTER TABLE gtfs_trips ATTACH PARTITION %I FOR VALUES IN (%s)', t, v);
		EXECUTE format('ANALYZE %I', t);
	END LOOP;
END $$;--> statement-breakpoint
DROP TABLE "gtfs_trips_unpartitioned";
