/**
 * Consistency engine benchmark: GET /feed/consistency over a 2 000-entity feed on the
 * demo schedule: 1 900 trip updates (the demo trips on successive service dates; a third
 * cancelled, a third skipping a stop, a third delayed) and 100 alerts (stop closures, route and
 * trip alerts over a morning), all saved through the product's save service. Times the service
 * call and the HTTP request, 20 runs each after one warm-up.
 *
 *   npx tsx tests/bench/consistency.ts [entities=2000]      (PostgreSQL too when DATABASE_URL is set)
 *   BENCH_TIMES=5 NODE_OPTIONS=--max-old-space-size=16384 npm run bench -- consistency
 *     (the same feed on five times Renfe, its calendar moved to the coming weeks: the
 *     trip updates are on trips running the first day from today that has them, the route alerts
 *     on their routes)
 */
import { readFileSync } from 'node:fs';
import { encodeFeedEntity, type FeedEntity } from '@feeddesk/proto';
import { findConsistencyFindings } from '@feeddesk/server/consistency/find-consistency-findings';
import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { findCurrentSchedule } from '@feeddesk/server/schedule/find-current-schedule';
import { findTrips } from '@feeddesk/server/schedule/find-trips';
import { mapTripsToRoutes } from '@feeddesk/server/schedule/map-trips-to-routes';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { readGtfsZip } from '@feeddesk/server/schedule/test-support/read-gtfs-zip';
import { addDays, serviceDateOf, serviceDayStartSecs } from '@feeddesk/server/schedule/time/service-day';
import { postgresUrl } from '../support/databases.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startTestServer } from '../support/test-server.ts';
import { benchTimes, benchZip, sharedRenfeZip } from './support/bench-zip.ts';
import {
  BENCH_ENV,
  type BenchTrip,
  benchTrips,
  benchTripUpdate,
  startAppWithDemo,
} from './support/feed-app.ts';
import { calendarFromNow } from './support/product-schedule.ts';
import { machine, ms, printReport, type ReportRow } from './support/report.ts';

const ENTITIES = Number(process.argv[2] ?? 2000);
const ALERTS = Math.round(ENTITIES / 20);
const RUNS = 20;
const TIMES = benchTimes();

/** The app, the trips the feed is about, the day they run, the schedule's zone, each trip's route. */
type Bench = { app: TestApp; trips: BenchTrip[]; day: string; zone: string; routeOf(tripId: string): string };

/** The demo schedule (its trips run every day), or n × Renfe with its calendar moved to now. */
async function startBench(): Promise<Bench> {
  if (TIMES === 1) {
    const { app, trips } = await startAppWithDemo();
    const zone = 'Africa/Johannesburg';
    const routeOf = (tripId: string) => (tripId.startsWith('WE') ? 'STH' : 'NTH');
    return { app, trips, day: serviceDateOf(new Date(), zone), zone, routeOf };
  }
  const app = await startTestApp({ env: BENCH_ENV });
  try {
    const t0 = performance.now();
    await storeScheduleVersion(app.deps, {
      feed: readGtfsZip(calendarFromNow(readFileSync(benchZip(sharedRenfeZip, TIMES)!))),
      sourceKind: 'zip',
      sourceName: 'national.zip',
      uploadedBy: null,
      jobId: null,
    });
    console.log(`${TIMES} × Renfe stored in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const zone = (await findCurrentSchedule(app.deps))!.timezone;
    const today = serviceDateOf(new Date(), zone);
    for (let d = 0; d < 7; d++) {
      const day = addDays(today, d);
      const running = await findTrips(app.deps, { date: day });
      if (running.length < ENTITIES) continue;
      // Spread over the day's trips (every route, every copy).
      const step = Math.floor(running.length / ENTITIES);
      const spread = running.filter((_, i) => i % step === 0).map((t) => t.trip_id);
      const trips = await benchTrips(app.deps, ENTITIES - ALERTS, spread);
      const routes = await mapTripsToRoutes(app.deps);
      console.log(`${trips.length} of the ${running.length} trips running ${day}`);
      return { app, trips, day, zone, routeOf: (tripId) => routes[tripId]! };
    }
    throw new Error(`no day of the coming week runs ${ENTITIES} trips`);
  } catch (error) {
    await app.close();
    throw error;
  }
}

function tripUpdate(trips: BenchTrip[], n: number, today: string): FeedEntity {
  const entity = benchTripUpdate(trips, n);
  const tu = entity.tripUpdate!;
  // Round 0 dated too: every run of the bench feed names its date.
  tu.trip = { ...tu.trip, startDate: tu.trip?.startDate ?? today };
  if (n % 3 === 0) return { ...entity, tripUpdate: { trip: { ...tu.trip, scheduleRelationship: 3 } } };
  if (n % 3 === 1) {
    const stop = tu.stopTimeUpdate![0]!;
    tu.stopTimeUpdate = [{ stopSequence: stop.stopSequence, stopId: stop.stopId, scheduleRelationship: 1 }];
  }
  return entity;
}

function alert({ trips, zone, routeOf }: Bench, n: number, today: string): FeedEntity {
  const start = serviceDayStartSecs(addDays(today, n % 7), zone) + 5 * 3600;
  const trip = trips[n % trips.length]!;
  const informed =
    n % 3 === 0
      ? [{ stopId: trip.stops[1]!.stopId }]
      : n % 3 === 1
        ? [{ routeId: routeOf(trip.tripId) }]
        : [{ trip: { tripId: trip.tripId } }];
  return {
    id: `bench-alert-${n}`,
    alert: {
      activePeriod: [{ start, end: start + 4 * 3600 }],
      informedEntity: informed,
      effect: 1 + (n % 3),
    },
  };
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
};

const rows: ReportRow[] = [];
const kind = postgresUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PostgreSQL';
// The database server of the run, as vitest's global setup starts it for the tests.
const stopServer = await startTestServer();
{
  const bench = await startBench();
  const { app, trips, day: today } = bench;
  try {
    const t0 = performance.now();
    for (let n = 0; n < ENTITIES - ALERTS; n++) {
      await saveFeedEntity(app.deps, {
        kind: 'trip_update',
        entity: { protobuf: encodeFeedEntity(tripUpdate(trips, n, today)) },
        by: 'bench',
        log: false,
      });
    }
    for (let n = 0; n < ALERTS; n++) {
      await saveFeedEntity(app.deps, {
        kind: 'alert',
        entity: { protobuf: encodeFeedEntity(alert(bench, n, today)) },
        by: 'bench',
        log: false,
      });
    }
    console.log(`${kind}: ${ENTITIES} entities saved in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const viewer = await app.clientWithRoles(['view'], 'bench-viewer');
    const findings = await findConsistencyFindings(app.deps);
    const service: number[] = [];
    const http: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await findConsistencyFindings(app.deps);
      service.push(performance.now() - t);
      t = performance.now();
      const res = await viewer.get('/feed/consistency');
      await res.arrayBuffer();
      http.push(performance.now() - t);
    }
    const byCode = new Map<string, number>();
    for (const f of findings) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
    console.log(`${kind}: ${findings.length} findings`, Object.fromEntries(byCode));
    for (const [what, samples] of [
      ['findConsistencyFindings', service],
      ['GET /feed/consistency', http],
    ] as const) {
      const s = stats(samples);
      rows.push({
        what: `${what}, ${ENTITIES} entities, ${TIMES > 1 ? `${TIMES} × Renfe` : 'demo schedule'}, ${kind}`,
        measured: `median ${ms(s.median)}, max ${ms(s.max)}`,
        target: '– (none set)',
        result: '–',
      });
    }
  } finally {
    await app.close();
    await stopServer();
  }
}
printReport(`Consistency findings (${machine()})`, rows);
