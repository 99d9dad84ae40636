import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '@feeddesk/drizzle';
import type postgres from 'postgres';

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
  await onReservedConnection(database.raw.sql, async (connection) => {
    const query = connection.unsafe(`${statement} from stdin with (format csv)`);
    const failed = copyFailure(query);
    const stream = await query.writable();
    await Promise.race([pipeline(Readable.from([Buffer.from(options.csv)]), stream), failed]);
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
