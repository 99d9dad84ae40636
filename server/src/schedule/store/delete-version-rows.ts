import { agencies, calendarDates, calendars, routes, scheduleVersions, stops } from '@feeddesk/drizzle';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { isAnyOf } from '../statement-batches.ts';
import {
  DROP_LOCK_TIMEOUT_MS,
  dropPartitionStatement,
  VERSION_PARTITIONED,
  type VersionPartitioned,
} from './version-partitions.ts';

const gtfsTables = [stops, routes, agencies, calendars, calendarDates] as const;

/**
 * Deletes the GTFS rows (not the version metadata) of the given schedule versions: their stop
 * times' and trips' partitions are dropped. A partition a long query still reads stays until the next prune
 * (dropStalePartitions); its version no longer serves, so nothing reads it by mistake.
 */
export async function deleteVersionRows(deps: Pick<Deps, 'db'>, versionIds: number[]): Promise<void> {
  if (versionIds.length === 0) return;
  for (const versionId of versionIds)
    for (const parent of VERSION_PARTITIONED) await dropPartition(deps, versionId, parent);
  for (const table of gtfsTables) {
    await deps.db.delete(table).where(isAnyOf(table.versionId, versionIds));
  }
}

/** Drops the stop times' and trips' partitions of versions that are neither serving nor loading. */
export async function dropStalePartitions(deps: Pick<Deps, 'db'>): Promise<void> {
  for (const parent of VERSION_PARTITIONED) {
    const pattern = `^${parent.table}_v([0-9]+)$`;
    const rows = (await deps.db.execute(sql`
      select substring(c.relname from ${pattern})::int as version_id
      from pg_class c
      where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
        and c.relname ~ ${pattern}
        and not exists (
          select 1 from ${scheduleVersions} v
          where v.id = substring(c.relname from ${pattern})::int
            and v.status in ('current', 'previous', 'loading')
        )`)) as unknown as { version_id: number }[];
    for (const { version_id } of rows) await dropPartition(deps, version_id, parent);
  }
}

async function dropPartition(
  deps: Pick<Deps, 'db'>,
  versionId: number,
  parent: VersionPartitioned,
): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await deps.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${DROP_LOCK_TIMEOUT_MS}ms'`));
        await tx.execute(sql.raw(dropPartitionStatement(versionId, parent)));
      });
      return true;
    } catch (error) {
      // 55P03 lock_not_available: a long query reads the parent table; try again shortly, else later.
      if (
        (error as { code?: string }).code !== '55P03' &&
        (error as { cause?: { code?: string } }).cause?.code !== '55P03'
      )
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * (attempt + 1)));
    }
  }
  return false;
}
