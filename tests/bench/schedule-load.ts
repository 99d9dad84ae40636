/**
 * Schedule import and query benchmark (docs/quality.md): loads the large Renfe Cercanías zip
 * (1.87 M stop_times) with storeScheduleVersion into the embedded PostgreSQL, or into PostgreSQL when
 * DATABASE_URL is set, against a plain COPY of the same CSVs into plain tables with the same
 * indexes; then p99 of findTrips and listStopTimesOfTrip over the inputs the web app's screens send:
 * findTrips always with details (the tRPC procedure asks for them), by route on today's date (with
 * today's first service, as the trip search opens, or any service running), by a stop on today's
 * date, and by train number alone (the alert editor's affected trips).
 *
 *   npm run bench -- schedule-load [path/to/feed.zip]
 *   BENCH_TIMES=5 npm run bench -- schedule-load   # five times Renfe (support/bench-zip.ts; kept for the next run)
 *
 * At BENCH_TIMES > 1 the plain COPY reference is skipped (the load benchmark measures the load;
 * BENCH_REFERENCE=1 runs it anyway) and the parsed feed needs a larger heap: NODE_OPTIONS=--max-old-space-size=16384.
 * BENCH_VACUUM=1 vacuums gtfs_trips before the queries (see below).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Database } from '@feeddesk/drizzle';
import { silentLogger } from '@feeddesk/server/deps';
import { getScheduleInfo } from '@feeddesk/server/schedule/current/get-schedule-info';
import { findTrips } from '@feeddesk/server/schedule/find-trips';
import { listStopTimesOfTrip } from '@feeddesk/server/schedule/list-stop-times-of-trip';
import { mapTripsToRoutes } from '@feeddesk/server/schedule/map-trips-to-routes';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { readGtfsZip } from '@feeddesk/server/schedule/test-support/read-gtfs-zip';
import { openTestDatabase, postgresUrl } from '../support/databases.ts';
import { startTestServer } from '../support/test-server.ts';
import { benchTimes, benchZip, sharedRenfeZip } from './support/bench-zip.ts';
import { copyReference } from './support/copy-reference.ts';
import { machine } from './support/report.ts';

const TIMES = benchTimes();
const zipPath = benchZip(process.argv[2] ?? sharedRenfeZip, TIMES)!;
const REFERENCE = process.env.BENCH_REFERENCE ? process.env.BENCH_REFERENCE === '1' : TIMES === 1;
/** A Monday inside the Renfe feed's calendar, 08:00 in Madrid. */
const benchNow = new Date('2026-08-24T08:00:00+02:00');

type Row = { what: string; embedded: string; postgres: string };

async function main(): Promise<void> {
  console.log(machine());
  if (!existsSync(zipPath)) {
    console.log(`No benchmark feed at ${zipPath}; nothing to measure.`);
    return;
  }
  const table: Row[] = [];
  const set = (what: string, kind: 'embedded' | 'postgres', value: string) => {
    const row =
      table.find((r) => r.what === what) ?? table[table.push({ what, embedded: '–', postgres: '–' }) - 1];
    row[kind] = value;
  };

  let t = performance.now();
  // Dropped once stored: the product's server never holds the parsed feed (the import worker does),
  // so its 1 GB must not be left for the garbage collector to walk while queries are timed.
  let feed: ReturnType<typeof readGtfsZip> | undefined = readGtfsZip(zipPath);
  const parseSecs = (performance.now() - t) / 1000;
  console.log(
    `parsed ${zipPath} in ${parseSecs.toFixed(1)} s (${feed.get('stop_times.txt')?.rows.length} stop_times), peak RSS ${peakMb()} MB`,
  );

  const kinds: ('embedded' | 'postgres')[] = [postgresUrl ? 'postgres' : 'embedded'];
  for (const kind of kinds) {
    const bench = await openBenchDatabase();
    try {
      const database = bench.database;
      const deps = { db: database.db, database, now: () => benchNow, log: silentLogger };
      t = performance.now();
      const { counts } = await storeScheduleVersion(deps, {
        feed: feed!,
        sourceKind: 'zip',
        sourceName: zipPath.split('/').at(-1)!,
        uploadedBy: 'bench',
        jobId: null,
      });
      const loadSecs = (performance.now() - t) / 1000;
      set('load (storeScheduleVersion), s', kind, loadSecs.toFixed(1));
      set('peak RSS after load, MB', kind, String(peakMb()));

      if (REFERENCE) {
        t = performance.now();
        await copyReference(database, readFileSync(zipPath));
        const refSecs = (performance.now() - t) / 1000;
        set('reference plain COPY + same indexes, s', kind, refSecs.toFixed(1));
        set('ratio load / reference (target ≤ 3)', kind, (loadSecs / refSecs).toFixed(2));
      }
      set('stop_times loaded', kind, String(counts.stopTimes));

      feed = undefined;
      collectGarbage();
      // The queries are timed as a schedule is used between uploads: without the load's writes still
      // being flushed under them (the test server runs without fsync, so the kernel writes them back
      // some 30 s later, right in the timing window, and its stalls dominated the tail).
      // BENCH_VACUUM=1: the trips table vacuumed first. The load derives the directions of trips
      // without direction_id after its VACUUM (all of Renfe's), so until autovacuum comes by,
      // every trip row has a dead copy and no page is all-visible: index-only scans of gtfs_trips
      // visit the heap. With this, the queries are timed as they run once it has.
      if (process.env.BENCH_VACUUM === '1') await database.raw.sql`vacuum (analyze) gtfs_trips`;
      await database.raw.sql`checkpoint`;
      execFileSync('sync');

      const tripsToRoutes = Object.entries(await mapTripsToRoutes(deps));
      const routeIds = [...new Set(tripsToRoutes.map(([, r]) => r))];
      const { today, todayServices } = await getScheduleInfo(deps);
      const stopIds = (
        await database.raw.sql<{ stop_id: string }[]>`
          select distinct stop_id from gtfs_stop_times
          where version_id = (select id from schedule_versions where status = 'current')`
      ).map((r) => r.stop_id);
      const searches = {
        'by route on today (service: first of today or any)': () =>
          findTrips(deps, {
            route: pick(routeIds),
            date: today,
            service: Math.random() < 0.5 ? todayServices[0] : undefined,
            details: true,
          }),
        'by stop on today': () => findTrips(deps, { stop: pick(stopIds), date: today, details: true }),
        'by train number': () =>
          findTrips(deps, { number: String(1 + Math.floor(Math.random() * 999)), details: true }),
      };
      console.log(`timing the queries; ${machine()}`);
      const pauses = gcPauses();
      const allFindTimes: number[] = [];
      for (const [what, search] of Object.entries(searches)) {
        const times = await timeEach(300, search);
        allFindTimes.push(...times);
        set(`  findTrips ${what}, p50 / p99, ms`, kind, `${pct(times, 50)} / ${pct(times, 99)}`);
      }
      allFindTimes.sort((a, b) => a - b);
      set(
        'findTrips, details, all of the above, p50 / p99, ms (target p99 < 20)',
        kind,
        `${pct(allFindTimes, 50)} / ${pct(allFindTimes, 99)}`,
      );
      const stopTimeTimes = await timeEach(1000, () =>
        listStopTimesOfTrip(deps, { tripid: pick(tripsToRoutes)[0] }),
      );
      set(
        'listStopTimesOfTrip p50 / p99, ms (target p99 < 5)',
        kind,
        `${pct(stopTimeTimes, 50)} / ${pct(stopTimeTimes, 99)}`,
      );
      set('GC of this process while timing: pauses, longest ms', kind, pauses.stop());
    } finally {
      await bench.close();
    }
  }
  set('peak RSS of the whole run, MB (target < 1500)', kinds[0]!, String(peakMb()));
  console.log(
    `\nfeed: ${zipPath}\nparse (fflate + csv-parse, trimmed): ${parseSecs.toFixed(1)} s, not counted in the load`,
  );
  console.table(table);
}

/** A fresh database on the run's server (embedded, or DATABASE_URL's), copied from the migrated template. */
async function openBenchDatabase(): Promise<{ database: Database; close(): Promise<void> }> {
  const stopServer = await startTestServer();
  const test = await openTestDatabase();
  return {
    database: test.database,
    async close() {
      await test.drop();
      await stopServer();
    },
  };
}

async function timeEach(times: number, run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await run(); // warm-up
  const result: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    result.push(performance.now() - start);
  }
  return result.sort((a, b) => a - b);
}

/** Frees the dropped feed now, not in the middle of a timed query (`npm run bench` gives no --expose-gc). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The bench's own garbage collection pauses, which land in the timings they interrupt. */
function gcPauses(): { stop(): string } {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      return `${durations.length}, ${Math.max(0, ...durations).toFixed(1)}`;
    },
  };
}

function pct(sorted: number[], p: number): string {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))].toFixed(2);
}

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

function peakMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

await main();
