import { randomUUID } from 'node:crypto';
import { disruptions, routes } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import { type HeldAlert, holdAlertInAct } from '../approvals/hold-alert-in-act.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FeedChanges, feedActIn } from '../feed/feed-transaction.ts';
import {
  prepareFeedEntity,
  readEntityOf,
  readScheduleViewFor,
  saveFeedEntity,
} from '../feed/save-feed-entity.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import {
  PLANNABLE_ACTIONS,
  type PlannedAction,
  shortId,
} from '../schedule/planned-works/apply-planned-works.ts';
import { makePlannedWorksVersion } from '../schedule/planned-works/make-planned-works-version.ts';
import { agencyToday, plannedWorkLabel } from '../schedule/planned-works/planned-works-ahead.ts';
import { type ApplyDisruptionResult, alertAnswer, alertWaits } from './apply-disruption.ts';
import { appliedAudit } from './disruption-audit.ts';
import type { DisruptionAction, DisruptionAlertInput, DisruptionSelect } from './disruption-input.ts';
import { type AlertJson, draftDisruptionAlert, runsPeriod } from './draft-disruption-alert.ts';
import { loadStationNames } from './load-station-names.ts';
import { loadTripStops } from './load-trip-stops.ts';
import type { ScheduledStop } from './merge-disruption-action.ts';
import { DEFAULT_MARGIN_MINUTES, planReplacementBus } from './plan-replacement-bus.ts';
import { recordDisruptionTrips } from './record-disruption-trips.ts';
import {
  MAX_BUS_MINUTES,
  type PlannedConnection,
  refuseRailRoute,
  serviceClock,
  withOperatorBusRoute,
} from './replacement-bus-trips.ts';
import { selectDisruptionTrips } from './select-disruption-trips.ts';

export type PublishPlannedWorksOptions = {
  serviceDate?: string;
  select: DisruptionSelect;
  action: Omit<DisruptionAction, 'type'> & { type: string };
  reason: string;
  alert: boolean | DisruptionAlertInput;
  dryRun: boolean;
  by: string | null;
  /** Epoch seconds: the alert enters the feed then (docs/contract-notes.md "Two-person approval and publication times"). */
  publishAt?: number;
  /** The alert waits for a second person (approval on, the planner without approve); the version does not. */
  holdAlert?: boolean;
};

/** What riders are told a bus or a shortened train does, when the action has no alert template. */
const EFFECTS: Partial<Record<PlannedAction['type'], string>> = {
  replace_by_bus: 'MODIFIED_SERVICE',
  short_turn: 'REDUCED_SERVICE',
};

/**
 * Planned works published in the schedule itself (docs/contract-notes.md "Planned works in
 * the schedule"): the disruption is kept with the trips it selected, and a new current schedule
 * version is made with every planned work still ahead applied (makePlannedWorksVersion). Nothing
 * goes to the trip updates; the alert, when asked, is published at once (or waits for approval or
 * its publishAt), told from now, its impact on that date. When the version cannot be made the
 * disruption is not kept.
 */
export async function publishPlannedWorks(
  deps: AppDeps,
  options: PublishPlannedWorksOptions,
): Promise<ApplyDisruptionResult & { versionId: number | null }> {
  const action = checkPlannedAction(await withOperatorBusRoute(deps, options.action));
  const waits = alertWaits(deps, options);
  const current = await findCurrentSchedule(deps);
  if (!current)
    throw new AppError('bad_request', {
      message: 'There is no schedule to plan works in: upload one first.',
    });
  const today = agencyToday(deps.now(), current.timezone);
  if (!options.serviceDate || options.serviceDate <= today)
    throw new AppError('validation_failed', {
      message: `Planned works need a serviceDate from tomorrow on (after ${today} in ${current.timezone}); for today, publish as realtime (publishAs "feed").`,
    });
  if (action.type === 'replace_by_bus' && action.routeId) {
    const [route] = await deps.db
      .select({
        routeId: routes.routeId,
        routeType: routes.routeType,
        shortName: routes.routeShortName,
        longName: routes.routeLongName,
      })
      .from(routes)
      .where(and(eq(routes.versionId, current.versionId), eq(routes.routeId, action.routeId)));
    if (!route)
      throw new AppError('validation_failed', {
        message: `action.routeId '${action.routeId}' is not a route of the schedule: name the bus route the buses run on, or leave it out to have a replacement-bus route added.`,
      });
    refuseRailRoute(route);
  }
  const selection = await selectDisruptionTrips(deps, {
    serviceDate: options.serviceDate,
    select: options.select,
  });
  const stopsOf = await loadTripStops(
    deps,
    selection.trips.map((t) => t.tripId),
  );
  const trips = selection.trips.filter((t) =>
    affects(
      action,
      (stopsOf.get(t.tripId) ?? []).map((s) => s.stopId),
    ),
  );
  if (trips.length === 0)
    throw new AppError('bad_request', {
      message: `No trip runs on ${selection.serviceDate} matching the selection${
        action.type === 'replace_by_bus'
          ? ` and calling at both ${action.fromStopId} and ${action.toStopId}`
          : action.type === 'short_turn'
            ? ` and calling at ${action.stopId} before its last stop`
            : ''
      }: widen the selection or pick another date.`,
    });
  const listed = trips.map(({ startSecs: _s, endSecs: _e, ...t }) => t);
  const buses = action.type === 'replace_by_bus' ? await planBuses(deps, action, trips, stopsOf) : null;
  const connections = buses?.connections;
  const alert = options.alert
    ? await draftAlert(deps, {
        ...options,
        action,
        selection: { ...selection, trips },
        overrunSecs: buses?.overrunSecs ?? 0,
      })
    : null;
  if (options.dryRun)
    return {
      id: null,
      serviceDate: selection.serviceDate,
      count: trips.length,
      trips: listed,
      alertId: null,
      alert,
      ...(connections && { connections }),
      refusals: [],
      versionId: null,
    };
  if (options.reason.trim() === '')
    throw new AppError('validation_failed', { message: 'Give a reason: it is kept with the planned works.' });

  const id = randomUUID();
  const alertId = alert ? `disruption-${id}` : null;
  if (alert && alertId) {
    // Checked as its save will check it, before any version is made.
    const entity = readEntityOf('alert', { json: { id: alertId, ...alert } });
    const view = await readScheduleViewFor(deps, 'alert', [entity]);
    await prepareFeedEntity(deps, { kind: 'alert', entity, view, verify: false });
  }
  const now = deps.now();
  const reason = options.reason.trim();
  const changes = new FeedChanges();
  let held: HeldAlert | null = null;
  // Nothing is written before the version is made: the disruption, its trips, its alert and the
  // audit are written in the transaction that makes it current, so a crash or a refusal at any
  // phase leaves neither half planned works nor a version without its disruption
  // (docs/contract-notes.md "Planned works in the schedule").
  const made = await makePlannedWorksVersion(deps, {
    by: options.by,
    adding: {
      id,
      serviceDate: selection.serviceDate,
      action,
      tripIds: trips.map((t) => t.tripId),
      label: plannedWorkLabel({ reason, serviceDate: selection.serviceDate }),
    },
    withSwitch: async (tx, version) => {
      if (!version.plannedWorks.includes(id)) {
        // Cannot happen for trips just selected from the current schedule, but never claim it.
        throw new AppError('bad_request', {
          message: `The planned works could not be applied to the schedule: ${version.log.filter((l) => l.includes('dropped')).join(' ')}`,
        });
      }
      await tx.insert(disruptions).values({
        id,
        createdAt: now,
        createdBy: options.by,
        reason,
        serviceDate: selection.serviceDate,
        select: options.select,
        action,
        alertId,
        publishAs: 'schedule',
        versionId: version.versionId,
      });
      await recordDisruptionTrips(
        tx,
        trips.map((t) => ({
          disruptionId: id,
          tripId: t.tripId,
          startDate: t.startDate,
          // No trip update is written: the schedule holds the change.
          entityId: '',
          beforePb: null,
        })),
      );
      // The planner's version is made now; the alert told with it may wait (approval, publishAt).
      if (alert && alertId && waits)
        held = await feedActIn({ ...deps, db: tx }, changes, (feed) =>
          holdAlertInAct(feed, {
            json: { id: alertId, ...alert },
            by: options.by,
            approval: waits.approval,
            publishAt: waits.publishAt,
            told: `of the planned works "${reason}" of ${selection.serviceDate} by ${options.by ?? 'unknown'} (schedule version ${version.versionId} made now)`,
          }),
        );
      else if (alert && alertId)
        await feedActIn({ ...deps, db: tx }, changes, (feed) =>
          saveFeedEntity(feed.deps, {
            kind: 'alert',
            entity: { json: { id: alertId, ...alert } },
            by: options.by,
            log: true,
            changes: feed.changes,
          }),
        );
      await recordAudit(
        tx,
        appliedAudit(now, options.by, {
          id,
          serviceDate: selection.serviceDate,
          action: action as DisruptionAction,
          reason: `${reason} (planned works in schedule version ${version.versionId})`,
          trips: trips.length,
        }),
      );
    },
  });
  await changes.announce(deps.bus);
  return {
    id,
    serviceDate: selection.serviceDate,
    count: trips.length,
    trips: listed,
    alertId,
    alert,
    ...(alertId && alertAnswer(held)),
    ...(connections && {
      connections: connections.map((c) => ({ ...c, busTripId: `${c.tripId}-pw-${shortId(id)}-bus` })),
    }),
    versionId: made.versionId,
  };
}

/**
 * The connections the schedule will hold at each end of the section, per train, as the dry run
 * shows them (the same plan apply-planned-works.ts writes into the version; the bus's trip id is
 * known once the works have theirs), and how much later than the trains' timetable the last bus
 * or held train ends.
 */
async function planBuses(
  deps: AppDeps,
  action: PlannedAction,
  trips: { tripId: string; endSecs: number }[],
  stopsOf: Map<string, ScheduledStop[]>,
): Promise<{ connections: PlannedConnection[]; overrunSecs: number }> {
  const names = await loadStationNames(deps, [action.fromStopId!, action.toStopId!]);
  const result: PlannedConnection[] = [];
  let overrunSecs = 0;
  for (const trip of trips) {
    const plan = planReplacementBus(
      (stopsOf.get(trip.tripId) ?? []).map((c) => ({
        ...c,
        arrivalSecs: c.arrivalSecs ?? null,
        departureSecs: c.departureSecs ?? null,
      })),
      {
        fromStopId: action.fromStopId!,
        toStopId: action.toStopId!,
        marginMinutes: action.marginMinutes ?? DEFAULT_MARGIN_MINUTES,
        busMinutes: action.busMinutes,
      },
    );
    if (!plan) continue;
    const ends = [plan.bus.at(-1)!.arrivalSecs, ...plan.after.slice(-1).map((c) => c.arrivalSecs ?? 0)];
    overrunSecs = Math.max(overrunSecs, Math.max(...ends) - trip.endSecs);
    for (const c of plan.connections)
      result.push({
        tripId: trip.tripId,
        busTripId: null,
        stopId: c.stopId,
        stopName: names.get(c.stopId) ?? c.stopId,
        kind: c.kind,
        trainTime: serviceClock(c.trainSecs),
        busTime: serviceClock(c.busSecs),
        minutes: c.minutes,
        heldMinutes: c.kind === 'to_train' ? Math.ceil(plan.holdSecs / 60) : 0,
      });
  }
  return { connections: result, overrunSecs };
}

/** 400 for what a schedule cannot hold or an action missing its fields; the action as planned works take it. */
function checkPlannedAction(action: PublishPlannedWorksOptions['action']): PlannedAction {
  if (!(PLANNABLE_ACTIONS as readonly string[]).includes(action.type))
    throw new AppError('validation_failed', {
      message: `${action.type} cannot be planned in the schedule: publish it on the day as realtime (publishAs "feed"). Planned works take ${PLANNABLE_ACTIONS.join(', ')}.`,
    });
  const planned = action as PlannedAction;
  if (planned.type === 'replace_by_bus') {
    const missing = (['fromStopId', 'toStopId'] as const).filter((f) => !planned[f]);
    if (missing.length)
      throw new AppError('validation_failed', {
        message: `replace_by_bus needs ${missing.map((f) => `action.${f}`).join(', ')}: the section's two stops.`,
      });
    if (
      planned.busMinutes !== undefined &&
      (!Number.isInteger(planned.busMinutes) ||
        planned.busMinutes < 0 ||
        planned.busMinutes > MAX_BUS_MINUTES)
    )
      throw new AppError('validation_failed', {
        message: `action.busMinutes must be a whole number of minutes from 0 to ${MAX_BUS_MINUTES}, how long the bus takes over the section.`,
      });
    if (planned.fromStopId === planned.toStopId)
      throw new AppError('validation_failed', {
        message: 'action.fromStopId and action.toStopId must be two different stops.',
      });
    if (
      planned.marginMinutes !== undefined &&
      (!Number.isInteger(planned.marginMinutes) || planned.marginMinutes < 0)
    )
      throw new AppError('validation_failed', {
        message: 'action.marginMinutes must be a whole number of minutes, 0 or more.',
      });
  }
  if (planned.type === 'short_turn' && (!planned.stopId || (planned.at !== 'end' && planned.at !== 'start')))
    throw new AppError('validation_failed', {
      message:
        'short_turn needs action.stopId and action.at ("end": the trains terminate there, "start": they start there).',
    });
  return planned;
}

/** Whether the action changes a trip calling at these stops (in order). */
function affects(action: PlannedAction, stops: string[]): boolean {
  if (action.type === 'replace_by_bus')
    return stops.includes(action.fromStopId!) && stops.includes(action.toStopId!);
  if (action.type === 'short_turn') {
    const at = stops.indexOf(action.stopId!);
    return at >= 0 && (action.at === 'start' ? at > 0 : at < stops.length - 1);
  }
  return true;
}

/** The disruption's alert, told from now until the works end, its impact on their date. */
async function draftAlert(
  deps: AppDeps,
  o: PublishPlannedWorksOptions & {
    action: PlannedAction;
    selection: Parameters<typeof draftDisruptionAlert>[1]['selection'];
    /** How much later than the trains' timetable the buses (or a held train) end. */
    overrunSecs: number;
  },
): Promise<AlertJson> {
  const given = o.alert === true ? undefined : (o.alert as DisruptionAlertInput);
  const effect = EFFECTS[o.action.type];
  const drafted = await draftDisruptionAlert(deps, {
    selection: o.selection,
    select: o.select,
    action: o.action as DisruptionAction,
    reason: o.reason,
    given: effect ? { effect, ...given } : given,
  });
  // The bus and a held train can end later than the trains' timetable: the impact lasts with them.
  const { start, end } = runsPeriod(o.selection.trips, o.selection.timezone, o.overrunSecs);
  const told = [{ start: Math.floor(deps.now().getTime() / 1000), end }];
  return {
    alert: {
      ...drafted.alert,
      activePeriod: told,
      communicationPeriod: told,
      impactPeriod: [{ start, end }],
    },
  };
}
