import { activeServiceIds } from '../../schedule/time/active-services.ts';
import { serviceDayStartSecs } from '../../schedule/time/service-day.ts';
import type {
  ConsistencyContext,
  ConsistencySchedule,
  ConsistencyTrip,
  LiveAlert,
  LiveTripUpdate,
  StopCall,
} from '../context.ts';

export const TZ = 'Africa/Johannesburg';
/** Tuesday 23 September 2025, 06:00 in Johannesburg. */
export const TODAY = '20250923';
export const NOW = new Date('2025-09-23T04:00:00Z');
export const DAY_START = serviceDayStartSecs(TODAY, TZ);
/** POSIX seconds of a local time today. */
export const at = (hhmm: string) => DAY_START + secs(hhmm);

function secs(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 3600 + m! * 60;
}

const trip = (
  tripId: string,
  serviceId: string,
  directionId: number,
  start: string,
  end: string,
): ConsistencyTrip => ({
  tripId,
  routeId: tripId.startsWith('NTH') ? 'NTH' : 'STH',
  serviceId,
  directionId,
  lastStopId: directionId === 0 ? 'FHK' : 'CPT',
  startSecs: secs(start),
  endSecs: secs(end),
  trainNumber: tripId.slice(4),
});

/**
 * Southern line outbound (direction 0) on weekdays at 06:30, 06:40 and 07:15, inbound at 06:35,
 * one weekend train; Northern line one weekday train. Every STH train calls at CPT (first stop)
 * and WDS (5 minutes on); NTH-201 calls at CPT only.
 */
export const TRIPS: ConsistencyTrip[] = [
  trip('STH-101', 'WD', 0, '06:30', '07:25'),
  trip('STH-103', 'WD', 0, '06:40', '07:35'),
  trip('STH-105', 'WD', 0, '07:15', '08:10'),
  trip('STH-102', 'WD', 1, '06:35', '07:30'),
  trip('STH-151', 'WE', 0, '07:00', '07:55'),
  trip('NTH-201', 'WD', 0, '06:00', '06:50'),
];

const CALENDARS = [
  { serviceId: 'WD', weekdays: 0b0011111, startDate: '20250101', endDate: '20251231' },
  { serviceId: 'WE', weekdays: 0b1100000, startDate: '20250101', endDate: '20251231' },
];

export function makeSchedule(trips: ConsistencyTrip[] = TRIPS): ConsistencySchedule {
  const calls: StopCall[] = trips.flatMap((t) =>
    t.routeId === 'STH'
      ? [
          { tripId: t.tripId, stopId: 'CPT', secs: t.startSecs! },
          { tripId: t.tripId, stopId: 'WDS', secs: t.startSecs! + 300 },
        ]
      : [{ tripId: t.tripId, stopId: 'CPT', secs: t.startSecs! }],
  );
  return {
    timezone: TZ,
    trip: (id) => trips.find((t) => t.tripId === id),
    tripsOfRoute: (routeId) => trips.filter((t) => t.routeId === routeId),
    callsAt: (stopId) => calls.filter((c) => c.stopId === stopId),
    runsOn: (serviceId, date) => activeServiceIds(date, CALENDARS, []).includes(serviceId),
    dayStart: (date) => serviceDayStartSecs(date, TZ),
  };
}

export function makeTripUpdate(
  id: string,
  tripId: string,
  extra: Partial<LiveTripUpdate> = {},
): LiveTripUpdate {
  return {
    id,
    tripId,
    startDate: TODAY,
    cancelled: false,
    deleted: false,
    extra: false,
    skippedStopIds: [],
    restrictedStopIds: [],
    stopTimeUpdates: 0,
    assignedPlatforms: [],
    ...extra,
  };
}

export function makeAlert(id: string, extra: Partial<LiveAlert> = {}): LiveAlert {
  return {
    id,
    effect: 'NO_SERVICE',
    periods: [{ start: at('05:00'), end: at('09:00') }],
    informed: [],
    texts: [],
    ...extra,
  };
}

export function makeContext(extra: Partial<ConsistencyContext> = {}): ConsistencyContext {
  return {
    now: NOW,
    today: TODAY,
    tripUpdates: [],
    alerts: [],
    vehicles: [],
    schedule: makeSchedule(),
    headwayGapSecs: 15 * 60,
    alertLinks: [],
    ...extra,
  };
}
