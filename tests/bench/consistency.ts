/**
 * Consistency engine benchmark (issue 12): GET /feed/consistency over a 2 000-entity feed on the
 * demo schedule: 1 900 trip updates (the demo trips on successive service dates; a third
 * cancelled, a third skipping a stop, a third delayed) and 100 alerts (stop closures, route and
 * trip alerts over a morning), all saved through the product's save service. Times the service
 * call and the HTTP request, 20 runs each after one warm-up.
 *
 *   npx tsx tests/bench/consistency.ts [entities=2000]      (PostgreSQL too when DATABASE_URL is set)
 */
import { encodeFeedEntity, type FeedEntity } from '@feeddesk/proto';
import { findConsistencyFindings } from '@feeddesk/server/consistency/find-consistency-findings';
import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { addDays, serviceDateOf, serviceDayStartSecs } from '@feeddesk/server/schedule/time/service-day';
import { postgresUrl } from '../support/databases.ts';
import { startTestServer } from '../support/test-server.ts';
import { type BenchTrip, benchTripUpdate, startAppWithDemo } from './support/feed-app.ts';
import { machine, ms, printReport, type ReportRow } from './support/report.ts';

const ENTITIES = Number(process.argv[2] ?? 2000);
const ALERTS = Math.round(ENTITIES / 20);
const RUNS = 20;
const TZ = 'Africa/Johannesburg';

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

function alert(trips: BenchTrip[], n: number, today: string): FeedEntity {
  const start = serviceDayStartSecs(addDays(today, n % 7), TZ) + 5 * 3600;
  const trip = trips[n % trips.length]!;
  const informed =
    n % 3 === 0
      ? [{ stopId: trip.stops[1]!.stopId }]
      : n % 3 === 1
        ? [{ routeId: trip.tripId.startsWith('WE') ? 'STH' : 'NTH' }]
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
  const { app, trips } = await startAppWithDemo();
  try {
    const today = serviceDateOf(new Date(), TZ);
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
        entity: { protobuf: encodeFeedEntity(alert(trips, n, today)) },
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
        what: `${what}, ${ENTITIES} entities, ${kind}`,
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
