import { disruptions, disruptionTrips, feedEntities, feedLog, tripUpdateAlerts } from '@feeddesk/drizzle';
import { encodeFeedEntity, type FeedEntity, feedEntityFromJson, feedEntityToJson } from '@feeddesk/proto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import { missingAlertLanguages } from '../feed/check-alert-languages.ts';
import { deleteFeedEntityRows } from '../feed/delete-feed-entity-rows.ts';
import { alertExpiry } from '../feed/entity-expiry.ts';
import { entityRefs } from '../feed/entity-refs.ts';
import { servedRows } from '../feed/feed-snapshot.ts';
import type { FeedTransaction } from '../feed/feed-transaction.ts';
import { findEntityNotices } from '../feed/find-entity-notices.ts';
import { feedNoticeJson } from '../feed/rules/index.ts';
import { servedEntity } from '../feed/served-alert.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { DEFAULT_TIMEZONE, serviceDateOf } from '../schedule/time/service-day.ts';
import type { Finding } from './finding.ts';
import { numbersIn } from './rules/alert-trips-not-linked.ts';

type Run = { tripId: string; startDate: string };
type Selector = { trip?: { tripId?: string; startDate?: string }; [key: string]: unknown };
type Translated = { translation?: { text?: string; language?: string }[] };
type AlertJson = { id: string; alert: { informedEntity?: Selector[] } & Record<string, unknown> };

/** The alert texts a train number may stand in. */
const TEXT_FIELDS = ['headerText', 'descriptionText', 'ttsHeaderText', 'ttsDescriptionText'];

/**
 * The consequences an act carries for alerts it did not write itself (docs/contract-notes.md
 * "Consistency findings"): a train this act reinstated, cancelled or made stop again leaves
 * the alerts that said otherwise (a colleague's, a disruption's), in the same transaction; an alert
 * left naming nothing is ended, a disruption no longer counts the train among its trips (its lift
 * leaves the controller's change alone), and its number leaves the alert's texts. A push of many
 * entities (a CAD system), a disruption and a lift carry none (FeedChanges.carriesConsequences).
 * Answers whether any alert changed.
 */
export async function carryAlertConsequences(feed: FeedTransaction, findings: Finding[]): Promise<boolean> {
  if (!feed.changes.carriesConsequences) return false;
  const drops = new Map<string, Run[]>();
  const drop = (alertId: string, runs: Run[]) => {
    if (runs.length > 0 && !feed.changes.wroteAlert(alertId))
      drops.set(alertId, [...(drops.get(alertId) ?? []), ...runs]);
  };
  for (const finding of findings) {
    const alertId = finding.entityIds[0];
    if (alertId && finding.outlived)
      drop(
        alertId,
        finding.outlived.filter((run) => feed.changes.changedTrip(run.tripId)),
      );
  }
  const current = await findCurrentSchedule(feed.deps);
  const today = serviceDateOf(feed.deps.now(), current?.timezone ?? DEFAULT_TIMEZONE);
  for (const [alertId, runs] of await reinstatedFromCancellations(feed, today)) drop(alertId, runs);
  if (drops.size === 0) return false;
  for (const [alertId, runs] of drops) await dropRuns(feed, alertId, runs, today);
  return true;
}

/**
 * The runs this act set running again that a cancelling disruption in force still counts, by its
 * alert: the invariants judge a disruption's alert once, and one about a whole route and period
 * names no trip to compare with the train's update.
 */
async function reinstatedFromCancellations(
  feed: FeedTransaction,
  today: string,
): Promise<Map<string, Run[]>> {
  const tripIds = feed.changes.changedTrips;
  const found = new Map<string, Run[]>();
  if (tripIds.length === 0) return found;
  const { db } = feed.deps;
  const counted = await db
    .select({
      alertId: disruptions.alertId,
      tripId: disruptionTrips.tripId,
      startDate: disruptionTrips.startDate,
    })
    .from(disruptionTrips)
    .innerJoin(disruptions, eq(disruptions.id, disruptionTrips.disruptionId))
    .where(
      and(
        isAnyOf(disruptionTrips.tripId, tripIds),
        isNull(disruptionTrips.replacesTripId),
        isNull(disruptions.liftedAt),
        eq(disruptions.publishAs, 'feed'),
        sql`${disruptions.action}->>'type' = 'cancel'`,
      ),
    );
  if (counted.length === 0) return found;
  const live = await db
    .select({ json: feedEntities.json })
    .from(feedEntities)
    .where(
      and(
        servedRows('trip_update'),
        isAnyOf(
          feedEntities.tripId,
          counted.map((c) => c.tripId),
        ),
      ),
    );
  const running = new Set(
    live.flatMap((row) => {
      const trip = (row.json as { tripUpdate?: { trip?: TripJson } }).tripUpdate?.trip;
      const relationship = trip?.scheduleRelationship ?? 'SCHEDULED';
      return trip?.tripId && relationship !== 'CANCELED' && relationship !== 'DELETED'
        ? [`${trip.tripId}@${trip.startDate || today}`]
        : [];
    }),
  );
  for (const c of counted)
    if (c.alertId && running.has(`${c.tripId}@${c.startDate}`))
      found.set(c.alertId, [...(found.get(c.alertId) ?? []), { tripId: c.tripId, startDate: c.startDate }]);
  return found;
}

type TripJson = { tripId?: string; startDate?: string; scheduleRelationship?: string };

/**
 * Takes these runs out of one alert and of the disruption that published it; an alert about a
 * whole route then names the runs left, one by one; ended when nothing is left.
 */
async function dropRuns(feed: FeedTransaction, alertId: string, runs: Run[], today: string): Promise<void> {
  const { db } = feed.deps;
  const by = feed.changes.by;
  const [row] = await db
    .select({ json: feedEntities.json })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, alertId), eq(feedEntities.draft, false)));
  if (!row) return;
  const entity = row.json as AlertJson;
  const isRun = (sel: Selector, run: Run) =>
    run.tripId === sel.trip?.tripId && run.startDate === (sel.trip?.startDate || today);
  const informed = entity.alert.informedEntity ?? [];
  let kept = informed.filter((sel) => !runs.some((run) => isRun(sel, run)));
  const owners = await db
    .select({ id: disruptions.id })
    .from(disruptions)
    .where(and(eq(disruptions.alertId, alertId), isNull(disruptions.liftedAt)));
  const ownerIds = owners.map((o) => o.id);
  if (ownerIds.length > 0) {
    await db
      .delete(disruptionTrips)
      .where(
        and(
          inArray(disruptionTrips.disruptionId, ownerIds),
          isNull(disruptionTrips.replacesTripId),
          or(
            ...runs.map((run) =>
              and(eq(disruptionTrips.tripId, run.tripId), eq(disruptionTrips.startDate, run.startDate)),
            ),
          ),
        ),
      );
    // About a whole route (and period): now about the trains still in it, each at the stops the
    // alert named ({routeId, stopId} becomes {trip, stopId}: a skip stays a skip, not a cancellation).
    if (!informed.some((sel) => sel.trip?.tripId)) {
      const left = await db
        .select({ tripId: disruptionTrips.tripId, startDate: disruptionTrips.startDate })
        .from(disruptionTrips)
        .where(and(inArray(disruptionTrips.disruptionId, ownerIds), isNull(disruptionTrips.replacesTripId)))
        .orderBy(asc(disruptionTrips.tripId));
      const stopIds = [
        ...new Set(informed.flatMap((sel) => (typeof sel.stopId === 'string' ? [sel.stopId] : []))),
      ];
      kept = left.flatMap((run) => {
        const trip = { tripId: run.tripId, startDate: run.startDate };
        return stopIds.length > 0 ? stopIds.map((stopId) => ({ trip, stopId })) : [{ trip }];
      });
    }
  }
  if (kept.length === 0) {
    // It told riders of these trains only.
    await db.delete(tripUpdateAlerts).where(eq(tripUpdateAlerts.alertId, alertId));
    await deleteFeedEntityRows(feed.deps, {
      kind: 'alert',
      id: alertId,
      by,
      ifLive: true,
      changes: feed.changes,
    });
    return;
  }
  const before = feedEntityFromJson(entity);
  const keptOnly = feedEntityFromJson({ ...entity, alert: { ...entity.alert, informedEntity: kept } });
  const [was, now] = [entityRefs(before), entityRefs(keptOnly)];
  const all = (key: keyof typeof was) => [...new Set([...was[key], ...now[key]])];
  const view = await readScheduleView(feed.deps, {
    tripIds: [...new Set([...all('tripIds'), ...runs.map((r) => r.tripId)])],
    routeIds: all('routeIds'),
    stopIds: all('stopIds'),
    agencyIds: all('agencyIds'),
  });
  // A number still named by a kept selector (another day's run of the train) stays in the texts.
  const keptTrips = new Set(kept.flatMap((sel) => sel.trip?.tripId ?? []));
  const numbers = [
    ...new Set(
      runs.filter((r) => !keptTrips.has(r.tripId)).flatMap((r) => view?.trip(r.tripId)?.trainNumber ?? []),
    ),
  ];
  const alert = { ...keptOnly.alert } as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const texts = alert[field] as Translated | undefined;
    if (!texts?.translation) continue;
    alert[field] = {
      ...texts,
      translation: texts.translation.map((t) => ({
        ...t,
        text: numbers.reduce((text, number) => withoutTrainNumber(text, number), t.text ?? ''),
      })),
    };
  }
  const next = feedEntityFromJson(feedEntityToJson({ ...keptOnly, alert } as FeedEntity));
  // The edit passes the feed rules of any save of an alert (docs/contract-notes.md "Consistency
  // findings"); what was wrong with the alert before is not this act's to fix.
  const known = new Set((await ruleErrors(feed, before, view)).map((n) => `${n.code} ${n.message}`));
  const added = (await ruleErrors(feed, next, view)).filter((n) => !known.has(`${n.code} ${n.message}`));
  // And keeps a header in every language the operator requires (checkAlertLanguages), as a
  // text that named only this train would be left empty.
  const settings = await getOperatorSettings(feed.deps);
  const missingBefore = new Set(missingAlertLanguages(settings, before.alert).map((l) => l.tag));
  const missing = missingAlertLanguages(settings, next.alert).filter((l) => !missingBefore.has(l.tag));
  if (added.length > 0 || missing.length > 0) {
    const trains = [...new Set(runs.map((r) => view?.trip(r.tripId)?.trainNumber ?? r.tripId))];
    const problems = [
      ...added.map((n) => n.message),
      ...(missing.length > 0 ? [`It would have no header in ${missing.map((l) => l.name).join(', ')}.`] : []),
    ];
    throw new AppError('feed_rules_failed', {
      message: `This change takes train${trains.length > 1 ? 's' : ''} ${trains.join(', ')} out of alert ${alertId}, which would then fail the feed rules: ${problems.join(' ')} Edit alert ${alertId} (or end it), then make this change again.`,
      details: { notices: added, ...(missing.length > 0 ? { missingLanguages: missing } : {}) },
    });
  }
  // Stored as written, served with its period fallback, and leaving when its periods end, as a
  // save stores it (prepareFeedEntity; calling the save itself would close an import cycle
  // through the feed act).
  const pb = Buffer.from(encodeFeedEntity(servedEntity(next)));
  const json = feedEntityToJson(next);
  const expiresAt = alertExpiry(next, feed.deps.config.ALERT_TTL_HOURS * 3600);
  const at = feed.deps.now();
  await db
    .update(feedEntities)
    .set({ pb, json, expiresAt, updatedAt: at, updatedBy: by, revision: sql`${feedEntities.revision} + 1` })
    .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, alertId)));
  await db.insert(feedLog).values({ kind: 'alert', entityId: alertId, action: 'save', at, by, json });
  feed.changes.add('alert', by);
  feed.changes.markLater('alert');
  feed.changes.wrote('alert', [{ id: alertId }]);
}

/** The error-level feed-rule notices of an alert (what a save refuses on), as the editors show them. */
async function ruleErrors(
  feed: FeedTransaction,
  entity: FeedEntity,
  view: Awaited<ReturnType<typeof readScheduleView>>,
) {
  const found = await findEntityNotices(feed.deps, entity, view);
  return found.filter((n) => n.severity === 'error').map(feedNoticeJson);
}

/** Separators of a list of train numbers, as drafted (", ") or written by hand. */
const AFTER = [', ', ',', ' and ', ' y ', ' et ', ' und ', ' e ', ' en ', ' og ', ' och ', ' i ', ' & '];

/**
 * A text without one train number of a list ("Trains 6116, 6118 and 6120" less 6118 reads
 * "Trains 6116 and 6120"): the number standing alone (as alert_trips_not_linked reads numbers)
 * with the separator after it, else the one before it. Plain string work, no pattern over the text.
 */
export function withoutTrainNumber(text: string, number: string): string {
  if (!numbersIn(text).includes(number)) return text;
  let out = text;
  for (let guard = 0; guard < 50 && numbersIn(out).includes(number); guard++) {
    const at = standingAt(out, number);
    if (at < 0) break;
    const end = at + number.length;
    const after = AFTER.find((sep) => out.startsWith(sep, end));
    if (after) {
      out = out.slice(0, at) + out.slice(end + after.length);
      continue;
    }
    const before = AFTER.find((sep) => out.slice(0, at).endsWith(sep));
    out = before ? out.slice(0, at - before.length) + out.slice(end) : out.slice(0, at) + out.slice(end);
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Where the number stands alone in the text, or -1. */
function standingAt(text: string, number: string): number {
  for (let from = text.indexOf(number); from >= 0; from = text.indexOf(number, from + 1))
    if (isAlone(text, from, number)) return from;
  return -1;
}

/** The number at `from` is not part of a longer word, time, date or decimal. */
function isAlone(text: string, from: number, number: string): boolean {
  const before = text[from - 1] ?? '';
  const after = text[from + number.length] ?? '';
  const next = text[from + number.length + 1] ?? '';
  if (/[\w:./-]/.test(before)) return false;
  if (/[\w:/-]/.test(after)) return false;
  return !(/[.,:]/.test(after) && /\d/.test(next));
}
