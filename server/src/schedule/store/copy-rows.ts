import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/** COPYs one table's CSV (already encoded, by the import worker) as it comes, in one COPY statement. */
export async function copyTable(
  connection: postgres.Sql | postgres.TransactionSql,
  target: { table: string; columns: readonly string[]; freeze?: boolean },
  csv: AsyncIterable<Uint8Array>,
): Promise<void> {
  const query = connection.unsafe(
    `copy ${target.table} (${target.columns.join(', ')}) from stdin with (format csv${target.freeze ? ', freeze' : ''})`,
  );
  const failed = copyFailure(query);
  const stream = await query.writable();
  await Promise.race([pipeline(Readable.from(csv), stream), failed]);
}
