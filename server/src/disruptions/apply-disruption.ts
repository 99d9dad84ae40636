import { randomUUID } from 'node:crypto';
import { disruptions, feedEntities } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import { type HeldAlert, holdAlertInAct } from '../approvals/hold-alert-in-act.ts';
import { readPublishAt } from '../approvals/pending-item.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { checkCause } from '../causes/check-cause.ts';
import type { CauseInput } from '../causes/delay-cause.ts';
import { saveTripCauses } from '../causes/save-trip-causes.ts';
import type { AppDeps, Tx } from '../deps.ts';
import { AppError } from '../errors.ts';
import { missingAlertLanguages, missingLanguagesSentence } from '../feed/check-alert-languages.ts';
import type { CarriedAlertEdit } from '../feed/feed-changes.ts';
import {
  type FeedTransaction,
  inFeedTransaction,
  rehearseFeedAct,
  storedJson,
} from '../feed/feed-transaction.ts';
import { letPollsIn } from '../feed/let-polls-in.ts';
import type { FeedNoticeJson } from '../feed/rules/index.ts';
import {
  type PreparedEntity,
  prepareFeedEntity,
  readEntityOf,
  readScheduleViewFor,
  saveFeedEntity,
  writeFeedEntities,
} from '../feed/save-feed-entity.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { getServiceDay } from '../schedule/get-service-day.ts';
import { listDirections } from '../schedule/list-directions.ts';
import { listStationPlatforms } from '../schedule/list-station-platforms.ts';
import { batchesOf, isAnyOf, readInBatches } from '../schedule/statement-batches.ts';
import { onBackgroundConnection } from '../workers/background-connection.ts';
import { appliedAudit } from './disruption-audit.ts';
import type { DisruptionAction, DisruptionAlertInput, DisruptionSelect } from './disruption-input.ts';
import { type AlertJson, draftDisruptionAlert } from './draft-disruption-alert.ts';
import { loadStationNames } from './load-station-names.ts';
import { loadTripStops } from './load-trip-stops.ts';
import { lockDisruptions } from './lock-disruptions.ts';
import {
  delayInForce,
  mergeDisruptionAction,
  type ScheduledStop,
  shortTurnCall,
  type TripUpdateJson,
} from './merge-disruption-action.ts';
import {
  DEFAULT_MARGIN_MINUTES,
  planReplacementBus,
  type ReplacementBusPlan,
} from './plan-replacement-bus.ts';
import { type DisruptionTripRecord, recordDisruptionTrips } from './record-disruption-trips.ts';
import {
  type ContinuingTrip,
  checkReplaceByBus,
  type PlannedConnection,
  planBusTrips,
  type ReplacementTrip,
  readBusSection,
  withOperatorBusRoute,
} from './replacement-bus-trips.ts';
import { type SelectedTrip, selectDisruptionTrips } from './select-disruption-trips.ts';

export type ApplyDisruptionOptions = {
  serviceDate?: string;
  select: DisruptionSelect;
  action: DisruptionAction;
  reason: string;
  alert: boolean | DisruptionAlertInput;
  /** Answer what would happen, save nothing. */
  dryRun: boolean;
  /**
   * The delay cause of the catalogue (docs/glossary.md "cause"): kept with the disruption and its
   * trains, its GTFS-RT cause in the drafted alert; an unknown code is refused (400 unknown_cause).
   */
  cause?: CauseInput;
  by: string | null;
  /**
   * Epoch seconds: the alert enters the feed then, not before; the trains change now
   * (docs/contract-notes.md "Two-person approval and publication times").
   */
  publishAt?: number;
  /** The alert waits for a second person (approval on, its author without approve); the trains do not. */
  holdAlert?: boolean;
  /**
   * More writes of the same act, after the disruption's (an approval marks its item decided):
   * all committed together or none.
   */
  within?: (feed: FeedTransaction, applied: ApplyDisruptionResult) => Promise<void>;
};

export type ApplyDisruptionResult = {
  id: string | null;
  serviceDate: string;
  count: number;
  trips: Omit<SelectedTrip, 'startSecs' | 'endSecs'>[];
  alertId: string | null;
  /** The trains selected that are already cancelled, left alone (every action but cancel and delete). */
  cancelledLeftOut?: string[];
  /** replace_by_bus: the NEW bus trip made for each train (also on a dry run); absent otherwise. */
  replacementTrips?: ReplacementTrip[];
  /** replace_by_bus: the NEW trip of each train's part after the section, when it keeps a part before it too. */
  continuingTrips?: ContinuingTrip[];
  /** replace_by_bus: the connection planned at each end of the section, per train (shown by the dry run). */
  connections?: PlannedConnection[];
  /** The alert published (or, on a dry run, drafted) with the change. */
  alert: AlertJson | null;
  /**
   * On a dry run: what the apply would be refused for, with the sentences its 422 would
   * give; empty when it would be saved. Absent on an apply.
   */
  refusals?: FeedNoticeJson[];
  /**
   * The other alerts the apply changes (or, on a dry run, would change) as a consequence: those
   * saying otherwise of trains it changes, which no longer name them until its lift
   * (docs/contract-notes.md "Consistency findings").
   */
  otherAlerts?: CarriedAlertEdit[];
  /**
   * After an apply with an alert: `published`, or waiting to enter the feed (`pending` a second
   * person's approval, `scheduled` for its publishAt).
   */
  alertState?: AlertState;
  /** The item of GET /feed/pending that waits: the alert's (or, held whole, the disruption's). */
  pendingId?: string;
  /** When the waiting alert enters the feed (ISO 8601), once approved if it is pending. */
  publishAt?: string;
};

export type AlertState = 'published' | 'pending' | 'scheduled';

/** How a disruption's alert waits, or null when it is published with the change. */
export type AlertWaits = { approval: boolean; publishAt: Date | null } | null;

/**
 * Changes every selected trip in one transaction, each merged with its existing update and checked
 * and logged as a single save would be (rules, expiry, history), and records the disruption with
 * each trip's earlier update for the lift. A dry run rehearses the apply (its writes and its check
 * of the feed invariants, then rolled back) and lists what the apply would be refused for. It
 * takes no disruption lock and plans before it writes, so the feed's rows are locked only for the
 * writes and the check, not the planning (a preview once held the write lock for 81–229 s over
 * 5 000 Renfe trips).
 */
export async function applyDisruption(
  deps: AppDeps,
  given: ApplyDisruptionOptions,
): Promise<ApplyDisruptionResult> {
  const options = withDefaults({ ...given, action: await withOperatorBusRoute(deps, given.action) });
  const { action } = options;
  checkAction(action);
  const waits = alertWaits(deps, options);
  if (options.dryRun) {
    const { result, refusals } = await onBackgroundConnection(deps, (own) =>
      rehearseFeedAct(own, async (feed) => {
        const plan = await planDisruption(feed.deps, options);
        // A reason is asked for at the apply; the preview may come before it is typed.
        await writeDisruption(feed, { ...options, reason: options.reason.trim() || '-' }, plan);
        // Filled by the act's invariant check, after this returns (the same list).
        return { ...plan.result, otherAlerts: feed.changes.carried };
      }),
    );
    // The alert's missing required languages are refused by the apply (400) before its writes.
    const missing = result.alert
      ? missingAlertLanguages(await getOperatorSettings(deps), result.alert.alert)
      : [];
    const languages: FeedNoticeJson[] =
      missing.length > 0
        ? [
            {
              code: 'validation_failed',
              severity: 'error',
              entityId: 'alert',
              field: 'alert.header_text',
              message: missingLanguagesSentence(missing),
            },
          ]
        : [];
    return { ...result, id: null, alertId: null, refusals: [...languages, ...refusals] };
  }
  if (options.reason.trim() === '')
    throw new AppError('validation_failed', { message: 'Give a reason: it is kept with the disruption.' });
  return onBackgroundConnection(deps, (own) =>
    inFeedTransaction(own, async (feed) => {
      await lockDisruptions(feed.deps.db);
      const plan = await planDisruption(feed.deps, options);
      const held = await writeDisruption(feed, options, plan, waits);
      const result: ApplyDisruptionResult = {
        ...plan.result,
        ...(plan.result.alertId && alertAnswer(held)),
        // Filled by the act's invariant check, after this returns (the same list).
        otherAlerts: feed.changes.carried,
      };
      await options.within?.(feed, result);
      return result;
    }),
  );
}

/**
 * Whether the alert waits (docs/contract-notes.md "Two-person approval and publication times"):
 * for a second person when its author may not approve, for its publishAt when one is given ahead.
 * publishAt is refused (400) without an alert to publish then, and checked as an alert's.
 */
export function alertWaits(
  deps: Pick<AppDeps, 'now' | 'config'>,
  options: { alert: unknown; publishAt?: unknown; holdAlert?: boolean; dryRun: boolean },
): AlertWaits {
  if (options.publishAt !== undefined && options.publishAt !== null && !options.alert)
    throw new AppError('validation_failed', {
      message:
        "publishAt is when the disruption's alert enters the feed: ask for an alert (alert: true), or leave publishAt out.",
    });
  const publishAt = readPublishAt(deps, options.publishAt);
  if (options.dryRun || !options.alert || (!options.holdAlert && !publishAt)) return null;
  return { approval: options.holdAlert === true, publishAt };
}

/** What the answer says of a disruption's alert: published, or waiting with its item. */
export function alertAnswer(
  held: HeldAlert | null,
): Pick<ApplyDisruptionResult, 'alertState' | 'pendingId' | 'publishAt'> {
  if (!held) return { alertState: 'published' };
  return {
    alertState: held.item.state as AlertState,
    pendingId: held.item.id,
    ...(held.item.publishAt && { publishAt: held.item.publishAt.toISOString() }),
  };
}

/**
 * The apply's writes: the trips' updates, the alert through the save path (or kept waiting, as
 * `waits` says), the disruption and its audit.
 */
async function writeDisruption(
  feed: FeedTransaction,
  options: ApplyDisruptionOptions,
  plan: Awaited<ReturnType<typeof planDisruption>>,
  waits: AlertWaits = null,
): Promise<HeldAlert | null> {
  const { deps: txDeps, changes } = feed;
  const tx = txDeps.db;
  const { result, now } = plan;
  // Disruptions layer on one another and their lifts replay that order: what this one takes out
  // of another's alert comes back at its lift (carry-alert-consequences.ts).
  changes.layered = true;
  // One statement per batch instead of a save per trip: the rows are those saveFeedEntity writes.
  for (const entities of batchesOf(plan.updates))
    await writeFeedEntities(tx, { kind: 'trip_update', entities, now, by: options.by, log: true, changes });
  changes.add('trip_update', options.by);
  let held: HeldAlert | null = null;
  // Controllers' trains are never held: only their alert waits (for approval or its time).
  if (result.alert && result.alertId && waits)
    held = await holdAlertInAct(feed, {
      json: { id: result.alertId, ...result.alert },
      by: options.by,
      approval: waits.approval,
      publishAt: waits.publishAt,
      told: `of the disruption "${options.reason.trim()}" by ${options.by ?? 'unknown'} (its ${result.count} trains changed now)`,
    });
  else if (result.alert && result.alertId)
    await saveFeedEntity(txDeps, {
      kind: 'alert',
      entity: { json: { id: result.alertId, ...result.alert } },
      by: options.by,
      log: true,
      changes,
      languagesChecked: options.dryRun,
    });
  await tx.insert(disruptions).values({
    id: plan.id,
    createdAt: now,
    createdBy: options.by,
    reason: options.reason.trim(),
    serviceDate: result.serviceDate,
    select: options.select,
    action: options.action,
    alertId: result.alertId,
    cause: options.cause ?? null,
  });
  await recordDisruptionTrips(tx, plan.recorded);
  if (options.cause)
    await saveTripCauses(tx, {
      // The trains selected, not the replacement buses the disruption added.
      trains: plan.recorded.filter((r) => !r.replacesTripId),
      cause: options.cause,
      disruptionId: plan.id,
      at: now,
      by: options.by,
    });
  await recordAudit(
    tx,
    appliedAudit(now, options.by, {
      ...options,
      id: plan.id,
      ...plan.selection,
      trips: result.count,
    }),
  );
  return held;
}

/**
 * What applying the disruption would write, read and checked but not written: every trip's
 * merged update prepared (feed rules passed, 422 otherwise) against one schedule view read for
 * all of them (a view per trip made a preview of 5 000 trips take minutes), and the alert drafted.
 */
async function planDisruption(deps: AppDeps & { db: Tx }, options: ApplyDisruptionOptions) {
  const { action, select } = options;
  const section = action.type === 'replace_by_bus' ? await readBusSection(deps, action) : null;
  const selection = await selectDisruptionTrips(deps, { serviceDate: options.serviceDate, select });
  const tripIds = selection.trips.map((t) => t.tripId);
  const stopsOf = await loadTripStops(deps, tripIds);
  const existing = await existingUpdates(deps, tripIds, selection.serviceDate);
  const busPlans = new Map<string, ReplacementBusPlan>();
  // A stop can only be skipped by the trips that call there; a delay needs the trip's stops
  // (some real schedules list trips without stop_times); buses replace the trains that call at
  // both ends of the section (one that merely crosses it elsewhere is not affected).
  // A train already cancelled is left alone by every action but a cancellation: its stops, times
  // and platforms are not riders' to use, and an alert saying otherwise would be untrue.
  const cancelledTrips = ALTERS_RUNNING.has(action.type)
    ? selection.trips.filter((t) => existing.get(runOf(t.tripId, t.startDate))?.cancelled)
    : [];
  const trips = selection.trips.filter((t) => {
    if (cancelledTrips.includes(t)) return false;
    const calls = stopsOf.get(t.tripId) ?? [];
    if (STOP_ACTIONS.has(action.type)) return calls.some((s) => s.stopId === action.stopId);
    if (action.type === 'delay') return calls.some((s) => !action.stopId || s.stopId === action.stopId);
    if (action.type === 'replace_by_bus') {
      const before = existing.get(runOf(t.tripId, t.startDate));
      const json = before ? (storedJson(before.pb) as TripUpdateJson) : null;
      const timed = calls.map((c) => ({
        ...c,
        arrivalSecs: c.arrivalSecs ?? null,
        departureSecs: c.departureSecs ?? null,
      }));
      const entry = calls.find((c) => c.stopId === action.fromStopId || c.stopId === action.toStopId);
      const plan = planReplacementBus(timed, {
        fromStopId: action.fromStopId!,
        toStopId: action.toStopId!,
        marginMinutes: action.marginMinutes ?? DEFAULT_MARGIN_MINUTES,
        busMinutes: action.busMinutes,
        // The bus waits for the train as late as it runs (docs/contract-notes.md "Dated trips and disruptions").
        entryDelaySecs: entry ? Math.max(0, delayInForce(json, entry.stopSequence, calls)) : 0,
      });
      // By run: a window across midnight can take yesterday's and today's run of one trip, each late as it runs.
      if (plan) busPlans.set(runOf(t.tripId, t.startDate), plan);
      return plan !== null;
    }
    return true;
  });
  if (trips.length === 0 && cancelledTrips.length > 0)
    throw new AppError('bad_request', {
      message: `${trainsNamed(cancelledTrips)} already cancelled: there is no running train to ${ALTERS_RUNNING.get(action.type)}. Lift or change the cancellation first, or pick other trains.`,
    });
  if (trips.length === 0) {
    const day = await getServiceDay(deps, selection.serviceDate);
    throw new AppError('bad_request', {
      message: day.noService
        ? `${day.noService} Pick a date it runs.`
        : nothingMatches(selection.serviceDate, select, action, await directionName(deps, select)),
    });
  }

  const stopNames =
    action.type === 'short_turn'
      ? await loadStationNames(deps, [action.stopId!])
      : action.type === 'replace_by_bus'
        ? await loadStationNames(deps, [
            action.fromStopId!,
            action.toStopId!,
            ...[...busPlans.values()].flatMap((p) => p.after.slice(-1).map((c) => c.stopId)),
          ])
        : undefined;
  if (stopNames && action.type === 'short_turn') refuseShortTurn(action, stopNames, trips, stopsOf);
  if (action.type === 'change_platform') await refusePlatformChange(deps, action, trips);

  const id = randomUUID();
  const now = deps.now();
  const recorded: DisruptionTripRecord[] = [];
  const entities: ReturnType<typeof readEntityOf>[] = [];
  for (const [i, trip] of trips.entries()) {
    await letPollsIn(i);
    const before = existing.get(runOf(trip.tripId, trip.startDate));
    const entityId = before?.id ?? `${trip.tripId}-${trip.startDate}`;
    const merged = mergeDisruptionAction(before ? (storedJson(before.pb) as TripUpdateJson) : null, action, {
      id: entityId,
      tripId: trip.tripId,
      startDate: trip.startDate,
      stops: stopsOf.get(trip.tripId) ?? [],
      nowSecs: Math.floor(now.getTime() / 1000),
      stopNames,
      ...(action.type === 'replace_by_bus' && {
        busPlan: busPlans.get(runOf(trip.tripId, trip.startDate)) ?? null,
      }),
    });
    recorded.push({
      disruptionId: id,
      tripId: trip.tripId,
      startDate: trip.startDate,
      entityId,
      beforePb: before?.pb ?? null,
    });
    entities.push(readEntityOf('trip_update', { json: merged }));
  }
  // The buses are saved as the trains' updates are (rules, expiry, history, the feed's invariants);
  // with no update before them, the lift deletes them.
  const buses =
    action.type === 'replace_by_bus' && section
      ? await planBusTrips(deps, {
          routeId: action.routeId!,
          serviceDate: selection.serviceDate,
          timezone: selection.timezone,
          nowSecs: Math.floor(now.getTime() / 1000),
          names: new Map([...section.names, ...(stopNames ?? [])]),
          trains: trips.map((t) => ({
            tripId: t.tripId,
            startDate: t.startDate,
            routeId: t.routeId,
            plan: busPlans.get(runOf(t.tripId, t.startDate))!,
          })),
        })
      : null;
  for (const [i, bus] of (buses?.entities ?? []).entries()) {
    const replaced = buses!.replacementTrips[i]!;
    recorded.push({
      disruptionId: id,
      tripId: bus.tripUpdate.trip.tripId,
      startDate: bus.tripUpdate.trip.startDate!,
      entityId: bus.id,
      beforePb: null,
      replacesTripId: replaced.replacesTripId,
    });
    entities.push(readEntityOf('trip_update', { json: bus }));
  }
  // The trains' parts after the section: NEW trips too, lifted with the disruption.
  for (const [i, part] of (buses?.continuing ?? []).entries()) {
    recorded.push({
      disruptionId: id,
      tripId: part.tripUpdate.trip.tripId,
      startDate: part.tripUpdate.trip.startDate!,
      entityId: part.id,
      beforePb: null,
      replacesTripId: buses!.continuingTrips[i]!.continuesTripId,
    });
    entities.push(readEntityOf('trip_update', { json: part }));
  }
  const view = await readScheduleViewFor(deps, 'trip_update', entities);
  const updates: PreparedEntity[] = [];
  for (const [i, entity] of entities.entries()) {
    // The checks are CPU work without I/O between them: let the feed's requests in now and then.
    await letPollsIn(i);
    updates.push(await prepareFeedEntity(deps, { kind: 'trip_update', entity, view, verify: false }));
  }
  const cause = options.cause
    ? await checkCause(
        deps,
        options.cause,
        trips.flatMap((t) => (stopsOf.get(t.tripId) ?? []).map((s) => s.stopId)),
      )
    : undefined;
  const alert = options.alert
    ? await draftDisruptionAlert(deps, {
        gtfsCause: cause?.gtfsCause,
        selection: { ...selection, trips },
        select,
        action,
        reason: options.reason,
        given: options.alert === true ? undefined : options.alert,
        ...(action.type === 'replace_by_bus' && { overrunSecs: busOverrun(trips, busPlans) }),
      })
    : null;
  const alertId = alert ? `disruption-${id}` : null;
  // The alert is checked as its save would check it (the apply then saves it through the save path).
  if (alert && alertId) {
    const entity = readEntityOf('alert', { json: { id: alertId, ...alert } });
    const alertView = await readScheduleViewFor(deps, 'alert', [entity]);
    await prepareFeedEntity(deps, {
      kind: 'alert',
      entity,
      view: alertView,
      verify: false,
      languagesChecked: options.dryRun,
    });
  }
  const result: ApplyDisruptionResult = {
    id,
    serviceDate: selection.serviceDate,
    count: trips.length,
    trips: trips.map(({ startSecs: _s, endSecs: _e, ...t }) => t),
    ...(cancelledTrips.length > 0 && { cancelledLeftOut: cancelledTrips.map((t) => t.trainNumber) }),
    ...(buses && {
      replacementTrips: buses.replacementTrips,
      continuingTrips: buses.continuingTrips,
      connections: buses.connections,
    }),
    alertId,
    alert,
  };
  return { id, now, selection, updates, recorded, result };
}

/** The actions that change one stop: a trip not calling there is left out of the selection. */
const STOP_ACTIONS = new Set<DisruptionAction['type']>([
  'skip_stop',
  'set_down_only',
  'pick_up_only',
  'change_platform',
]);

/**
 * The actions that change a running train (all but cancel and delete), with what they do in a
 * sentence: a cancelled train is left out.
 */
const ALTERS_RUNNING = new Map<DisruptionAction['type'], string>([
  ['skip_stop', 'skip a stop'],
  ['delay', 'delay'],
  ['short_turn', 'turn short'],
  ['set_down_only', 'restrict at a stop'],
  ['pick_up_only', 'restrict at a stop'],
  ['replace_by_bus', 'replace by bus'],
  ['change_platform', 'move to another platform'],
]);

/** "Train 305 is" / "Trains 303, 305 are": the trains by number, the verb agreeing. */
function trainsNamed(trips: SelectedTrip[]): string {
  const named = trips.slice(0, MAX_TRIPS_NAMED).map((t) => t.trainNumber);
  const more = trips.length - named.length;
  return trips.length === 1
    ? `Train ${named[0]} is`
    : `Trains ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''} are`;
}

/** Trips named one by one in a refusal; more are counted. */
const MAX_TRIPS_NAMED = 20;

function checkAction(action: DisruptionAction) {
  if (action.type === 'skip_stop' && !action.stopId)
    throw new AppError('validation_failed', { message: 'Name the stop to skip in action.stopId.' });
  if ((action.type === 'set_down_only' || action.type === 'pick_up_only') && !action.stopId)
    throw new AppError('validation_failed', {
      message: `Name the stop in action.stopId: ${action.type === 'set_down_only' ? 'riders may only get off there' : 'riders may only board there'}.`,
    });
  if (action.type === 'short_turn' && !action.stopId)
    throw new AppError('validation_failed', {
      message: 'Name the stop the trains turn at in action.stopId.',
    });
  if (action.type === 'short_turn' && action.at !== 'end' && action.at !== 'start')
    throw new AppError('validation_failed', {
      message:
        'Say where the trains turn in action.at: "end" (they terminate at action.stopId) or "start" (they start from it).',
    });
  if (action.type === 'delay' && (!Number.isInteger(action.minutes) || action.minutes === 0))
    throw new AppError('validation_failed', {
      message: 'Give action.minutes, a whole number of minutes other than 0.',
    });
  if (action.type === 'replace_by_bus') checkReplaceByBus(action);
  if (action.type === 'change_platform' && (!action.stopId || !action.toStopId))
    throw new AppError('validation_failed', {
      message:
        'Name the scheduled platform in action.stopId and the platform the trains use instead in action.toStopId.',
    });
}

/** The action as it is kept and listed: a replace_by_bus without a margin has the default one. */
function withDefaults(options: ApplyDisruptionOptions): ApplyDisruptionOptions {
  const { action } = options;
  if (action.type !== 'replace_by_bus' || action.marginMinutes !== undefined) return options;
  return { ...options, action: { ...action, marginMinutes: DEFAULT_MARGIN_MINUTES } };
}

/**
 * A short turn applies to every selected trip or to none: unlike a skipped stop, a train that does
 * not call at the turning stop is a selection mistake (the other direction, another branch), and a
 * turn at a trip's own end (start) would write a change that changes nothing.
 */
function refuseShortTurn(
  action: DisruptionAction,
  stopNames: Map<string, string>,
  trips: SelectedTrip[],
  stopsOf: Map<string, ScheduledStop[]>,
) {
  const stopId = action.stopId!;
  const name = stopNames.get(stopId);
  if (name === undefined)
    throw new AppError('bad_request', {
      message: `Stop '${stopId}' is not in the current schedule: name a stop the trains call at in action.stopId.`,
    });
  const at = action.at!;
  const problems = new Map<string, string[]>();
  for (const trip of trips) {
    const call = shortTurnCall(stopsOf.get(trip.tripId) ?? [], stopId, at);
    if ('problem' in call) problems.set(call.problem, [...(problems.get(call.problem) ?? []), trip.tripId]);
  }
  /** "Trip A does" / "Trips A, B do": the trips named, the verb agreeing; absent when none. */
  const listed = (problem: string, one: string, many: string) => {
    const ids = problems.get(problem);
    if (!ids) return null;
    const named = ids.slice(0, MAX_TRIPS_NAMED).join(', ');
    const more = ids.length - MAX_TRIPS_NAMED;
    return ids.length === 1
      ? `Trip ${named} ${one}`
      : `Trips ${more > 0 ? `${named} and ${more} more` : named} ${many}`;
  };
  const place = `${name} (${stopId})`;
  const end = at === 'end';
  const notCalling = listed('not_called', 'does not call', 'do not call');
  const already = end
    ? listed('no_change', 'already terminates', 'already terminate')
    : listed('no_change', 'already starts', 'already start');
  const nothingLeft = listed('nothing_left', 'would', 'would');
  const sentences = [
    notCalling &&
      `${notCalling} at ${place}: leave them out of the selection (pick the direction or the trips) or choose a stop they call at.`,
    already &&
      `${already} ${end ? 'at' : 'from'} ${place}: a short turn there changes nothing; choose a stop ${end ? 'before' : 'after'} it or leave them out.`,
    nothingLeft &&
      `${nothingLeft} have nothing left to run if they ${end ? 'terminate at' : 'start from'} ${place}, where they ${end ? 'start' : 'end'}: cancel them instead.`,
  ].filter(Boolean);
  if (sentences.length > 0) throw new AppError('bad_request', { message: sentences.join(' ') });
}

/**
 * A platform change stays in the station (GTFS-RT reference, "StopTimeProperties": the assigned
 * stop must not give riders a different trip): `toStopId` must be another platform of the
 * `parent_station` of `stopId`. Refused whole, naming the trains and the station's platforms.
 */
async function refusePlatformChange(deps: AppDeps, action: DisruptionAction, trips: SelectedTrip[]) {
  const stopId = action.stopId!;
  const toStopId = action.toStopId!;
  const platforms = (await listStationPlatforms(deps, { stopIds: [stopId] }))[stopId] ?? [];
  if (platforms.some((p) => p.stopId === toStopId)) return;
  const named = trips.slice(0, MAX_TRIPS_NAMED).map((t) => t.tripId);
  const more = trips.length - named.length;
  const trains = `${trips.length === 1 ? 'Trip' : 'Trips'} ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  const choices = platforms.map((p) => p.stopId).join(', ');
  const why =
    toStopId === stopId
      ? `stop ${toStopId} is the platform they are scheduled at`
      : platforms.length === 0
        ? `stop ${stopId} is not a platform of a station with other platforms (it has no parent_station sharing one)`
        : `stop ${toStopId} is not another platform of the station of ${stopId}`;
  throw new AppError('bad_request', {
    message: `${trains} cannot be moved from ${stopId} to ${toStopId}: ${why}. ${
      choices ? `Choose one of ${choices} in action.toStopId.` : 'Choose another action.'
    }`,
  });
}

/** The selected direction as a controller names it ("towards San Francisco"), when the schedule has it. */
async function directionName(deps: AppDeps, select: DisruptionSelect): Promise<string | null> {
  if (select.directionId === undefined) return null;
  const named = (await listDirections(deps)).find(
    (d) => d.routeId === (select.routeId ?? null) && d.directionId === select.directionId,
  );
  return named?.towards ?? null;
}

function nothingMatches(
  date: string,
  select: DisruptionSelect,
  action: DisruptionAction,
  towards: string | null,
): string {
  const parts = [
    select.routeId && `route ${select.routeId}`,
    select.directionId !== undefined &&
      (towards ? `${towards} (direction ${select.directionId})` : `direction ${select.directionId}`),
    select.stopId && `stop ${select.stopId}`,
    (select.from || select.to) && `between ${select.from ?? 'the start'} and ${select.to ?? 'the end'}`,
    select.tripIds && `trips ${select.tripIds.join(', ')}`,
    STOP_ACTIONS.has(action.type) && `calling at ${action.stopId}`,
    action.type === 'replace_by_bus' && `calling at both ${action.fromStopId} and ${action.toStopId}`,
  ].filter(Boolean);
  return `No trip runs on ${date}${parts.length ? ` matching ${parts.join(', ')}` : ''}: widen the selection or pick another date.`;
}

const runOf = (tripId: string, startDate: string) => `${tripId}\u0000${startDate}`;

/** How much later than its timetable the last bus or held part after of a train ends (the alert lasts with them). */
function busOverrun(
  trips: { tripId: string; startDate: string; endSecs: number }[],
  plans: Map<string, ReplacementBusPlan>,
): number {
  let overrun = 0;
  for (const trip of trips) {
    const plan = plans.get(runOf(trip.tripId, trip.startDate));
    if (!plan) continue;
    const ends = [plan.bus.at(-1)!.arrivalSecs, ...plan.after.slice(-1).map((c) => c.arrivalSecs ?? 0)];
    overrun = Math.max(overrun, Math.max(...ends) - trip.endSecs);
  }
  return overrun;
}

/**
 * The trips' current updates by run (trip and service date; one without a date counts as the
 * selection's date): a night's train of the day before has its own (docs/architecture.md "The
 * operating day").
 */
async function existingUpdates(deps: Pick<AppDeps, 'db'>, tripIds: string[], serviceDate: string) {
  const rows = await readInBatches(tripIds, (batch) =>
    deps.db
      .select({
        id: feedEntities.id,
        pb: feedEntities.pb,
        tripId: feedEntities.tripId,
        json: feedEntities.json,
      })
      .from(feedEntities)
      .where(and(eq(feedEntities.kind, 'trip_update'), isAnyOf(feedEntities.tripId, batch))),
  );
  const found = new Map<string, { id: string; pb: Buffer; cancelled: boolean }>();
  for (const row of rows) {
    const trip = (
      row.json as { tripUpdate?: { trip?: { startDate?: string; scheduleRelationship?: string } } }
    ).tripUpdate?.trip;
    // An extra train (DUPLICATED) names the trip it copies, but it is another run: not this one's update.
    if (trip?.scheduleRelationship === 'DUPLICATED') continue;
    const cancelled = trip?.scheduleRelationship === 'CANCELED' || trip?.scheduleRelationship === 'DELETED';
    if (row.tripId)
      found.set(runOf(row.tripId, trip?.startDate || serviceDate), { id: row.id, pb: row.pb, cancelled });
  }
  return found;
}
