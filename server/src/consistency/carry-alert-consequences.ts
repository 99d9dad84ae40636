import {
  alertNarrowings,
  disruptions,
  disruptionTrips,
  feedEntities,
  feedLog,
  tripUpdateAlerts,
} from '@feeddesk/drizzle';
import { encodeFeedEntity, type FeedEntity, feedEntityFromJson, feedEntityToJson } from '@feeddesk/proto';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import { missingAlertLanguages } from '../feed/check-alert-languages.ts';
import { deleteFeedEntityRows } from '../feed/delete-feed-entity-rows.ts';
import { alertExpiry } from '../feed/entity-expiry.ts';
import { entityRefs } from '../feed/entity-refs.ts';
import type { FeedTransaction } from '../feed/feed-transaction.ts';
import { findEntityNotices } from '../feed/find-entity-notices.ts';
import { feedNoticeJson } from '../feed/rules/index.ts';
import { servedEntity } from '../feed/served-alert.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { isAnyOf, isNoneOf } from '../schedule/statement-batches.ts';
import { DEFAULT_TIMEZONE, serviceDateOf } from '../schedule/time/service-day.ts';
import type { Finding } from './finding.ts';
import { loadOutlivedDisruptionRuns } from './load-alert-links.ts';
import { numbersIn } from './rules/alert-trips-not-linked.ts';

export type Run = { tripId: string; startDate: string };
type Selector = { trip?: { tripId?: string; startDate?: string }; [key: string]: unknown };
type Translated = { translation?: { text?: string; language?: string }[] };
export type AlertJson = { id: string; alert: { informedEntity?: Selector[] } & Record<string, unknown> };

/** The alert texts a train number may stand in. */
const TEXT_FIELDS = ['headerText', 'descriptionText', 'ttsHeaderText', 'ttsDescriptionText'];

/**
 * The consequences an act carries for alerts it did not write itself (docs/contract-notes.md
 * "Consistency findings"): a train this act reinstated, cancelled or made stop again leaves
 * the alerts that said otherwise (a colleague's, a disruption's), in the same transaction; an alert
 * left naming nothing is ended, and its number leaves the alert's texts. A controller's act takes
 * the train from the disruption that published the alert (its lift leaves the controller's change
 * alone); a disruption's apply or lift lends it (FeedChanges.layered): the run stays that
 * disruption's, overridden by the latest disruption in force on it, whose lift gives it back
 * (giveBackLentRuns). A push of many entities (a CAD system) carries none
 * (FeedChanges.carriesConsequences). Answers whether any alert changed.
 */
export async function carryAlertConsequences(feed: FeedTransaction, findings: Finding[]): Promise<boolean> {
  if (!feed.changes.carriesConsequences) return false;
  const drops = new Map<string, Run[]>();
  const drop = (alertId: string, runs: Run[]) => {
    const changed = runs.filter((run) => feed.changes.changedTrip(run.tripId));
    if (changed.length > 0 && !feed.changes.wroteAlert(alertId))
      drops.set(alertId, [...(drops.get(alertId) ?? []), ...changed]);
  };
  for (const finding of findings) {
    const alertId = finding.entityIds[0];
    if (alertId && finding.outlived) drop(alertId, finding.outlived);
  }
  const current = await findCurrentSchedule(feed.deps);
  const today = serviceDateOf(feed.deps.now(), current?.timezone ?? DEFAULT_TIMEZONE);
  // The runs of disruptions in force whose alert this act contradicts: the invariants judge a
  // disruption's alert once, and one about a whole route and period names no trip to compare.
  for (const link of await loadOutlivedDisruptionRuns(feed.deps, today)) drop(link.alertId, link.trips ?? []);
  if (drops.size === 0) return false;
  for (const [alertId, runs] of drops) await dropRuns(feed, alertId, unique(runs), today);
  return true;
}

const runKey = (run: Run) => `${run.tripId}@${run.startDate}`;
const unique = (runs: Run[]) => [...new Map(runs.map((run) => [runKey(run), run])).values()];

/**
 * Takes these runs out of one alert and out of what the disruption that published it counts (or,
 * for a disruption's act, marks them overridden and records the loan); ended when nothing is left.
 */
async function dropRuns(feed: FeedTransaction, alertId: string, runs: Run[], today: string): Promise<void> {
  const { db } = feed.deps;
  const [row] = await db
    .select({ json: feedEntities.json })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, alertId), eq(feedEntities.draft, false)));
  if (!row) return;
  const entity = row.json as AlertJson;
  const ownerIds = await alertOwners(feed, alertId);
  const lenders = feed.changes.layered
    ? await latestDisruptionsOn(feed, runs, ownerIds)
    : new Map<string, string>();
  if (ownerIds.length > 0) {
    const ofOwners = (list: Run[]) =>
      and(
        isAnyOf(disruptionTrips.disruptionId, ownerIds),
        isNull(disruptionTrips.replacesTripId),
        or(
          ...list.map((run) =>
            and(eq(disruptionTrips.tripId, run.tripId), eq(disruptionTrips.startDate, run.startDate)),
          ),
        ),
      );
    const taken = runs.filter((run) => !lenders.has(runKey(run)));
    if (taken.length > 0) await db.delete(disruptionTrips).where(ofOwners(taken));
    for (const lender of new Set(lenders.values()))
      await db
        .update(disruptionTrips)
        .set({ overriddenBy: lender })
        .where(ofOwners(runs.filter((run) => lenders.get(runKey(run)) === lender)));
  }
  const { next, trains } = await narrowedAlert(feed, entity, runs, { ownerIds, today, checked: true });
  const revisionAfter = next ? await writeNarrowedAlert(feed, next) : await endAlert(feed, alertId);
  const header = headerOf(entity);
  feed.changes.carried.push({ alertId, header, trains, ended: !next });
  // Told with a save's warnings (a disruption's answer lists them as otherAlerts).
  const name = header ? `“${header}”` : alertId;
  const named = `train${trains.length > 1 ? 's' : ''} ${trains.join(', ')}`;
  const them = trains.length > 1 ? 'them' : 'it';
  feed.changes.consequences.push({
    code: 'alert_narrowed',
    severity: 'info',
    entityId: alertId,
    field: '',
    message: next
      ? `Alert ${name} no longer names ${named}: what it said of ${them} is no longer true.`
      : `Alert ${name} ended: it named only ${named}, and what it said of ${them} is no longer true.`,
  });
  for (const lender of new Set(lenders.values()))
    await db.insert(alertNarrowings).values({
      disruptionId: lender,
      alertId,
      runs: runs.filter((run) => lenders.get(runKey(run)) === lender),
      beforeJson: entity,
      revisionAfter,
      at: feed.deps.now(),
    });
}

/** The disruptions in force that published this alert. */
export async function alertOwners(feed: FeedTransaction, alertId: string): Promise<string[]> {
  const owners = await feed.deps.db
    .select({ id: disruptions.id })
    .from(disruptions)
    .where(and(eq(disruptions.alertId, alertId), isNull(disruptions.liftedAt)));
  return owners.map((o) => o.id);
}

/**
 * For each run, the latest disruption in force on it other than the alert's own: what a
 * disruption's act takes out of an alert is that disruption's to give back.
 */
async function latestDisruptionsOn(
  feed: FeedTransaction,
  runs: Run[],
  ownerIds: string[],
): Promise<Map<string, string>> {
  const rows = await feed.deps.db
    .select({ tripId: disruptionTrips.tripId, startDate: disruptionTrips.startDate, id: disruptions.id })
    .from(disruptionTrips)
    .innerJoin(disruptions, eq(disruptions.id, disruptionTrips.disruptionId))
    .where(
      and(
        isAnyOf(
          disruptionTrips.tripId,
          runs.map((run) => run.tripId),
        ),
        isNull(disruptions.liftedAt),
        eq(disruptions.publishAs, 'feed'),
        isNull(disruptionTrips.replacesTripId),
        ...(ownerIds.length > 0 ? [isNoneOf(disruptions.id, ownerIds)] : []),
      ),
    )
    .orderBy(asc(disruptions.seq));
  const wanted = new Set(runs.map(runKey));
  const latest = new Map<string, string>();
  for (const row of rows) if (wanted.has(runKey(row))) latest.set(runKey(row), row.id);
  return latest;
}

/**
 * The alert without these runs: its informed entities and the trains' numbers in its texts; an
 * alert about a whole route (and period) its disruptions publish now names the runs they still
 * count, one by one; null when nothing is left; with the numbers of the trains taken out. `checked`: refused (422) when the edit would fail
 * the feed rules or leave a required language without a header.
 */
export async function narrowedAlert(
  feed: FeedTransaction,
  entity: AlertJson,
  runs: Run[],
  options: { ownerIds: string[]; today: string; checked: boolean },
): Promise<{ next: FeedEntity | null; trains: string[] }> {
  const { db } = feed.deps;
  const { ownerIds, today } = options;
  const alertId = entity.id;
  const isRun = (sel: Selector, run: Run) =>
    run.tripId === sel.trip?.tripId && run.startDate === (sel.trip?.startDate || today);
  const informed = entity.alert.informedEntity ?? [];
  let kept = informed.filter((sel) => !runs.some((run) => isRun(sel, run)));
  // About a whole route (and period): now about the trains still in it, each at the stops the
  // alert named ({routeId, stopId} becomes {trip, stopId}: a skip stays a skip, not a cancellation).
  if (ownerIds.length > 0 && !informed.some((sel) => sel.trip?.tripId)) {
    const left = await countedRuns(feed, ownerIds);
    const stopIds = [
      ...new Set(informed.flatMap((sel) => (typeof sel.stopId === 'string' ? [sel.stopId] : []))),
    ];
    const dropped = new Set(runs.map(runKey));
    kept = left
      .filter((run) => !dropped.has(runKey(run)))
      .flatMap((run) => {
        const trip = { tripId: run.tripId, startDate: run.startDate };
        return stopIds.length > 0 ? stopIds.map((stopId) => ({ trip, stopId })) : [{ trip }];
      });
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
  const trains = [...new Set(runs.map((r) => view?.trip(r.tripId)?.trainNumber ?? r.tripId))];
  if (kept.length === 0) return { next: null, trains };
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
  if (!options.checked) return { next, trains };
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
    const problems = [
      ...added.map((n) => n.message),
      ...(missing.length > 0 ? [`It would have no header in ${missing.map((l) => l.name).join(', ')}.`] : []),
    ];
    throw new AppError('feed_rules_failed', {
      message: `This change takes train${trains.length > 1 ? 's' : ''} ${trains.join(', ')} out of alert ${alertId}, which would then fail the feed rules: ${problems.join(' ')} Edit alert ${alertId} (or end it), then make this change again.`,
      details: { notices: added, ...(missing.length > 0 ? { missingLanguages: missing } : {}) },
    });
  }
  return { next, trains };
}

/** The alert's first header text, as the desk names an alert. */
function headerOf(entity: AlertJson): string {
  const header = entity.alert.headerText as Translated | undefined;
  return header?.translation?.[0]?.text ?? '';
}

/** The runs these disruptions count for their alert (not those a later disruption overrides), by trip. */
export async function countedRuns(feed: FeedTransaction, ownerIds: string[]): Promise<Run[]> {
  return feed.deps.db
    .select({ tripId: disruptionTrips.tripId, startDate: disruptionTrips.startDate })
    .from(disruptionTrips)
    .where(
      and(
        isAnyOf(disruptionTrips.disruptionId, ownerIds),
        isNull(disruptionTrips.replacesTripId),
        isNull(disruptionTrips.overriddenBy),
      ),
    )
    .orderBy(asc(disruptionTrips.tripId));
}

/** Ends an alert left naming nothing: it told riders of these trains only. */
async function endAlert(feed: FeedTransaction, alertId: string): Promise<null> {
  await feed.deps.db.delete(tripUpdateAlerts).where(eq(tripUpdateAlerts.alertId, alertId));
  await deleteFeedEntityRows(feed.deps, {
    kind: 'alert',
    id: alertId,
    by: feed.changes.by,
    ifLive: true,
    changes: feed.changes,
  });
  return null;
}

/**
 * Stores the narrowed alert as written, served with its period fallback, and leaving when its
 * periods end, as a save stores it (prepareFeedEntity; calling the save itself would close an
 * import cycle through the feed act). Answers its new revision.
 */
async function writeNarrowedAlert(feed: FeedTransaction, next: FeedEntity): Promise<number> {
  const { db } = feed.deps;
  const by = feed.changes.by;
  const alertId = next.id ?? '';
  const pb = Buffer.from(encodeFeedEntity(servedEntity(next)));
  const json = feedEntityToJson(next);
  const expiresAt = alertExpiry(next, feed.deps.config.ALERT_TTL_HOURS * 3600);
  const at = feed.deps.now();
  const [saved] = await db
    .update(feedEntities)
    .set({ pb, json, expiresAt, updatedAt: at, updatedBy: by, revision: sql`${feedEntities.revision} + 1` })
    .where(and(eq(feedEntities.kind, 'alert'), eq(feedEntities.id, alertId)))
    .returning({ revision: feedEntities.revision });
  await db.insert(feedLog).values({ kind: 'alert', entityId: alertId, action: 'save', at, by, json });
  feed.changes.add('alert', by);
  feed.changes.markLater('alert');
  feed.changes.wrote('alert', [{ id: alertId }]);
  return saved?.revision ?? 0;
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
