import type { FeedEntity } from '@feeddesk/proto';
import type { Deps } from '@feeddesk/server/deps';
import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { listStopTimesOfTrip, type TripStopTime } from '@feeddesk/server/schedule/list-stop-times-of-trip';
import { mapTripsToRoutes } from '@feeddesk/server/schedule/map-trips-to-routes';
import { addDays, serviceDateOf } from '@feeddesk/server/schedule/time/service-day';
import type { TestDatabase } from '../../support/databases.ts';
import { demoWorkbook, uploadSchedule } from '../../support/schedule.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';

/** Entities stay in the live feed for the whole run, whatever the time of day (docs/rest-api.md expiry). */
export const BENCH_ENV = { TRIP_UPDATE_TTL_MINUTES: '10080' };

/** The demo schedule's agency time zone. */
const DEMO_ZONE = 'Africa/Johannesburg';

export type BenchTrip = { tripId: string; stops: TripStopTime[] };

/** The app on a real port with the demo schedule uploaded through POST /gtfs/upload_gtfs. */
export async function startAppWithDemo(
  database?: TestDatabase,
): Promise<{ app: TestApp; trips: BenchTrip[] }> {
  const app = await startTestApp({ env: BENCH_ENV, database });
  try {
    const planner = await app.clientWithRoles(['gtfs'], 'bench-planner');
    const upload = await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    if (upload.final.status !== 'done') throw new Error(`demo upload failed: ${upload.final.message}`);
    return { app, trips: await benchTrips(app.deps) };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * Trips of the current schedule with at least 4 stops (the first `limit` of them, of `among` when
 * given, else of all by id), and their stop times.
 */
export async function benchTrips(
  deps: Pick<Deps, 'db'>,
  limit = Number.POSITIVE_INFINITY,
  among?: string[],
): Promise<BenchTrip[]> {
  const tripIds = among ?? Object.keys(await mapTripsToRoutes(deps)).sort();
  const trips: BenchTrip[] = [];
  for (const tripId of tripIds) {
    if (trips.length >= limit) break;
    const stops = await listStopTimesOfTrip(deps, { tripid: tripId });
    if (stops.length >= 4) trips.push({ tripId, stops });
  }
  if (trips.length === 0) throw new Error('The schedule has no trip with 4 stops or more.');
  return trips;
}

/**
 * Trip update `n` of the bench feed: a real trip of the schedule, `delaySecs` at 4 stops from the
 * second one, the third also with a departure delay. With fewer trips than entities, round r of
 * the trips is their run r days after today (one trip update per run; each entity its own id).
 */
export function benchTripUpdate(trips: BenchTrip[], n: number, delaySecs = 60 + (n % 20) * 30): FeedEntity {
  const trip = trips[n % trips.length]!;
  const round = Math.floor(n / trips.length);
  const startDate = round > 0 ? addDays(serviceDateOf(new Date(), DEMO_ZONE), round) : undefined;
  const from = Math.min(1, trip.stops.length - 4);
  const stops = trip.stops.slice(from, from + 4);
  return {
    id: `bench-${String(n).padStart(4, '0')}`,
    tripUpdate: {
      trip: { tripId: trip.tripId, ...(startDate ? { startDate } : {}) },
      stopTimeUpdate: stops.map((s, i) => ({
        stopSequence: s.stopSequence,
        stopId: s.stopId,
        arrival: { delay: delaySecs },
        ...(i === 2 ? { departure: { delay: delaySecs + 30 } } : {}),
      })),
    },
  };
}

/** Saves `count` trip updates through the service (the REST route calls the same function). */
export async function saveBenchFeed(app: TestApp, trips: BenchTrip[], count: number): Promise<void> {
  for (let n = 0; n < count; n++) {
    await saveFeedEntity(app.deps, {
      kind: 'trip_update',
      entity: { json: benchTripUpdate(trips, n) },
      by: 'bench',
      log: false,
    });
  }
}
