import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '@feeddesk/drizzle';
import { unzipSync } from 'fflate';

/** Plain tables for the reference COPY: file → columns typed as in the file, primary key and indexes as ours. */
const referenceTables: Record<string, { ints: string[]; key: string[]; indexes?: string[][] }> = {
  'agency.txt': { ints: [], key: ['agency_id'] },
  'routes.txt': { ints: ['route_type'], key: ['route_id'] },
  'stops.txt': { ints: [], key: ['stop_id'] },
  'calendar.txt': { ints: [], key: ['service_id'] },
  'calendar_dates.txt': { ints: ['exception_type'], key: ['service_id', 'date'] },
  'trips.txt': { ints: [], key: ['trip_id'], indexes: [['route_id'], ['service_id']] },
  'stop_times.txt': {
    ints: ['stop_sequence'],
    key: ['trip_id', 'stop_sequence'],
    indexes: [['stop_id', 'trip_id']],
  },
};

/** COPY of the zip's raw CSVs (what `psql \\copy` does), the reference of the import benchmarks: into plain tables with the same keys (what `psql \copy` does). */
export async function copyReference(database: Database, zip: Uint8Array): Promise<void> {
  const files = unzipSync(zip, { filter: (f) => f.name in referenceTables });
  for (const [name, bytes] of Object.entries(files)) {
    const spec = referenceTables[name];
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const header = text
      .slice(0, text.indexOf('\n'))
      .split(',')
      .map((c) => c.trim());
    const tableName = `ref_${name.replace('.txt', '')}`;
    const columns = header.map((c) => `${c} ${spec.ints.includes(c) ? 'integer' : 'text'}`);
    await exec(database, `drop table if exists ${tableName}`);
    await exec(
      database,
      `create table ${tableName} (${columns.join(', ')}, primary key (${spec.key.join(', ')}))`,
    );
    for (const index of spec.indexes ?? [])
      await exec(database, `create index on ${tableName} (${index.join(', ')})`);
    const body = text.slice(text.indexOf('\n') + 1);
    const copy = `copy ${tableName} (${header.join(', ')}) from stdin with (format csv)`;
    const stream = await database.raw.sql.unsafe(copy).writable();
    await pipeline(Readable.from(lineChunks(body, 8 << 20)), stream);
  }
}

function* lineChunks(text: string, size: number): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) end = text.indexOf('\n', end) + 1 || text.length;
    yield text.slice(start, end);
    start = end;
  }
}

async function exec(database: Database, statement: string): Promise<void> {
  await database.raw.sql.unsafe(statement);
}

/**
 * The floor of an upload: a plain COPY (`psql \copy`) of the zip's stop_times.txt alone
 * into a table of its own columns with three indexes: the primary key (trip_id, stop_sequence),
 * (stop_id, trip_id) as the trip search's, and (trip_id, arrival_time). Resolves with its seconds.
 */
export async function copyStopTimesReference(database: Database, zip: Uint8Array): Promise<number> {
  const files = unzipSync(zip, { filter: (f) => f.name === 'stop_times.txt' });
  const bytes = files['stop_times.txt'];
  if (!bytes) throw new Error('The zip has no stop_times.txt.');
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const header = text
    .slice(0, text.indexOf('\n'))
    .split(',')
    .map((c) => c.trim());
  const columns = header.map((c) => `${c} ${c === 'stop_sequence' ? 'integer' : 'text'}`);
  const started = performance.now();
  await exec(database, 'drop table if exists ref_copy_stop_times');
  await exec(
    database,
    `create table ref_copy_stop_times (${columns.join(', ')}, primary key (trip_id, stop_sequence))`,
  );
  await exec(database, 'create index on ref_copy_stop_times (stop_id, trip_id)');
  await exec(database, 'create index on ref_copy_stop_times (trip_id, arrival_time)');
  const body = text.slice(text.indexOf('\n') + 1);
  const copy = `copy ref_copy_stop_times (${header.join(', ')}) from stdin with (format csv)`;
  const stream = await database.raw.sql.unsafe(copy).writable();
  await pipeline(Readable.from(lineChunks(body, 8 << 20)), stream);
  const seconds = (performance.now() - started) / 1000;
  await exec(database, 'drop table ref_copy_stop_times');
  return seconds;
}
