-- Stop times are partitioned by schedule version (issue 32): a load COPYs into a table of its own
-- without indexes, builds them in bulk, and attaches it; pruning a version drops its table instead
-- of deleting millions of rows. Each version's rows move to its own partition here.
ALTER TABLE "gtfs_stop_times" RENAME TO "gtfs_stop_times_unpartitioned";--> statement-breakpoint
ALTER TABLE "gtfs_stop_times_unpartitioned" RENAME CONSTRAINT "gtfs_stop_times_version_id_trip_id_stop_sequence_pk" TO "gtfs_stop_times_unpartitioned_pk";--> statement-breakpoint
ALTER INDEX "gtfs_stop_times_stop_trip_idx" RENAME TO "gtfs_stop_times_unpartitioned_stop_trip_idx";--> statement-breakpoint
CREATE TABLE "gtfs_stop_times" (
	"version_id" integer NOT NULL,
	"trip_id" text NOT NULL,
	"stop_sequence" integer NOT NULL,
	"stop_id" text NOT NULL,
	"arrival_secs" integer,
	"departure_secs" integer,
	CONSTRAINT "gtfs_stop_times_version_id_trip_id_stop_sequence_pk" PRIMARY KEY("version_id","trip_id","stop_sequence")
) PARTITION BY LIST ("version_id");--> statement-breakpoint
CREATE INDEX "gtfs_stop_times_stop_trip_idx" ON "gtfs_stop_times" USING btree ("version_id","stop_id","trip_id");--> statement-breakpoint
DO $$
DECLARE v integer;
BEGIN
	FOR v IN SELECT DISTINCT version_id FROM gtfs_stop_times_unpartitioned UNION SELECT id FROM schedule_versions WHERE status IN ('loading', 'current', 'previous') LOOP
		-- As a load makes it (server/src/schedule/store/stop-times-partition.ts): filled bare, indexed in bulk, attached.
		EXECUTE format('CREATE TABLE %I (LIKE gtfs_stop_times INCLUDING DEFAULTS)', 'gtfs_stop_times_v' || v);
		EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (version_id = %s)', 'gtfs_stop_times_v' || v, 'gtfs_stop_times_v' || v || '_version', v);
		EXECUTE format('INSERT INTO %I SELECT * FROM gtfs_stop_times_unpartitioned WHERE version_id = %s', 'gtfs_stop_times_v' || v, v);
		EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (version_id, trip_id, stop_sequence)', 'gtfs_stop_times_v' || v, 'gtfs_stop_times_v' || v || '_pk');
		EXECUTE format('CREATE INDEX %I ON %I (version_id, stop_id, trip_id)', 'gtfs_stop_times_v' || v || '_stop_trip_idx', 'gtfs_stop_times_v' || v);
		EXECUTE format('ALTER TABLE gtfs_stop_times ATTACH PARTITION %I FOR VALUES IN (%s)', 'gtfs_stop_times_v' || v, v);
		EXECUTE format('ANALYZE %I', 'gtfs_stop_times_v' || v);
	END LOOP;
END $$;--> statement-breakpoint
DROP TABLE "gtfs_stop_times_unpartitioned";
