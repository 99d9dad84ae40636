/**
 * Applying a disruption of 200 trips on the large Renfe schedule (issue 12): the time of the
 * preview (dry run, every check, rolled back), the apply and the lift, through POST and DELETE
 * /feed/disruptions on the real app; and the feed's latency while the apply runs: GET
 * /feed/updates polled from another process at a steady rate, each latency counted from the
 * request's intended start, beside the same poll with nothing applying. Not a timed test:
 * figures are printed.
 *
 *   npm run bench -- disruption                # the embedded PostgreSQL of the test run
 *   BENCH_DATABASE_URL=postgres://…/empty_db npm run bench -- disruption   # that (empty) PostgreSQL database
 *   BENCH_SERVICE_DATE=20260824 BENCH_TRIPS=200 BENCH_POLL_RATE=200
 *   BENCH_TIMES=5 BENCH_TRIPS=5000 npm run bench -- disruption   # issue 32: five times Renfe
 *     (a larger heap for the parsed feed: NODE_OPTIONS=--max-old-space-size=16384)
 */
import { existsSync } from 'node:fs';
import { openDb } from '@feeddesk/drizzle';
import { selectDisruptionTrips } from '@feeddesk/server/disruptions/select-disruption-trips';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { readGtfsZip } from '@feeddesk/server/schedule/test-support/read-gtfs-zip';
import { postEntity } from '../support/feed.ts';
import { startTestApp } from '../support/test-app.ts';
import { startTestServer } from '../support/test-server.ts';
import { benchZip, sharedRenfeZip } from './support/bench-zip.ts';
import { type PollerResult, startPollerProcess } from './support/poller-process.ts';
import { percentile } from './support/process.ts';
import { machine } from './support/report.ts';

/** BENCH_GTFS_ZIP: the feed elsewhere; BENCH_TIMES=n: n times over (support/bench-zip.ts). */
const zipPath = benchZip(process.env.BENCH_GTFS_ZIP ?? sharedRenfeZip)!;
const SERVICE_DATE = process.env.BENCH_SERVICE_DATE ?? '20260824';
const TRIPS = Number(process.env.BENCH_TRIPS ?? 200);
/** Feed requests per second while the apply runs (docs/quality.md polls an upload at 200/s). */
const POLL_RATE = Number(process.env.BENCH_POLL_RATE ?? 200);
const IDLE_POLL_MS = 5_000;

async function main(): Promise<void> {
  console.log(machine());
  if (!existsSync(zipPath)) {
    console.log(`No benchmark feed at ${zipPath}; nothing to measure.`);
    return;
  }
  const url = process.env.BENCH_DATABASE_URL;
  const database = url ? await openDb(url, { max: 5 }) : undefined;
  // Without one, the database server of the run, as vitest's global setup starts it for the tests.
  const stopServer = url ? async () => {} : await startTestServer();
  const t = await startTestApp(
    database && url ? { database: { database, url, drop: () => database.close() } } : {},
  );
  try {
    let start = performance.now();
    await storeScheduleVersion(t.deps, {
      feed: readGtfsZip(zipPath),
      sourceKind: 'zip',
      sourceName: zipPath.split('/').at(-1)!,
      uploadedBy: 'bench',
      jobId: null,
    });
    console.log(`schedule loaded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    const controller = await t.clientWithRoles(['edit'], `controller-${Date.now()}`);
    t.clock.now = new Date(
      `${SERVICE_DATE.slice(0, 4)}-${SERVICE_DATE.slice(4, 6)}-${SERVICE_DATE.slice(6)}T03:00:00+02:00`,
    );
    const post = (body: object) =>
      controller.fetch('/feed/disruptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
      start = performance.now();
      const result = await run();
      rows.push([what, (performance.now() - start).toFixed(0)]);
      return result;
    };
    const rows: [string, string][] = [];
    // The selection alone (a preview of every trip of the day would save them all, rolled back).
    const all = await timed('select the trips from 07:00 (service), ms', async () => {
      const selection = await selectDisruptionTrips(t.deps, {
        serviceDate: SERVICE_DATE,
        select: { from: '07:00' },
      });
      return { count: selection.trips.length, trips: selection.trips };
    });
    const tripIds = all.trips.slice(0, TRIPS).map((trip) => trip.tripId);
    const body = {
      serviceDate: SERVICE_DATE,
      select: { tripIds },
      action: { type: 'delay', minutes: 10 },
      reason: 'bench',
      alert: true,
    };
    await timed(`preview ${tripIds.length} trips (dry run), ms`, async () => {
      const previewing = post({ ...body, dryRun: true });
      // A save sent while the preview runs (issue 27: it waited 226 s behind one).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const saveStart = performance.now();
      const saved = await postEntity(controller, '/feed/trip_update', {
        id: 'bench-save',
        tripUpdate: {
          trip: { tripId: tripIds[0]! },
          stopTimeUpdate: [{ stopSequence: 1, departure: { delay: 60 } }],
        },
      });
      const saveMs = performance.now() - saveStart;
      const res = await previewing;
      rows.push([`a trip update save sent during the preview (${saved.status}), ms`, saveMs.toFixed(0)]);
      if (res.status !== 200) throw new Error(`preview refused: ${res.status} ${await res.text()}`);
    });
    const feedUrl = `${t.url}/feed/updates`;
    const idlePoll = await startPollerProcess(feedUrl, POLL_RATE);
    await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    const idle = await idlePoll.stop();
    const poll = await startPollerProcess(feedUrl, POLL_RATE);
    const applied = await timed(`apply ${tripIds.length} trips with an alert, ms`, async () => {
      const res = await post(body);
      if (res.status !== 200) throw new Error(`apply refused: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string; count: number };
    });
    const during = await poll.stop();
    const feed = (what: string, r: PollerResult) =>
      rows.push([
        `feed GET /feed/updates at ${POLL_RATE}/s ${what}: p50 / p99 / max ms (requests, errors)`,
        `${percentile(r.latencies, 50).toFixed(1)} / ${percentile(r.latencies, 99).toFixed(1)} / ${(r.latencies.at(-1) ?? Number.NaN).toFixed(1)} (${r.sent}, ${r.failures.length})`,
      ]);
    feed(`for ${IDLE_POLL_MS / 1000} s, nothing applying`, idle);
    feed('while the apply runs', during);
    console.log(`${url ? 'PostgreSQL' : 'embedded PostgreSQL'}, ${all.count} trips run on ${SERVICE_DATE}`);
    console.table(rows.map(([what, value]) => ({ what, value })));
    // Printed apart: lifting thousands of trips can outlast the HTTP client's 300 s header timeout.
    start = performance.now();
    const lifted = await controller.fetch(`/feed/disruptions/${applied.id}`, { method: 'DELETE' });
    console.log(
      `lift ${applied.count} trips: ${lifted.status} in ${(performance.now() - start).toFixed(0)} ms`,
    );
  } finally {
    await t.close();
    await database?.close();
    await stopServer();
  }
}

await main();
