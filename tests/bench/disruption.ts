/**
 * A disruption of BENCH_TRIPS trips on the large Renfe schedule (or five times
 * Renfe), on the product as `npm start` runs it (its own process and embedded PostgreSQL, logging
 * on): the zip uploaded through POST /gtfs/upload_gtfs, then through POST and DELETE
 * /feed/disruptions the preview (dry run: every check and the writes, rolled back), the apply and
 * the lift, each timed as the controller's browser waits for it; a controller saving a trip update
 * of another train every 200 ms (BENCH_SAVE_PAUSE_MS) while the preview and the apply run
 * (docs/quality.md: no save may wait > 200 ms meanwhile); and the feed's latency while the apply runs:
 * GET /feed/updates polled from another process at a steady rate, each latency counted from the
 * request's intended start, beside the same poll with nothing applying. Not a timed test: figures
 * are printed.
 *
 *   npm run bench -- disruption
 *   BENCH_TRIPS=200 BENCH_POLL_RATE=200 BENCH_GTFS_ZIP=path/to.zip
 *   BENCH_TIMES=5 BENCH_TRIPS=5000 npm run bench -- disruption   # five times Renfe
 *   BENCH_SAVE_PAUSE_MS=50 ...   # a save every 50 ms: three to four times as many saves timed
 *
 * The calendar is moved forward to run over the coming days (the product runs on the real clock);
 * the trips are those from 07:00 on the first day from tomorrow with BENCH_TRIPS of them, chosen
 * on the benchmark's own connection as the controller's selection would list them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { openDb } from '@feeddesk/drizzle';
import { selectDisruptionTrips } from '@feeddesk/server/disruptions/select-disruption-trips';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { benchZip, sharedRenfeZip, uploadMaxMbFor } from './support/bench-zip.ts';
import { BENCH_ENV } from './support/feed-app.ts';
import { type PollerResult, startPollerProcess } from './support/poller-process.ts';
import { Cleanup, percentile } from './support/process.ts';
import { startProductProcess } from './support/product-process.ts';
import { addUser, calendarFromNow, dateIn, expectOk, uploadSchedule } from './support/product-schedule.ts';
import { machine } from './support/report.ts';

/** BENCH_GTFS_ZIP: the feed elsewhere; BENCH_TIMES=n: n times over (support/bench-zip.ts). */
const zipPath = benchZip(process.env.BENCH_GTFS_ZIP ?? sharedRenfeZip)!;
const TRIPS = Number(process.env.BENCH_TRIPS ?? 200);
/** Feed requests per second while the apply runs (docs/quality.md polls an upload at 200/s). */
const POLL_RATE = Number(process.env.BENCH_POLL_RATE ?? 200);
const IDLE_POLL_MS = 5_000;
/** Between a controller's saves while the preview and the apply run (BENCH_SAVE_PAUSE_MS: more of them). */
const SAVE_PAUSE_MS = Number(process.env.BENCH_SAVE_PAUSE_MS ?? 200);
/** Saves timed once the disruption is in force. */
const LIVE_SAVES = 20;
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 900);
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

async function main(): Promise<void> {
  console.log(machine());
  if (!existsSync(zipPath)) {
    console.log(`No benchmark feed at ${zipPath}; nothing to measure.`);
    return;
  }
  const cleanup = new Cleanup();
  try {
    const zip = calendarFromNow(readFileSync(zipPath));
    const product = await startProductProcess({
      env: {
        ...BENCH_ENV,
        DEMO_SCHEDULE: 'true',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        UPLOAD_MAX_MB: String(uploadMaxMbFor(zip.length)),
      },
    });
    cleanup.add('product', () => product.stop());
    console.log(`product: pid ${product.pid} on its embedded PostgreSQL (npm start); log ${product.logFile}`);
    const admin = new HttpClient(product.url);
    await expectOk(admin.login(ADMIN.username, ADMIN.password), 'admin login');
    const loaded = await uploadSchedule(admin, zip, zipPath.split('/').at(-1)!, MAX_SECONDS);
    console.log(
      `schedule uploaded and loaded in ${loaded.seconds.toFixed(1)} s (version ${loaded.version.id})`,
    );

    // The bench's own connection, for what the controller's screen would show: the day's trips.
    const database = await openDb(product.databaseUrl, { max: 2 });
    cleanup.add('bench connection', () => database.close());
    const selecting = { db: database.db, now: () => new Date() };
    // Today's, for the agency's zone; then the first day from tomorrow with enough trains (or the
    // day with the most: Renfe once runs 4 432 from 07:00 on a weekday).
    const today = await selectDisruptionTrips(selecting, { select: { from: '07:00' } });
    let selection = { ...today, trips: [] as typeof today.trips };
    for (let day = 1; day <= 14 && selection.trips.length < TRIPS; day++) {
      const next = await selectDisruptionTrips(selecting, {
        serviceDate: dateIn(today.timezone, day),
        select: { from: '07:00' },
      });
      if (next.trips.length > selection.trips.length) selection = next;
    }
    if (selection.trips.length === 0)
      throw new Error('no date in the next two weeks runs trains: the schedule is out of date');
    const serviceDate = selection.serviceDate;
    const tripIds = selection.trips.slice(0, TRIPS).map((trip) => trip.tripId);
    const controller = await addUser(admin, product.url, 'bench-controller', 'edit');
    const post = (body: object) =>
      controller.fetch('/feed/disruptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const rows: [string, string][] = [];
    const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      const result = await run();
      rows.push([what, (performance.now() - start).toFixed(0)]);
      return result;
    };
    const body = {
      serviceDate,
      select: { tripIds },
      action: { type: 'delay', minutes: 10 },
      reason: 'bench',
      alert: true,
    };
    // A controller saving a trip update every SAVE_PAUSE_MS while the preview, then the apply, runs
    // (one waited 226 s behind a preview); a train the disruption leaves alone, so that
    // no save waits for the disruption's own rows.
    const bystander = selection.trips[TRIPS]?.tripId ?? tripIds.at(-1)!;
    const savesDuring = async (what: string, work: Promise<Response>) => {
      let done = false;
      const finished = work.finally(() => {
        done = true;
      });
      const waits: number[] = [];
      await new Promise((resolve) => setTimeout(resolve, SAVE_PAUSE_MS));
      while (!done) {
        waits.push(await saveBystander());
        await new Promise((resolve) => setTimeout(resolve, SAVE_PAUSE_MS));
      }
      savesRow(what, waits);
      return finished;
    };
    let delay = 0;
    const saveBystander = async () => {
      const start = performance.now();
      delay += 60;
      const saved = await postEntity(controller, '/feed/trip_update', {
        id: 'bench-save',
        tripUpdate: {
          trip: { tripId: bystander, startDate: serviceDate },
          stopTimeUpdate: [{ stopSequence: 1, departure: { delay } }],
        },
      });
      if (saved.status !== 200) throw new Error(`save refused: ${saved.status} ${await saved.text()}`);
      return performance.now() - start;
    };
    const savesRow = (what: string, waits: number[]) => {
      waits.sort((a, b) => a - b);
      rows.push([
        `trip update saves ${what}: count, median / max ms`,
        `${waits.length}, ${percentile(waits, 50).toFixed(0)} / ${(waits.at(-1) ?? Number.NaN).toFixed(0)}`,
      ]);
    };
    await timed(`preview ${tripIds.length} trips (dry run), ms`, async () => {
      const res = await savesDuring('sent during the preview', post({ ...body, dryRun: true }));
      if (res.status !== 200) throw new Error(`preview refused: ${res.status} ${await res.text()}`);
    });
    const feedUrl = `${product.url}/feed/updates`;
    const idlePoll = await startPollerProcess(feedUrl, POLL_RATE);
    cleanup.add('poller', idlePoll.kill);
    await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    const idle = await idlePoll.stop();
    const poll = await startPollerProcess(feedUrl, POLL_RATE);
    cleanup.add('poller', poll.kill);
    const applied = await timed(`apply ${tripIds.length} trips with an alert, ms`, async () => {
      const res = await expectOk(savesDuring('sent during the apply', post(body)), 'apply');
      return (await res.json()) as { id: string; count: number };
    });
    const during = await poll.stop();
    const feed = (what: string, r: PollerResult) =>
      rows.push([
        `feed GET /feed/updates at ${POLL_RATE}/s ${what}: p50 / p99 / max ms (requests, errors)`,
        `${percentile(r.latencies, 50).toFixed(1)} / ${percentile(r.latencies, 99).toFixed(1)} / ${(r.latencies.at(-1) ?? Number.NaN).toFixed(1)} (${r.sent}, ${r.failures.length})`,
      ]);
    // The desk's everyday work with the disruption in force: its alert and trips must not make
    // every other save pay for them.
    const live: number[] = [];
    for (let i = 0; i < LIVE_SAVES; i++) live.push(await saveBystander());
    savesRow(`of another train, one after another, with the ${applied.count}-trip disruption in force`, live);
    feed(`for ${IDLE_POLL_MS / 1000} s, nothing applying`, idle);
    feed('while the apply runs', during);
    await timed(`lift ${applied.count} trips, ms`, () =>
      expectOk(controller.fetch(`/feed/disruptions/${applied.id}`, { method: 'DELETE' }), 'lift'),
    );
    console.log(
      `the product on its embedded PostgreSQL, ${selection.trips.length} trips from 07:00 on ${serviceDate}`,
    );
    console.table(rows.map(([what, value]) => ({ what, value })));
  } finally {
    await cleanup.run();
  }
}

await main();
