import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '@feeddesk/drizzle';
import type postgres from 'postgres';
import { type CopyValue, csvLine } from './csv-line.ts';

export type CopyRowsOptions = {
  table: string;
  columns: readonly string[];
  rows: Iterable<readonly CopyValue[]>;
  /** Rows per chunk: one COPY per chunk on PGlite, one stream write per chunk on PostgreSQL. */
  chunkRows?: number;
};

/**
 * Bulk-loads rows with COPY FROM STDIN (postgres.js) or COPY FROM '/dev/blob' (PGlite), in
 * chunks so that memory stays bounded whatever the table size. Returns the number of rows.
 * `table` and `columns` are trusted identifiers from this module, never user input.
 */
export async function copyRows(database: Database, options: CopyRowsOptions): Promise<number> {
  const { table, columns, rows } = options;
  const columnList = columns.join(', ');
  let count = 0;
  const counted = function* (): Generator<readonly CopyValue[]> {
    for (const row of rows) {
      count++;
      yield row;
    }
  };
  const raw = database.raw;
  if (raw.kind === 'postgres') {
    await onReservedConnection(raw.sql, async (connection) => {
      const query = connection.unsafe(`copy ${table} (${columnList}) from stdin with (format csv)`);
      const failed = copyFailure(query);
      const stream = await query.writable();
      await Promise.race([
        pipeline(Readable.from(csvChunks(counted(), options.chunkRows ?? 5_000)), stream),
        failed,
      ]);
    });
    return count;
  }
  for (const chunk of csvChunks(counted(), options.chunkRows ?? 200_000)) {
    await raw.pg.query(`copy ${table} (${columnList}) from '/dev/blob' with (format csv)`, [], {
      blob: new Blob([chunk]),
    });
  }
  return count;
}

function* csvChunks(rows: Iterable<readonly CopyValue[]>, chunkRows: number): Generator<string> {
  let lines: string[] = [];
  for (const row of rows) {
    lines.push(csvLine(row));
    if (lines.length >= chunkRows) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}

/**
 * postgres.js (3.4) resolves the COPY query with its stream, and when the server rejects the data
 * (e.g. a duplicate key) it only rejects the already-resolved query: the stream never finishes.
 * Catch that rejection so a failed COPY fails the load instead of hanging it.
 */
function copyFailure(query: object): Promise<never> {
  const q = query as { reject: (error: unknown) => void };
  const reject = q.reject;
  const failed = new Promise<never>((_, fail) => {
    q.reject = (error) => {
      reject(error);
      fail(error);
    };
  });
  failed.catch(() => {});
  return failed;
}

/** COPYs one chunk of CSV already encoded (by the import worker). */
export async function copyCsv(
  database: Database,
  options: { table: string; columns: readonly string[]; csv: Uint8Array },
): Promise<void> {
  if (options.csv.byteLength === 0) return;
  const statement = `copy ${options.table} (${options.columns.join(', ')})`;
  const raw = database.raw;
  if (raw.kind === 'postgres') {
    await onReservedConnection(raw.sql, async (connection) => {
      const query = connection.unsafe(`${statement} from stdin with (format csv)`);
      const failed = copyFailure(query);
      const stream = await query.writable();
      await Promise.race([pipeline(Readable.from([Buffer.from(options.csv)]), stream), failed]);
    });
    return;
  }
  await raw.pg.query(`${statement} from '/dev/blob' with (format csv)`, [], {
    blob: new Blob([options.csv as Uint8Array<ArrayBuffer>]),
  });
}

/**
 * postgres.js pipelines queries onto pooled connections; one sent to a connection in COPY mode
 * breaks the protocol ("unexpected message type 0x50 during COPY"). A COPY gets a connection of
 * its own for its duration.
 */
async function onReservedConnection(
  sql: postgres.Sql,
  work: (connection: postgres.ReservedSql) => Promise<void>,
) {
  const connection = await sql.reserve();
  try {
    await work(connection);
  } finally {
    connection.release();
  }
}
