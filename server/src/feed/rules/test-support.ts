import type {
  Alert,
  FeedEntity,
  StopTimeEvent,
  StopTimeUpdate,
  TripDescriptor,
  TripUpdate,
  VehiclePosition,
} from '@feeddesk/proto';
import type { FeedRuleContext, LatLon, ScheduledTrip, ScheduleView } from './context.ts';
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

/** Halfway between Cape Town (CPT) and Woodstock (WDS), on the trip. */
export const BETWEEN_CPT_AND_WDS = { latitude: -33.92386, longitude: 18.43551 };

/** Train 2300 on its trip, at NOW, heading for WDS (stop_sequence 2); `extra` replaces fields. */
export function makeVehiclePosition(extra: Partial<VehiclePosition> = {}): FeedEntity {
  return {
    id: 'vp-1',
    vehicle: {
      trip: { tripId: 'WD-2300' },
      vehicle: { id: 'T-2300', label: '2300' },
      position: { ...BETWEEN_CPT_AND_WDS },
      currentStopSequence: 2,
      stopId: 'WDS',
      timestamp: NOW,
      ...extra,
    },
  };
}

/** 2023-11-14 22:13:20 UTC. */
export const NOW = 1_700_000_000;

/**
 * A small schedule: trip WD-2300 on route STH calls at CPT (1, 08:00), WDS (2, 08:10/08:11), MBG (3,
 * 08:20), at their demo coordinates; service WD runs Monday to Friday (NOW is a Tuesday).
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
    locations: {
      CPT: { lat: -33.92226, lon: 18.4253 },
      WDS: { lat: -33.92545, lon: 18.44571 },
      MBG: { lat: -34.1084, lon: 18.4701 },
    },
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
  locations: Record<string, LatLon>;
  dayStart?: number;
};

/** Weekdays of a YYYYMMDD date: the WD service runs Monday (1) to Friday (5). */
const isWeekday = (date: string) => {
  const day = new Date(Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8))).getUTCDay();
  return day >= 1 && day <= 5;
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
    runsOn: (tripId, date) => trips.get(tripId)?.serviceId === 'WD' && isWeekday(date),
    stopLocation: (stopId) => data.locations[stopId],
  };
}

/** Notices with their rendered sentence, so a rule's test asserts its data and its words at once. */
export const withSentences = (notices: FeedNotice[]) =>
  notices.map((notice) => ({ ...notice, message: renderFeedNotice(notice) }));
