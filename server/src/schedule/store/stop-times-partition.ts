/**
 * gtfs_stop_times is partitioned by schedule version (migration 0020, issue 32). A load COPYs a
 * version's stop times into a table of its own with no index, builds its two indexes in bulk
 * afterwards and attaches it: on Renfe's 1.87 M stop times, COPY into the indexed table took 8.4 s
 * and COPY into a bare one then both indexes 4.4 s (PostgreSQL 15, same machine). A pruned
 * version's partition is dropped, where its rows were deleted one by one.
 */

/** The partition holding one version's stop times. */
/** The partitioned table's name, as the COPY chunks name it. */
export const STOP_TIMES_TABLE = 'gtfs_stop_times';

export function stopTimesPartition(versionId: number): string {
  return `gtfs_stop_times_v${Math.trunc(versionId)}`;
}

/** Before the COPY: the version's table, bare; its check lets ATTACH skip scanning it. */
export function createPartitionStatements(versionId: number): string[] {
  const table = stopTimesPartition(versionId);
  return [
    `drop table if exists ${table}`,
    `create table ${table} (like gtfs_stop_times including defaults)`,
    `alter table ${table} add constraint ${table}_version check (version_id = ${Math.trunc(versionId)})`,
  ];
}

/**
 * After the COPY: the parent's key and index, built in bulk (a COPY'd duplicate key fails here,
 * naming it), then the table becomes the version's partition. ATTACH takes only a SHARE UPDATE
 * EXCLUSIVE lock on gtfs_stop_times: readers and writers of other versions go on, and it finds
 * both indexes made, so it builds nothing.
 */
export function indexPartitionStatements(versionId: number): { each: string[]; after: string[] } {
  const table = stopTimesPartition(versionId);
  return {
    // Independent builds (both take only a SHARE lock): on two connections they run side by side.
    each: [
      `create unique index ${table}_pk on ${table} (version_id, trip_id, stop_sequence)`,
      `create index ${table}_stop_trip_idx on ${table} (version_id, stop_id, trip_id)`,
    ],
    // The key from its index, built already: a change of the catalogue only.
    after: [`alter table ${table} add constraint ${table}_pk primary key using index ${table}_pk`],
  };
}

export function attachPartitionStatement(versionId: number): string {
  const v = Math.trunc(versionId);
  return `alter table gtfs_stop_times attach partition ${stopTimesPartition(v)} for values in (${v})`;
}

/**
 * Dropping an attached partition takes an ACCESS EXCLUSIVE lock on gtfs_stop_times for an instant;
 * waiting for it would queue every reader behind it. So it waits at most this long, and is tried
 * again later (the next prune) when a long query holds the table.
 */
export const DROP_LOCK_TIMEOUT_MS = 200;

export function dropPartitionStatement(versionId: number): string {
  return `drop table if exists ${stopTimesPartition(versionId)}`;
}
