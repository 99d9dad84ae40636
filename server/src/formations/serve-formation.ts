import { decodeFeedEntity, feedEntityToJson, transit_realtime } from '@feeddesk/proto';
import { sql } from 'drizzle-orm';
import { carryTrainFacts, loadTrainFacts } from '../feed/carry-train-facts.ts';
import type { FeedKind } from '../feed/feed-kind.ts';
import type { FeedTransaction } from '../feed/feed-transaction.ts';
import { type PreparedEntity, writeFeedEntities } from '../feed/save-feed-entity.ts';
import type { ScheduleView } from '../schedule/read-schedule-view.ts';

/**
 * Writes a dated train's formation, as stored now in the act's transaction, into its live vehicle
 * position (multi_carriage_details) and trip update (departure_occupancy_status): the feeds serve
 * stored bytes, so a formation saved or deleted is an act on them, heard by every process as any
 * feed change is (docs/contract-notes.md "Formations"). A train without a live position or trip
 * update gets the formation when its producer next saves one (carry-train-facts.ts).
 */
export async function serveFormation(
  feed: FeedTransaction,
  options: { tripId: string; date: string; view: ScheduleView | null; by: string | null; gone?: boolean },
): Promise<void> {
  const { deps, changes } = feed;
  const rows = (await deps.db.execute(sql`
    select kind, id, pb, expires_at from feed_entities
    where trip_id = ${options.tripId} and kind in ('vehicle', 'trip_update') and not draft
    for update`)) as unknown as { kind: FeedKind; id: string; pb: Buffer; expires_at: string | null }[];
  if (rows.length === 0) return;
  const facts = await loadTrainFacts(deps.db, [options.tripId]);
  const byKind = new Map<FeedKind, PreparedEntity[]>();
  for (const row of rows) {
    const entity = decodeFeedEntity(row.pb);
    if ((entity.vehicle ?? entity.tripUpdate)?.trip?.startDate !== options.date) continue;
    carryTrainFacts(entity, facts, options.view, { formationGone: options.gone === true });
    const list = byKind.get(row.kind) ?? [];
    list.push({
      id: row.id,
      entity,
      row: {
        pb: Buffer.from(transit_realtime.FeedEntity.encode(entity).finish()),
        json: feedEntityToJson(entity),
        tripId: options.tripId,
        expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
        draft: false,
      },
      warnings: [],
    });
    byKind.set(row.kind, list);
  }
  for (const [kind, entities] of byKind) {
    await writeFeedEntities(deps.db, {
      kind,
      entities,
      now: deps.now(),
      by: options.by,
      // A position's history is kept only when its producer asks (docs/rest-api.md); an update's always.
      log: kind === 'trip_update',
      changes,
    });
    changes.add(kind, options.by);
  }
}
