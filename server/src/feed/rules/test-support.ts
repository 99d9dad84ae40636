import type {
  Alert,
  FeedEntity,
  StopTimeEvent,
  StopTimeUpdate,
  TripDescriptor,
  TripUpdate,
} from '@feeddesk/proto';
import type { FeedRuleContext, ScheduledTrip, ScheduleView } from './context.ts';
import { renderFeedNotice } from './index.ts';
import type { FeedNotice } from './notice.ts';

type StopOptions = {
  arrival?: StopTimeEvent;
  departure?: StopTimeEvent;
  stopId?: string;
  scheduleRelationship?: number;
};

/** A stop time update; `seq` null leaves stop_sequence out. */
export function makeStopTimeUpdate(seq: number | null, options: StopOptions = {}): StopTimeUpdate {
  return { ...(seq === null ? {} : { stopSequence: seq }), ...options };
}

export function makeTripUpdate(
  stopTimeUpdate: StopTimeUpdate[],
  trip: TripDescriptor = { tripId: 'WD-2300' },
  extra: Partial<TripUpdate> = {},
): FeedEntity {
  return { id: 'tu-1', tripUpdate: { trip, stopTimeUpdate, ...extra } };
}

export const makeAlert = (alert: Alert): FeedEntity => ({ id: 'alert-1', alert });

/** 2023-11-14 22:13:20 UTC. */
export const NOW = 1_700_000_000;

/**
 * A small schedule: trip WD-2300 on route STH calls at CPT (1, 08:00), WDS (2, 08:10/08:11), MBG (3, 08:20).
 * CPT is platform 1 of station CPT-STN, whose platform 3 is CPT3; WDS and MBG have no station.
 */
export function makeSchedule(dayStart?: number): ScheduleView {
  const trips: ScheduledTrip[] = [
    {
      tripId: 'WD-2300',
      routeId: 'STH',
      serviceId: 'WD',
      stopTimes: [
        { stopSequence: 1, stopId: 'CPT', arrivalSecs: 28_800, departureSecs: 28_800 },
        { stopSequence: 2, stopId: 'WDS', arrivalSecs: 29_400, departureSecs: 29_460 },
        { stopSequence: 3, stopId: 'MBG', arrivalSecs: 30_000, departureSecs: 30_000 },
      ],
    },
  ];
  return scheduleView({
    timezone: 'Africa/Johannesburg',
    trips,
    routes: ['STH', 'NTH'],
    stops: ['CPT', 'WDS', 'MBG', 'CPT3', 'CPT-STN'],
    parents: { CPT: 'CPT-STN', CPT3: 'CPT-STN' },
    agencies: ['PRASA'],
    dayStart,
  });
}

export function context(schedule: ScheduleView | null = makeSchedule()): FeedRuleContext {
  return { now: new Date(NOW * 1000), schedule };
}

type ScheduleData = {
  timezone: string;
  trips: ScheduledTrip[];
  routes: string[];
  stops: string[];
  /** parent_station of the stops that have one. */
  parents: Record<string, string>;
  agencies: string[];
  dayStart?: number;
};

function scheduleView(data: ScheduleData): ScheduleView {
  const trips = new Map(data.trips.map((trip) => [trip.tripId, trip]));
  const [routes, stops, agencies] = [new Set(data.routes), new Set(data.stops), new Set(data.agencies)];
  return {
    timezone: data.timezone,
    trip: (tripId) => trips.get(tripId),
    hasRoute: (routeId) => routes.has(routeId),
    hasStop: (stopId) => stops.has(stopId),
    stationOf: (stopId) => (stops.has(stopId) ? (data.parents[stopId] ?? stopId) : undefined),
    hasAgency: (agencyId) => agencies.has(agencyId),
    serviceDayStart: data.dayStart === undefined ? undefined : () => data.dayStart,
  };
}

/** Notices with their rendered sentence, so a rule's test asserts its data and its words at once. */
export const withSentences = (notices: FeedNotice[]) =>
  notices.map((notice) => ({ ...notice, message: renderFeedNotice(notice) }));
