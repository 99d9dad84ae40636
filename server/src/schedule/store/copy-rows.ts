import { readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
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

/**
 * When the database runs on this machine (the embedded default, or a server on loopback), its
 * process doing the COPY gets a lower CPU priority: the feed's and the editors' queries, and the
 * event loop serving them, come first on a machine with few cores. The process ends with the
 * connection, so the priority is never carried over to other work.
 *
 * Linux with autogroup scheduling (the default of most distributions) shares the CPU between
 * sessions first, and every PostgreSQL backend is a session of its own (it calls setsid): its nice
 * value alone then changes nothing, and a COPY backend weighed as much as the whole product. Its
 * session's nice value is set too (/proc/<pid>/autogroup). Measured on 2 cores: the main thread
 * waited 150–480 ms of every second for a CPU during a Renfe load before this. True when it did.
 */
export async function yieldToServing(connection: postgres.Sql): Promise<boolean> {
  try {
    const [{ pid }] = await connection<{ pid: number }[]>`select pg_backend_pid() as pid`;
    if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return false;
    setPriority(pid, LOAD_NICE);
    writeFileSync(`/proc/${pid}/autogroup`, String(LOAD_NICE));
    return true;
  } catch {
    // Not on this machine, not Linux, no autogroup, or not ours to change: load as it is.
    return false;
  }
}

/** The load's priority (its threads, its COPY backend): well behind serving, yet never starved (19 would be). */
export const LOAD_NICE = 10;
