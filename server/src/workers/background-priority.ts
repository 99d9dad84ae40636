import { readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { connectDb } from '@feeddesk/drizzle';
import type postgres from 'postgres';
import type { AppDeps } from '../deps.ts';

/** Long work's priority (its threads, its database processes): well behind serving, yet never starved (19 would be). */
export const LOAD_NICE = 10;

/**
 * When the database runs on this machine (the embedded default, or a server on loopback), the
 * process behind this connection gets a lower CPU priority: the feed's and the editors' queries,
 * and the event loop serving them, come first on a machine with few cores. The process ends with
 * the connection, so the priority is never carried over to other work: call it on a connection of
 * its own only.
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
    // Not on this machine, not Linux, no autogroup, or not ours to change: run as it is.
    return false;
  }
}

/** Long acts on background connections at once in this process; more wait their turn. */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs a long act of a controller (a disruption's preview, apply or lift over thousands of trips)
 * on a database connection of its own, at background priority (yieldToServing), then closes it.
 * Its queries are what the database works on besides the feed's polls and the other controllers'
 * saves: on the pool's connections, at the same priority, on two cores, a save beside a
 * five-times-Renfe preview waited up to 268 ms (docs/quality.md: none over 200 ms). Within a
 * caller's transaction (`deps.db` is not the pool) the act stays on it: it must see what the
 * caller wrote. At most AT_ONCE such connections per process: a controller sending previews
 * without pause queues behind their own, never takes the database's connections.
 */
export async function onBackgroundConnection<T>(
  deps: AppDeps,
  work: (deps: AppDeps) => Promise<T>,
): Promise<T> {
  if (deps.db !== deps.database.db) return work(deps);
  // A slot is handed from the act that ends to the first waiting, never taken past it.
  if (running < AT_ONCE) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    const own = connectDb(deps.database.raw.url, { max: 1 });
    try {
      await yieldToServing(own.raw.sql);
      return await work({ ...deps, db: own.db });
    } finally {
      await own.close();
    }
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
