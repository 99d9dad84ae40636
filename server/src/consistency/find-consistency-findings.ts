import type { FeedEntity } from '@feeddesk/proto';
import type { AppDeps } from '../deps.ts';
import { DEFAULT_TIMEZONE, serviceDateOf } from '../schedule/time/service-day.ts';
import type {
  AlertLink,
  ConsistencyContext,
  ConsistencySchedule,
  LiveAlert,
  LiveTripUpdate,
  LiveVehicle,
  ReplacementBusRun,
} from './context.ts';
import type { Finding } from './finding.ts';
import {
  listLiveEntities,
  listPlatformVehicles,
  toLiveAlert,
  toLiveTripUpdate,
  toLiveVehicle,
} from './live-entities.ts';
import { linkedTripIds, loadAlertLinks, type StoredAlertLink } from './load-alert-links.ts';
import { loadConsistencySchedule } from './load-consistency-schedule.ts';
import { loadReplacementBuses } from './replacement-buses.ts';
import { checkConsistency } from './rules/index.ts';

/** Findings across the live feed and the current schedule (GET /feed/consistency). */
export async function findConsistencyFindings(deps: AppDeps): Promise<Finding[]> {
  const { context } = await loadConsistency(deps);
  const [live, vehicles] = await Promise.all([listLiveEntities(deps), listPlatformVehicles(deps)]);
  return checkConsistency(context([...live, ...vehicles]));
}

/**
 * What the rules compare a feed with, loaded once: the live entities, the alert links and the
 * schedule they need; `context` builds the rules' context for these entities or a proposed set
 * (`extra` entities only widen what schedule is loaded).
 */
export async function loadConsistency(deps: AppDeps, extra: FeedEntity[] = []) {
  const [live, links, buses] = await Promise.all([
    listLiveEntities(deps),
    loadAlertLinks(deps),
    loadReplacementBuses(deps),
  ]);
  const ownTrips = live.flatMap((e) =>
    e.tripUpdate?.trip?.tripId && links.some((l) => l.tripUpdateId === e.id)
      ? [e.tripUpdate.trip.tripId]
      : [],
  );
  const schedule = await loadConsistencySchedule(
    deps,
    [...live, ...extra],
    [...linkedTripIds(links), ...ownTrips],
    { linkDates: links.flatMap((l) => (l.trips ?? []).map((t) => t.startDate)) },
  );
  return {
    live,
    schedule,
    context: (entities: FeedEntity[]) => consistencyContext(deps, schedule, entities, links, buses),
  };
}

/** The rules' context for a set of entities against an already loaded schedule. */
export function consistencyContext(
  deps: Pick<AppDeps, 'now' | 'config'>,
  schedule: ConsistencySchedule | null,
  entities: FeedEntity[],
  links: StoredAlertLink[] = [],
  replacementBuses: ReplacementBusRun[] = [],
): ConsistencyContext {
  const now = deps.now();
  const today = serviceDateOf(now, schedule?.timezone ?? DEFAULT_TIMEZONE);
  const tripUpdates = entities.map((e) => toLiveTripUpdate(e, today)).filter((t): t is LiveTripUpdate => !!t);
  return {
    now,
    today,
    tripUpdates,
    alerts: entities.map(toLiveAlert).filter((a): a is LiveAlert => !!a),
    vehicles: entities.map((e) => toLiveVehicle(e, today)).filter((v): v is LiveVehicle => !!v),
    schedule,
    headwayGapSecs: deps.config.CONSISTENCY_HEADWAY_GAP_MINUTES * 60,
    alertLinks: links.map((link) => resolveLink(link, tripUpdates)),
    replacementBuses,
  };
}

/** A trip update's own alert speaks for the trip that update is about now. */
function resolveLink(link: StoredAlertLink, tripUpdates: LiveTripUpdate[]): AlertLink {
  if (link.trips)
    return {
      alertId: link.alertId,
      disruptionId: link.disruptionId,
      trips: link.trips,
      ...(link.partial ? { partial: true } : {}),
    };
  const tu = tripUpdates.find((t) => t.id === link.tripUpdateId);
  return {
    alertId: link.alertId,
    disruptionId: null,
    trips: tu ? [{ tripId: tu.tripId, startDate: tu.startDate }] : [],
  };
}
