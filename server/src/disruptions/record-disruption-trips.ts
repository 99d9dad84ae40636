import type { disruptionTrips } from '@feeddesk/drizzle';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../deps.ts';
import { batchesOf, byteaText } from '../schedule/statement-batches.ts';

export type DisruptionTripRecord = typeof disruptionTrips.$inferInsert;

/**
 * Records a disruption's trips (each with its earlier update, for the lift), a batch of rows per
 * statement and each batch one parameter: drizzle's insert made a parameter of every value.
 */
export async function recordDisruptionTrips(db: DbOrTx, records: DisruptionTripRecord[]): Promise<void> {
  for (const batch of batchesOf(records)) {
    const rows = batch.map((r) => ({
      disruption_id: r.disruptionId,
      trip_id: r.tripId,
      start_date: r.startDate,
      entity_id: r.entityId,
      before_pb: r.beforePb ? byteaText(r.beforePb) : null,
      replaces_trip_id: r.replacesTripId ?? null,
    }));
    await db.execute(sql`
      insert into disruption_trips (disruption_id, trip_id, start_date, entity_id, before_pb, replaces_trip_id)
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(disruption_id text, trip_id text, start_date text, entity_id text, before_pb bytea, replaces_trip_id text)`);
  }
}
