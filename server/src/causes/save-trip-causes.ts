import { tripCauses } from '@feeddesk/drizzle';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../deps.ts';
import type { CauseInput } from './delay-cause.ts';

/**
 * Keeps the cause given for each dated train (the last one given wins), in the transaction of
 * the save or apply that gave it: summaries count minutes lost by cause from these rows.
 */
export async function saveTripCauses(
  db: DbOrTx,
  options: {
    trains: { tripId: string; startDate: string }[];
    cause: CauseInput;
    disruptionId?: string;
    at: Date;
    by: string | null;
  },
): Promise<void> {
  const { cause } = options;
  const seen = new Set<string>();
  const rows = options.trains
    .filter((t) => {
      const key = `${t.tripId}\u0000${t.startDate}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((t) => ({
      tripId: t.tripId,
      startDate: t.startDate,
      code: cause.code,
      stopId: cause.stopId ?? null,
      disruptionId: options.disruptionId ?? null,
      at: options.at,
      by: options.by,
    }));
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(tripCauses)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [tripCauses.tripId, tripCauses.startDate],
        set: {
          code: sql`excluded.code`,
          stopId: sql`excluded.stop_id`,
          disruptionId: sql`excluded.disruption_id`,
          at: sql`excluded.at`,
          by: sql`excluded.by`,
        },
      });
}

/** The cause of a dated train taken back, in the transaction of the save that took it back. */
export async function deleteTripCause(
  db: DbOrTx,
  train: { tripId: string; startDate: string },
): Promise<void> {
  await db
    .delete(tripCauses)
    .where(and(eq(tripCauses.tripId, train.tripId), eq(tripCauses.startDate, train.startDate)));
}
