/**
 * gtfs_stop_times (migration 0020) and gtfs_trips (migration 0022) are partitioned by schedule
 * version. A load COPYs a version's rows into a table of its own with no index, builds
 * the indexes in bulk afterwards and attaches it; a pruned version's table is dropped, where its
 * rows were deleted one by one. Measured on PostgreSQL 15: Renfe's 1.87 M stop times COPY'd into
 * the indexed table 8.4 s, into a bare one then both indexes 4.4 s; its 138 716 trips 2.4-2.6 s
 * into the indexed table (four indexes), 0.18 s into a bare one then 0.8 s for the four indexes.
 */
export type VersionPartitioned = {
  /** The partitioned table, as the COPY chunks name it. */
  table: string;
  /** The key's columns after version_id, in the key's order. */
  key: readonly string[];
  /** The parent's other indexes, by the suffix of their name on a partition. */
  indexes: Readonly<Record<string, string>>;
  /** The sentence for a duplicate key, from its values after version_id. */
  duplicate: (values: string) => string;
};

export const STOP_TIMES_PARTITIONED: VersionPartitioned = {
  table: 'gtfs_stop_times',
  key: ['trip_id', 'stop_sequence'],
  indexes: { stop_trip_idx: '(version_id, stop_id, trip_id)' },
  duplicate: (values) => {
    const [, trip, sequence] = /^(.*), (-?\d+)$/.exec(values) ?? [];
    return trip === undefined
      ? `duplicate key: stop_times.txt lists a trip's stop_sequence more than once (${values}); keep one row and upload again.`
      : `duplicate key: stop_times.txt lists trip ${trip} at stop_sequence ${sequence} more than once; keep one row and upload again.`;
  },
};

export const TRIPS_PARTITIONED: VersionPartitioned = {
  table: 'gtfs_trips',
  key: ['trip_id'],
  indexes: {
    route_idx: '(version_id, route_id, service_id)',
    number_idx: '(version_id, trip_number text_pattern_ops)',
    service_idx: '(version_id, service_id, trip_id)',
  },
  duplicate: (values) =>
    `duplicate key: trips.txt lists trip ${values} more than once; keep one row and upload again.`,
};

export const VERSION_PARTITIONED = [STOP_TIMES_PARTITIONED, TRIPS_PARTITIONED] as const;

/** The stop times' partitioned table's name, as the COPY chunks name it. */
export const STOP_TIMES_TABLE = STOP_TIMES_PARTITIONED.table;

/** The partitioned table whose rows a COPY of `table` goes to, if it is one. */
export function versionPartitioned(table: string): VersionPartitioned | undefined {
  return VERSION_PARTITIONED.find((p) => p.table === table);
}

/** The table holding one version's rows of `parent`. */
export function partitionOf(parent: VersionPartitioned, versionId: number): string {
  return `${parent.table}_v${Math.trunc(versionId)}`;
}

export function stopTimesPartition(versionId: number): string {
  return partitionOf(STOP_TIMES_PARTITIONED, versionId);
}

/** Before the COPY: the version's table, bare; its check lets ATTACH skip scanning it. */
export function createPartitionStatements(versionId: number, parent = STOP_TIMES_PARTITIONED): string[] {
  const table = partitionOf(parent, versionId);
  return [
    `drop table if exists ${table}`,
    `create table ${table} (like ${parent.table} including defaults)`,
    `alter table ${table} add constraint ${table}_version check (version_id = ${Math.trunc(versionId)})`,
  ];
}

/**
 * After the COPY: the parent's key and indexes, built in bulk (a COPY'd duplicate key fails here),
 * then the table becomes the version's partition. ATTACH takes only a SHARE UPDATE EXCLUSIVE lock
 * on the parent: readers and writers of other versions go on, and it finds every index made, so
 * it builds nothing. `each` are independent builds (each takes only a SHARE lock), run side by side
 * on as many connections; `after` makes the key from its index (a change of the catalogue only).
 */
export function indexPartitionStatements(
  versionId: number,
  parent = STOP_TIMES_PARTITIONED,
): { each: string[]; after: string[] } {
  const table = partitionOf(parent, versionId);
  return {
    each: [
      `create unique index ${table}_pk on ${table} (version_id, ${parent.key.join(', ')})`,
      ...Object.entries(parent.indexes).map(
        ([suffix, columns]) => `create index ${table}_${suffix} on ${table} ${columns}`,
      ),
    ],
    after: [`alter table ${table} add constraint ${table}_pk primary key using index ${table}_pk`],
  };
}

export function attachPartitionStatement(versionId: number, parent = STOP_TIMES_PARTITIONED): string {
  const v = Math.trunc(versionId);
  return `alter table ${parent.table} attach partition ${partitionOf(parent, v)} for values in (${v})`;
}

/**
 * The sentence for a duplicate key an index build of `parent` found, from PostgreSQL's detail
 * ("Key (version_id, trip_id)=(2, T1) is duplicated."), or undefined when it is not one.
 */
export function duplicateKeySentence(
  parent: VersionPartitioned,
  detail: string | undefined,
): string | undefined {
  const values = duplicatedValues(detail ?? '');
  return values === undefined ? undefined : parent.duplicate(values);
}

/**
 * What `/=\(\d+, (.*)\) is duplicated/` captured, found with two searches per line instead of that
 * pattern's retries from every `=(` (quadratic on a detail repeating `=(0, `): the values run from
 * the first `=(N, ` of a line to its last `) is duplicated`.
 */
export function duplicatedValues(detail: string): string | undefined {
  for (const line of detail.split(/[\n\r\u2028\u2029]/)) {
    const start = /=\(\d+, /.exec(line);
    if (!start) continue;
    const from = start.index + start[0].length;
    const to = line.lastIndexOf(') is duplicated');
    if (to >= from) return line.slice(from, to);
  }
  return undefined;
}

/**
 * Dropping an attached partition takes an ACCESS EXCLUSIVE lock on its parent for an instant;
 * waiting for it would queue every reader behind it. So it waits at most this long, and is tried
 * again later (the next prune) when a long query holds the table.
 */
export const DROP_LOCK_TIMEOUT_MS = 200;

export function dropPartitionStatement(versionId: number, parent = STOP_TIMES_PARTITIONED): string {
  return `drop table if exists ${partitionOf(parent, versionId)}`;
}
