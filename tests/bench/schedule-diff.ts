/**
 * Schedule diff benchmark: loads the large Renfe Cercanías zip (1.87 M stop_times)
 * twice, the second time with every 100th trip dropped and the last stop of every 50th trip two
 * minutes later, then times diffScheduleVersions between the two (embedded PostgreSQL, or
 * DATABASE_URL's).
 *
 *   npm run bench -- schedule-diff [path/to/feed.zip]
 *   BENCH_TIMES=5 NODE_OPTIONS=--max-old-space-size=16384 npm run bench -- schedule-diff   # five times Renfe
 */
import { existsSync } from 'node:fs';
import { silentLogger } from '@feeddesk/server/deps';
import type { GtfsFeed } from '@feeddesk/server/gtfs/index';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { readGtfsZip } from '@feeddesk/server/schedule/test-support/read-gtfs-zip';
import { diffScheduleVersions } from '@feeddesk/server/schedule/versions/diff-schedule-versions';
import { openTestDatabase } from '../support/databases.ts';
import { startTestServer } from '../support/test-server.ts';
import { benchZip, sharedRenfeZip } from './support/bench-zip.ts';
import { machine } from './support/report.ts';

const zipPath = benchZip(process.argv[2] ?? sharedRenfeZip)!;

/** Every 100th trip dropped, every 50th (of the rest) arriving two minutes later at its last stop. */
function changed(feed: GtfsFeed): { feed: GtfsFeed; dropped: number; retimed: number } {
  const trips = feed.get('trips.txt')!;
  const stopTimes = feed.get('stop_times.txt')!;
  const tripCol = trips.header.indexOf('trip_id');
  const ids = trips.rows.map((r) => r[tripCol]!);
  const dropped = new Set(ids.filter((_, i) => i % 100 === 0));
  const retimed = new Set(ids.filter((id, i) => i % 50 === 1 && !dropped.has(id)));
  const [st, arr, dep, seq] = ['trip_id', 'arrival_time', 'departure_time', 'stop_sequence'].map((c) =>
    stopTimes.header.indexOf(c),
  );
  const last = new Map<string, number>();
  for (const row of stopTimes.rows) {
    const id = row[st!]!;
    if (retimed.has(id)) last.set(id, Math.max(last.get(id) ?? -1, Number(row[seq!])));
  }
  const later = (time: string) => {
    const [h, m, s] = time.split(':').map(Number);
    const secs = h! * 3600 + m! * 60 + s! + 120;
    return [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60]
      .map((n) => String(n).padStart(2, '0'))
      .join(':');
  };
  const rows = stopTimes.rows
    .filter((r) => !dropped.has(r[st!]!))
    .map((r) => {
      if (last.get(r[st!]!) !== Number(r[seq!])) return r;
      const copy = [...r];
      copy[arr!] = later(copy[arr!]!);
      copy[dep!] = later(copy[dep!]!);
      return copy;
    });
  const next: GtfsFeed = new Map(feed);
  next.set('trips.txt', { ...trips, rows: trips.rows.filter((r) => !dropped.has(r[tripCol]!)) });
  next.set('stop_times.txt', { ...stopTimes, rows });
  // Only the trips with stop times were retimed (Renfe lists 397 trips that stop_times.txt never names).
  return { feed: next, dropped: dropped.size, retimed: last.size };
}

async function main(): Promise<void> {
  console.log(machine());
  if (!existsSync(zipPath)) {
    console.log(`No benchmark feed at ${zipPath}; nothing to measure.`);
    return;
  }
  const stopServer = await startTestServer();
  const test = await openTestDatabase();
  try {
    const database = test.database;
    const deps = { db: database.db, database, now: () => new Date(), log: silentLogger };
    const feed = readGtfsZip(zipPath);
    const load = (f: GtfsFeed, name: string) =>
      storeScheduleVersion(deps, {
        feed: f,
        sourceKind: 'zip',
        sourceName: name,
        uploadedBy: 'bench',
        jobId: null,
      });
    const first = (await load(feed, 'renfe.zip')).versionId;
    const wrong = changed(feed);
    const second = (await load(wrong.feed, 'renfe-changed.zip')).versionId;
    const stopTimes = feed.get('stop_times.txt')!.rows.length;
    console.log(`timing the diff; ${machine()}`);
    const times: number[] = [];
    let totals: unknown;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      totals = (await diffScheduleVersions(deps, { from: first, to: second })).totals;
      times.push(performance.now() - t);
    }
    console.log(
      `expected: ${wrong.dropped} trips removed, ${wrong.retimed} retimed; got ${JSON.stringify(totals)}`,
    );
    console.table({
      [`diff of two ${(stopTimes / 1e6).toFixed(2)} M stop_times versions, ms`]: {
        min: Math.min(...times).toFixed(0),
        median: times.sort((a, b) => a - b)[2]!.toFixed(0),
        max: Math.max(...times).toFixed(0),
      },
    });
  } finally {
    await test.drop();
    await stopServer();
  }
}

await main();
