import { readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import type postgres from 'postgres';

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
