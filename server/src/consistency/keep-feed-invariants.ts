import { feedEntities, tripUpdateAlerts } from '@feeddesk/drizzle';
import type { FeedEntity } from '@feeddesk/proto';
import { and, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deleteFeedEntityRows } from '../feed/delete-feed-entity-rows.ts';
import { servedRows } from '../feed/feed-snapshot.ts';
import type { FeedTransaction } from '../feed/feed-transaction.ts';
import type { FeedNoticeJson } from '../feed/rules/index.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { inSubquery, isAnyOf } from '../schedule/statement-batches.ts';
import { serviceDateOf } from '../schedule/time/service-day.ts';
import { carryAlertConsequences } from './carry-alert-consequences.ts';
import { addedFindings } from './find-added-findings.ts';
import { consistencyContext } from './find-consistency-findings.ts';
import type { Finding } from './finding.ts';
import { keepReplacementConnections } from './keep-replacement-connections.ts';
import { toLiveAlert } from './live-entities.ts';
import {
  type DisruptionAlert,
  linkedTripIds,
  loadDisruptionAlerts,
  loadOutlivedDisruptionRuns,
  loadOwnAlertLinks,
  type StoredAlertLink,
  withDisruptionTrips,
} from './load-alert-links.ts';
import { loadConsistencySchedule } from './load-consistency-schedule.ts';
import { readDecodedEntities } from './read-decoded-entities.ts';
import { loadReplacementBuses } from './replacement-buses.ts';
import { code as linksCode, numbersIn } from './rules/alert-trips-not-linked.ts';
import { code as cancellationCode } from './rules/cancellation-alert-outlived.ts';
import { invariantRules } from './rules/index.ts';
import { code as outlivedCode } from './rules/skipped-stop-alert-outlived.ts';

/**
 * The error-level findings of the feed invariants, over the feed as `deps.db` sees it. Run twice
 * in every feed act, so it reads only what the invariants can be about: every alert, the links,
 * and of the trip updates only those alerts pair with a stop or own, cancelled ones still carrying
 * stop time updates and those of trains with two (both found in SQL); the schedule of the linked
 * trips alone. A save on a 1 000-entity feed reads a few rows, not the whole feed (the full check
 * is GET /feed/consistency). A disruption's alert is judged once (see disruptionVerdicts).
 */
export async function invariantErrors(deps: AppDeps): Promise<Finding[]> {
  const current = await findCurrentSchedule(deps);
  const day = current && serviceDateOf(deps.now(), current.timezone);
  const [alerts, disruptionAlerts, ownLinks, outlivedRuns, buses] = await Promise.all([
    readDecodedEntities(deps, 'invariants:alerts', servedRows('alert')),
    loadDisruptionAlerts(deps),
    loadOwnAlertLinks(deps),
    loadOutlivedDisruptionRuns(deps, day),
    // The buses' routes (replacement_bus_on_rail_route); their connections are reported, not refused.
    loadReplacementBuses(deps, { connections: false }),
  ]);
  const alertEntities = alerts.map((a) => a.entity);
  const alertHashes = new Map(alerts.map((a) => [a.entity.id ?? '', a.hash]));
  // The disruptions' alerts judged before, as they are now, are not judged again.
  const verdictKey = (d: DisruptionAlert, hash: string) =>
    current && `${current.versionId} ${day} ${d.disruptionId} ${hash}`;
  const known: Finding[] = [];
  const unjudged: { disruption: DisruptionAlert; key: string | null }[] = [];
  for (const disruption of disruptionAlerts) {
    const hash = alertHashes.get(disruption.alertId);
    // An alert no longer served is not judged (the rule skips a link without its alert).
    if (!hash) continue;
    const key = verdictKey(disruption, hash);
    const verdict = key ? disruptionVerdicts.get(key) : undefined;
    if (verdict) known.push(...verdict);
    else unjudged.push({ disruption, key });
  }
  const links = [
    ...(await withDisruptionTrips(
      deps,
      unjudged.map((u) => u.disruption),
    )),
    ...ownLinks,
    ...outlivedRuns,
  ];
  const pairTrips = alertEntities.flatMap((e) =>
    (e.alert?.informedEntity ?? []).flatMap((sel) =>
      sel.trip?.tripId && sel.stopId ? [sel.trip.tripId] : [],
    ),
  );
  // Trains an alert says do not run (cancellation_alert_outlived): only their running updates matter.
  const cancelledTrips = alertEntities.flatMap((e) => {
    const alert = toLiveAlert(e);
    return alert?.effect === 'NO_SERVICE'
      ? alert.informed.flatMap((sel) => (sel.tripId && !sel.stopId ? [sel.tripId] : []))
      : [];
  });
  const ownIds = links.flatMap((l) => (l.tripUpdateId ? [l.tripUpdateId] : []));
  const cancelledWithStops = sql`${feedEntities.json}->'tripUpdate'->'trip'->>'scheduleRelationship' in ('CANCELED', 'DELETED') and jsonb_array_length(coalesce(${feedEntities.json}->'tripUpdate'->'stopTimeUpdate', '[]'::jsonb)) > 0`;
  // Trains with two served updates (trip_run_updated_twice compares their runs).
  const sharedTrips = deps.db
    .select({ tripId: feedEntities.tripId })
    .from(feedEntities)
    .where(servedRows('trip_update'))
    .groupBy(feedEntities.tripId)
    .having(sql`count(*) > 1`);
  const related = [cancelledWithStops, inSubquery(feedEntities.tripId, sharedTrips)];
  if (pairTrips.length > 0) related.push(isAnyOf(feedEntities.tripId, [...new Set(pairTrips)]));
  if (cancelledTrips.length > 0)
    related.push(
      and(
        isAnyOf(feedEntities.tripId, [...new Set(cancelledTrips)]),
        sql`coalesce(${feedEntities.json}->'tripUpdate'->'trip'->>'scheduleRelationship', '') not in ('CANCELED', 'DELETED')`,
      )!,
    );
  if (ownIds.length > 0) related.push(isAnyOf(feedEntities.id, ownIds));
  // The trains a disruption's alert is wrong about now (skipped_stop_alert_outlived,
  // cancellation_alert_outlived): cancelled under a stop alert, running under a cancellation.
  const stopRunTrips = linkedTripIds(outlivedRuns);
  if (stopRunTrips.length > 0) related.push(isAnyOf(feedEntities.tripId, stopRunTrips));
  const tripEntities = (
    await readDecodedEntities(
      deps,
      'invariants:trip_updates',
      and(servedRows('trip_update'), or(...related))!,
    )
  ).map((t) => t.entity);
  const ownTrips = tripEntities.flatMap((e) =>
    e.tripUpdate?.trip?.tripId && ownIds.includes(e.id ?? '') ? [e.tripUpdate.trip.tripId] : [],
  );
  // The only rule of these reading a route's trips (alert_trips_not_linked, the alert's text)
  // reads those running on its links' dates.
  const linkDates = [
    ...links.flatMap((l) => (l.trips ?? []).map((t) => t.startDate)),
    ...tripEntities.flatMap((e) => e.tripUpdate?.trip?.startDate ?? []),
  ];
  const schedule = await loadConsistencySchedule(
    deps,
    [],
    [...linkedTripIds(links), ...ownTrips, ...pairTrips],
    { routeTripDates: linkDates, routeTripNumbers: textNumbers(alertEntities, links) },
  );
  const ctx = consistencyContext(deps, schedule, [...alertEntities, ...tripEntities], links, buses);
  const found = invariantRules.flatMap((rule) => rule.check(ctx)).filter((f) => f.severity === 'error');
  for (const { disruption, key } of unjudged) {
    if (!key) continue;
    if (disruptionVerdicts.size >= MAX_VERDICTS) disruptionVerdicts.clear();
    disruptionVerdicts.set(
      key,
      found.filter((f) => f.code === linksCode && f.entityIds[0] === disruption.alertId),
    );
  }
  return [...found, ...known];
}

/**
 * What alert_trips_not_linked (the one invariant about a disruption's link) found of each
 * disruption's alert, by schedule version, agency day, disruption and the alert's bytes: it
 * depends on nothing else (the trips of a disruption are fixed at its apply but for its loans, which
 * change the alert's bytes with them, and a trip update's save changes neither them nor the alert). With a 5 000-trip disruption in force, every save
 * read its trips, their routes' trips and their schedule twice and judged its alert's text: a
 * controller's save waited 1.5 s. A disruption rolled back (a preview) leaves an entry never
 * asked again; a handful are in force at a time, so the map is simply emptied when it grows.
 */
const disruptionVerdicts = new Map<string, Finding[]>();
const MAX_VERDICTS = 1000;

/** The numbers standing in the texts of the linked alerts (alert_trips_not_linked looks for no other). */
function textNumbers(alerts: FeedEntity[], links: StoredAlertLink[]): string[] {
  const linked = new Set(links.map((l) => l.alertId));
  const numbers = alerts.flatMap((entity) =>
    linked.has(entity.id ?? '') ? (toLiveAlert(entity)?.texts.flatMap((t) => numbersIn(t.text)) ?? []) : [],
  );
  return [...new Set(numbers)];
}

/**
 * Run inside a feed transaction after its writes: ends the trip updates' own skipped-stop alerts
 * that this change outlived (a train cancelled or its skip removed without "Tell riders"; the
 * alert was only ever about that train), then refuses the whole change (422, rolled back) when it
 * still adds an error-level invariant finding to what `before` held. Findings already there (a
 * schedule change, time passing) never block an unrelated change.
 */
export async function keepFeedInvariants(feed: FeedTransaction, before: Finding[]): Promise<void> {
  // The buses of the trains this act made late wait for them (and their parts after for the
  // buses): trip updates written before the invariants are judged.
  await keepReplacementConnections(feed);
  let after = await invariantErrors(feed.deps);
  // The act's consequences for the alerts it contradicts, judged on every finding (an alert
  // already wrong about another train, time passing, is still told of this act's train), and on
  // the cancelling disruptions of its trains (their alerts are judged once).
  if (await carryAlertConsequences(feed, after)) after = await invariantErrors(feed.deps);
  let added = addedFindings(before, after);
  if (added.length === 0) return;
  if (await endOutlivedOwnAlerts(feed, added))
    added = addedFindings(before, await invariantErrors(feed.deps));
  if (added.length === 0) return;
  throw new AppError('feed_rules_failed', {
    message: added.map((f) => f.message).join(' '),
    details: { notices: added.map(noticeOf) },
  });
}

/**
 * Ends the own alerts (trip_update_alerts) among the outlived skipped-stop and cancellation
 * alerts, on every path (a push, trains a new timetable dropped); whether any.
 */
async function endOutlivedOwnAlerts(feed: FeedTransaction, added: Finding[]): Promise<boolean> {
  const alertIds = added
    .filter((f) => f.code === outlivedCode || f.code === cancellationCode)
    .flatMap((f) => f.entityIds);
  if (alertIds.length === 0) return false;
  const own = await feed.deps.db
    .delete(tripUpdateAlerts)
    .where(isAnyOf(tripUpdateAlerts.alertId, alertIds))
    .returning({ alertId: tripUpdateAlerts.alertId });
  for (const alertId of new Set(own.map((o) => o.alertId)))
    await deleteFeedEntityRows(feed.deps, {
      kind: 'alert',
      id: alertId,
      by: feed.changes.by,
      ifLive: true,
      changes: feed.changes,
    });
  return own.length > 0;
}

/** A finding in the shape of the feed rules' notices, which the editors show beside a refused save. */
const noticeOf = (f: Finding): FeedNoticeJson => ({
  code: f.code,
  severity: f.severity,
  entityId: f.entityIds[0] ?? '',
  field: '',
  message: f.message,
});
