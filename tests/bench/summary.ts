/**
 * History summary benchmark (docs/quality.md: 100 000 logged entities < 15 s, peak RSS < 600 MB).
 * Seeds a feed_log of N rows (trip updates with 8 stops, edits, cancellations, skips, deletes;
 * alerts with periods, informed entities and texts) into an embedded PostgreSQL, and into
 * PostgreSQL too when DATABASE_URL is set; then a fresh process opens the database and makes the
 * summary through startSummary, as the server does, and reports its time, peak RSS and the
 * longest event-loop stall.
 *
 *   npx tsx tests/bench/summary.ts [entities=100000]
 *   BENCH_ONLY=postgres BENCH_CPU_PROF=/tmp/prof …   (one database; CPU profile of the summary process)
 *   BENCH_TIMES=5 NODE_OPTIONS=--max-old-space-size=16384 npm run bench -- summary
 *     (on five times Renfe, support/bench-zip.ts, the history naming its real trips, routes
 *     and stops, so the summary looks up names in a national schedule; without it, the sample feed)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { feedLog, openDb } from '@feeddesk/drizzle';
import { startEmbeddedPostgres } from '@feeddesk/drizzle/embedded-postgres';
import { loadConfig } from '@feeddesk/server/config';
import { createAppDeps } from '@feeddesk/server/create-deps';
import { silentLogger } from '@feeddesk/server/deps';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { readGtfsZip } from '@feeddesk/server/schedule/test-support/read-gtfs-zip';
import { sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { getSummary } from '@feeddesk/server/summaries/get-summary';
import { listSummaries } from '@feeddesk/server/summaries/list-summaries';
import { startSummary } from '@feeddesk/server/summaries/start-summary';
import postgres from 'postgres';
import { benchTimes, benchZip, sharedRenfeZip } from './support/bench-zip.ts';

const LIMIT_SECS = 15;
const LIMIT_MB = 600;
const TIMES = benchTimes();
/** Distinct trips the history names on a real schedule (a national operator's two months). */
const NAMED_TRIPS = 30_000;

/** What the seeded history names: the sample feed's ids, or a real schedule's. */
type HistoryIds = {
  trip(n: number): { tripId: string; routeId: string };
  route(n: number): string;
  stop(n: number): string;
};

const sampleIds: HistoryIds = {
  trip: (n) => ({ tripId: `WD-${1000 + (n % 3000)}`, routeId: `R${n % 12}` }),
  route: (n) => `R${n % 12}`,
  stop: (n) => `S${n % 40}`,
};

type Measured = {
  seconds: number;
  openMb: number;
  peakMb: number;
  stallMs: number;
  bytes: number;
  summaries: number;
};

async function main(): Promise<void> {
  if (process.argv[2] === '--measure') {
    const measured = await measure(process.argv[3]!);
    process.stdout.write(`RESULT ${JSON.stringify(measured)}\n`);
    return;
  }
  const entities = Number(process.argv[2] ?? 100_000);
  const rows: string[][] = [];
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'feeddesk-bench-summary-'));
    const embedded = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    try {
      rows.push(['embedded', ...(await run(embedded.url, entities))]);
    } finally {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const url = process.env.DATABASE_URL;
  if (url && only !== 'embedded') {
    const name = `fd_bench_summary_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    try {
      const target = new URL(url);
      target.pathname = `/${name}`;
      rows.push(['postgres', ...(await run(target.toString(), entities))]);
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  console.log(
    `\nSummary of ${entities.toLocaleString('en')} logged entities on ${TIMES > 1 ? `${TIMES} × Renfe (${NAMED_TRIPS} of its trips named)` : 'the sample feed'} (targets: < ${LIMIT_SECS} s, peak RSS < ${LIMIT_MB} MB)`,
  );
  console.table(
    rows.map(([db, seconds, open, peak, stall, size, ok]) => ({
      database: db,
      'time (s)': seconds,
      'RSS with database open (MB)': open,
      'peak RSS (MB)': peak,
      'longest event-loop stall (ms)': stall,
      'file (MB)': size,
      'within targets': ok,
    })),
  );
}

async function run(url: string, entities: number): Promise<string[]> {
  const database = await openDb(url);
  const t0 = performance.now();
  const deps = createAppDeps({ config: loadConfig({}), database, log: silentLogger });
  const zipPath = TIMES > 1 ? benchZip(sharedRenfeZip, TIMES)! : undefined;
  await storeScheduleVersion(deps, {
    feed: zipPath ? readGtfsZip(zipPath) : sampleFeed(),
    sourceKind: 'zip',
    sourceName: 'gtfs.zip',
    uploadedBy: null,
    jobId: null,
  });
  const ids = zipPath ? await scheduleIds(database) : sampleIds;
  for (const batch of seedRows(entities, 1000, ids)) await database.db.insert(feedLog).values(batch);
  console.log(
    `${url.split(':')[0]}: seeded ${entities} log rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await database.close();
  // A fresh process, so its peak RSS is the summary's (plus opening the database), not the seeding's.
  const child = spawnSync(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--measure',
      url,
    ],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`measurement failed:\n${child.stdout}\n${child.stderr}`);
  const m = JSON.parse(line.slice(7)) as Measured;
  if (m.summaries !== 1) throw new Error('the summary was not stored');
  const ok = m.seconds < LIMIT_SECS && m.peakMb < LIMIT_MB ? 'yes' : 'NO';
  return [
    m.seconds.toFixed(2),
    m.openMb.toFixed(0),
    m.peakMb.toFixed(0),
    m.stallMs.toFixed(0),
    (m.bytes / 1e6).toFixed(1),
    ok,
  ];
}

async function measure(url: string): Promise<Measured> {
  const database = await openDb(url);
  const deps = createAppDeps({ config: loadConfig({}), database, log: silentLogger });
  const openMb = process.resourceUsage().maxRSS / 1024;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const t0 = performance.now();
  const { finished } = await startSummary(deps, { createdBy: null });
  await finished;
  const seconds = (performance.now() - t0) / 1000;
  loop.disable();
  const [summary] = await listSummaries(deps);
  const file = summary ? await getSummary(deps, { name: summary.name }) : null;
  const summaries = (await listSummaries(deps)).length;
  await database.close();
  return {
    seconds,
    openMb,
    peakMb: process.resourceUsage().maxRSS / 1024,
    stallMs: loop.max / 1e6,
    bytes: file?.size ?? 0,
    summaries,
  };
}

/** What the history names: a fixed sample (by the ids' hash) of the schedule's trips, and its stops. */
async function scheduleIds(database: Awaited<ReturnType<typeof openDb>>): Promise<HistoryIds> {
  const trips = await database.raw.sql<{ trip_id: string; route_id: string }[]>`
    select trip_id, route_id from gtfs_trips
    where version_id = (select id from schedule_versions where status = 'current')
    order by md5(trip_id) limit ${NAMED_TRIPS}`;
  const stops = await database.raw.sql<{ stop_id: string }[]>`
    select stop_id from gtfs_stops
    where version_id = (select id from schedule_versions where status = 'current')`;
  return {
    trip: (n) => ({ tripId: trips[n % trips.length]!.trip_id, routeId: trips[n % trips.length]!.route_id }),
    route: (n) => trips[n % trips.length]!.route_id,
    stop: (n) => stops[n % stops.length]!.stop_id,
  };
}

/** Deterministic history: 70 % trip update rows (a fifth of them edits), 27 % alerts, 3 % deletes. */
function* seedRows(total: number, batchSize: number, ids: HistoryIds) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const causes = [
    'STRIKE',
    'TECHNICAL_PROBLEM',
    'WEATHER',
    'MAINTENANCE',
    'POLICE_ACTIVITY',
    'ACCIDENT',
  ] as const;
  const effects = [
    'NO_SERVICE',
    'REDUCED_SERVICE',
    'SIGNIFICANT_DELAYS',
    'DETOUR',
    'MODIFIED_SERVICE',
  ] as const;
  const start = Date.parse('2025-07-01T04:00:00+02:00');
  const step = (60 * 86_400_000) / total;
  const recentTrips: string[] = [];
  const recentAlerts: string[] = [];
  let batch: (typeof feedLog.$inferInsert)[] = [];
  for (let i = 0; i < total; i++) {
    const at = new Date(start + i * step);
    const by = pick(['alice', 'bob', 'carol', 'dineo', 'thabo']);
    const r = random();
    if (r < 0.03 && recentTrips.length > 0) {
      batch.push({ kind: 'trip_update', entityId: pick(recentTrips), action: 'delete', at, by, json: null });
    } else if (r < 0.73) {
      const edit = r < 0.17 && recentTrips.length > 0;
      const id = edit ? pick(recentTrips) : `tu-${i}`;
      if (!edit) recentTrips.push(id);
      if (recentTrips.length > 200) recentTrips.shift();
      const first = Math.floor(random() * 12);
      const day = new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
      const cancelled = random() < 0.05;
      batch.push({
        kind: 'trip_update',
        entityId: id,
        action: 'save',
        at,
        by,
        json: {
          id,
          tripUpdate: {
            trip: {
              ...ids.trip(Number(id.slice(3))),
              startDate: day,
              ...(cancelled ? { scheduleRelationship: 'CANCELED' } : {}),
            },
            stopTimeUpdate: cancelled
              ? []
              : Array.from({ length: 8 }, (_, k) =>
                  k === 3 && random() < 0.1
                    ? {
                        stopSequence: first + k,
                        stopId: ids.stop(first + k),
                        scheduleRelationship: 'SKIPPED',
                      }
                    : {
                        stopSequence: first + k,
                        stopId: ids.stop(first + k),
                        arrival: { delay: Math.floor(random() * 1200) },
                      },
                ),
            timestamp: Math.floor(at.getTime() / 1000),
          },
        },
      });
    } else if (r < 0.97 || recentAlerts.length === 0) {
      const id = r < 0.8 && recentAlerts.length > 0 ? pick(recentAlerts) : `alert-${i}`;
      if (!recentAlerts.includes(id)) recentAlerts.push(id);
      if (recentAlerts.length > 100) recentAlerts.shift();
      const s = Math.floor(at.getTime() / 1000);
      batch.push({
        kind: 'alert',
        entityId: id,
        action: 'save',
        at,
        by,
        json: {
          id,
          alert: {
            activePeriod: [{ start: s, end: s + Math.floor(random() * 3 * 86_400) }],
            informedEntity: [
              { routeId: ids.route(i) },
              { stopId: ids.stop(i) },
              { trip: { tripId: ids.trip(i).tripId } },
            ],
            cause: pick(causes),
            effect: pick(effects),
            severityLevel: 'WARNING',
            headerText: { translation: [{ text: `Service disruption ${i}`, language: 'en-ZA' }] },
            descriptionText: {
              translation: [
                {
                  text: `Trains on route R${i % 12} run up to ${i % 50} minutes late because of an incident near S${i % 40}.`,
                  language: 'en-ZA',
                },
                { text: `Treine op roete R${i % 12} is tot ${i % 50} minute laat.`, language: 'af-ZA' },
              ],
            },
          },
        },
      });
    } else {
      batch.push({ kind: 'alert', entityId: pick(recentAlerts), action: 'delete', at, by, json: null });
    }
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

await main();
