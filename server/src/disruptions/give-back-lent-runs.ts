import { alertNarrowings, disruptions, disruptionTrips, feedEntities } from '@feeddesk/drizzle';
import { feedEntityFromJson } from '@feeddesk/proto';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import {
  type AlertJson,
  alertOwners,
  countedRuns,
  narrowedAlert,
  type Run,
} from '../consistency/carry-alert-consequences.ts';
import type { FeedTransaction } from '../feed/feed-transaction.ts';
import { prepareFeedEntity, readScheduleViewFor, writeFeedEntities } from '../feed/save-feed-entity.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

type Selector = NonNullable<AlertJson['alert']['informedEntity']>[number];

/**
 * At a disruption's lift, gives back the runs it took out of other alerts (docs/contract-notes.md
 * "Consistency findings"): they are their disruptions' again, and each alert names them again —
 * as it was before, when nobody has edited it since, else with the runs added back to its
 * informed entities — less the runs other disruptions in force still hold out of it. An alert it
 * ended comes back; one whose disruption was lifted since, or that someone else ended, does not.
 */
export async function giveBackLentRuns(
  feed: FeedTransaction,
  disruptionId: string,
  today: string,
): Promise<void> {
  const { db } = feed.deps;
  const lent = await db
    .select()
    .from(alertNarrowings)
    .where(eq(alertNarrowings.disruptionId, disruptionId))
    .orderBy(desc(alertNarrowings.id));
  if (lent.length === 0) return;
  await db
    .update(disruptionTrips)
    .set({ overriddenBy: null })
    .where(eq(disruptionTrips.overriddenBy, disruptionId));
  await db.delete(alertNarrowings).where(eq(alertNarrowings.disruptionId, disruptionId));
  for (const alertId of [...new Set(lent.map((l) => l.alertId))]) {
    const loans = lent.filter((l) => l.alertId === alertId);
    const published = await db
      .select({ liftedAt: disruptions.liftedAt })
      .from(disruptions)
      .where(eq(disruptions.alertId, alertId));
    // Gone with its own disruption's lift.
    if (published.length > 0 && published.every((d) => d.liftedAt)) continue;
    const [row] = await db
      .select({ json: feedEntities.json, revision: feedEntities.revision, draft: feedEntities.draft })
      .from(feedEntities)
      .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, alertId)));
    if (row?.draft) continue;
    const held = await db
      .select()
      .from(alertNarrowings)
      .where(and(eq(alertNarrowings.alertId, alertId), ne(alertNarrowings.disruptionId, disruptionId)))
      .orderBy(asc(alertNarrowings.id));
    const stillOut = held.flatMap((h) => h.runs);
    const ownerIds = await alertOwners(feed, alertId);
    // The earliest loan's "before" is the alert before any disruption in force touched it.
    const loansOf = [...loans, ...held].sort((a, b) => a.id - b.id);
    const before = loansOf[0]!.beforeJson as AlertJson;
    const lastEdit = Math.max(...loansOf.map((l) => l.revisionAfter ?? -1));
    let base: AlertJson;
    if (!row) {
      // Ended by a disruption's loan (this one's or a later one's), else by someone: left ended.
      if (!loansOf.some((l) => l.revisionAfter === null)) continue;
      base = before;
    } else if (row.revision === lastEdit) {
      // Nobody edited it since the loans: as it was, less what other disruptions still hold.
      base = before;
    } else
      base = withRunsBack(
        row.json as AlertJson,
        before,
        loans.flatMap((l) => l.runs),
        today,
      );
    // The runs its disruptions count that a later edit left out of `before` come back too.
    if (ownerIds.length > 0) base = withRunsBack(base, before, await countedRuns(feed, ownerIds), today);
    const next =
      stillOut.length > 0
        ? (await narrowedAlert(feed, base, stillOut, { ownerIds, today, checked: false })).next
        : feedEntityFromJson(base);
    if (!next) continue;
    const view = await readScheduleViewFor(feed.deps, 'alert', [next]);
    const prepared = await prepareFeedEntity(feed.deps, { kind: 'alert', entity: next, view, verify: false });
    // Not marked as this act's own alert: a contradiction of it is carried further, not refused.
    const [saved] = await writeFeedEntities(db, {
      kind: 'alert',
      entities: [prepared],
      now: feed.deps.now(),
      by: feed.changes.by,
      log: true,
    });
    // The loans still out keep the alert's first "before" and know this edit for their own.
    if (held.length > 0) {
      await db
        .update(alertNarrowings)
        .set({ revisionAfter: saved?.revision ?? null })
        .where(
          isAnyOf(
            alertNarrowings.id,
            held.map((h) => h.id),
          ),
        );
      await db.update(alertNarrowings).set({ beforeJson: before }).where(eq(alertNarrowings.id, held[0]!.id));
    }
    feed.changes.add('alert', feed.changes.by);
  }
}

/**
 * The alert as someone left it, naming these runs again: the selectors the alert had for them
 * before, or, when it was about a whole route then, each run at the stops it named.
 */
function withRunsBack(current: AlertJson, before: AlertJson, runs: Run[], today: string): AlertJson {
  const informed = current.alert.informedEntity ?? [];
  // Still about a whole route: it names every train of it already.
  if (!informed.some((sel) => sel.trip?.tripId)) return current;
  const isRun = (sel: Selector, run: Run) =>
    run.tripId === sel.trip?.tripId && run.startDate === (sel.trip?.startDate || today);
  const was = before.alert.informedEntity ?? [];
  const stopIds = [...new Set(was.flatMap((sel) => (typeof sel.stopId === 'string' ? [sel.stopId] : [])))];
  const routeWide = !was.some((sel) => sel.trip?.tripId);
  const back = runs.flatMap((run): Selector[] => {
    if (informed.some((sel) => isRun(sel, run))) return [];
    const had = routeWide ? [] : was.filter((sel) => isRun(sel, run));
    if (had.length > 0) return had;
    const trip = { tripId: run.tripId, startDate: run.startDate };
    return stopIds.length > 0 ? stopIds.map((stopId) => ({ trip, stopId })) : [{ trip }];
  });
  return { ...current, alert: { ...current.alert, informedEntity: [...informed, ...back] } };
}
