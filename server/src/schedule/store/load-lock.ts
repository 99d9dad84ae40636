import type { Database } from '@feeddesk/drizzle';
import type postgres from 'postgres';

/**
 * Advisory lock class of schedule loads: a process loading version N holds (LOAD_LOCK, N) on a
 * connection of its own until the load ends. PostgreSQL drops it with the connection when the
 * process dies, so a version left in `loading` whose lock is free was interrupted, at once and
 * whatever other processes share the database.
 */
const LOAD_LOCK = 727004;

export type LoadLock = { versionId: number; release(): Promise<void> };

/**
 * Creates the version row (by `insert`, a statement returning its id) and takes its lock in one
 * transaction: no other process ever sees the row without the lock held.
 */
export async function createLockedVersion(
  database: Database,
  insert: { sql: string; params: unknown[] },
): Promise<LoadLock> {
  const holder = await database.raw.sql.reserve();
  try {
    await holder`begin`;
    const [row] = await holder.unsafe<{ id: string | number }[]>(
      insert.sql,
      insert.params as postgres.ParameterOrJSON<never>[],
    );
    const versionId = Number(row!.id);
    await holder`select pg_advisory_lock(${LOAD_LOCK}, ${versionId})`;
    await holder`commit`;
    return {
      versionId,
      async release() {
        try {
          await holder`select pg_advisory_unlock(${LOAD_LOCK}, ${versionId})`;
        } finally {
          holder.release();
        }
      },
    };
  } catch (error) {
    await holder`rollback`.catch(() => {});
    holder.release();
    throw error;
  }
}

/** The versions among `ids` whose load lock nobody holds: their loads were interrupted. */
export async function unlockedLoads(database: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const probe: postgres.ReservedSql = await database.raw.sql.reserve();
  try {
    const free: number[] = [];
    for (const id of ids) {
      const [{ taken }] = await probe<
        { taken: boolean }[]
      >`select pg_try_advisory_lock(${LOAD_LOCK}, ${id}) as taken`;
      if (!taken) continue;
      free.push(id);
      await probe`select pg_advisory_unlock(${LOAD_LOCK}, ${id})`;
    }
    return free;
  } finally {
    probe.release();
  }
}
