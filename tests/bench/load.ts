/**
 * The large upload under load (docs/quality.md "Benchmarks"): the product as `npm start` runs it (its own
 * process, info logging; without DATABASE_URL on its own embedded PostgreSQL in a temporary
 * DATA_DIR, with DATABASE_URL on a fresh database of that server), the Renfe zip (1.87 M stop_times)
 * uploaded through POST /gtfs/upload_gtfs while the public feed (500 trip updates) is polled at a
 * steady 200/s from a process of its own (support/poller-process.ts) and two editors save trip
 * updates back to back. Reference in the same run: a plain
 * COPY of the same files into plain tables with the same keys and indexes, on the same PostgreSQL.
 *
 * Reported per upload: upload to loaded (× the copy, and × a plain COPY of its stop_times.txt alone
 * with three indexes, the floor: ≤ 2 × for Renfe, ≤ 3 × for five times Renfe) and the job's phases; the feed's p50/p99/max
 * (latency counted from each poll's due time, so a stall counts for every poll it holds up) and
 * failed polls; the editors' saves; the product's main-thread event-loop delay (its `vitals` log
 * lines, one per second here); the peak RSS of the product's processes (with the embedded
 * PostgreSQL's).
 *
 *   npm run bench -- load [zip]       # the shared Renfe zip, else a generated 900 000 stop_times zip
 *   BENCH_TIMES=5 npm run bench -- load   # five times Renfe (support/bench-zip.ts: generated once, kept in the temp folder or at BENCH_NATIONAL_ZIP)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- load
 *   BENCH_UPLOADS=3                   # uploads in a row: the later ones find earlier versions and history
 *   BENCH_POLL_RATE=200               # polls per second
 *   BENCH_EDITOR_PAUSE_MS=0           # pause between one editor's saves
 *   BENCH_MAX_SECONDS=600             # bound on one upload
 *   BENCH_MEMORY_LIMIT_MB=1536        # the product and its PostgreSQL in a memory cgroup of that size (root)
 *
 * A missed target is reported, not failed; an error exits non-zero.
 */
import { existsSync, readFileSync } from 'node:fs';
import { openDb } from '@feeddesk/drizzle';
import { listJobMessages } from '@feeddesk/server/jobs/list-job-messages';
import { scheduleCache } from '@feeddesk/server/schedule/schedule-cache';
import { openTestDatabase, postgresUrl } from '../support/databases.ts';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { startTestServer } from '../support/test-server.ts';
import { benchTimes, benchZip, sharedRenfeZip, uploadMaxMbFor } from './support/bench-zip.ts';
import { copyReference, copyStopTimesReference } from './support/copy-reference.ts';
import { startEditors } from './support/editors.ts';
import { delayBetween, scrapeEventLoopDelay } from './support/event-loop-histogram.ts';
import { BENCH_ENV, benchTrips, benchTripUpdate } from './support/feed-app.ts';
import { generateLargeGtfsZip } from './support/large-gtfs.ts';
import type { MemoryLimit } from './support/memory-limit.ts';
import { type PollerResult, startPollerProcess } from './support/poller-process.ts';
import { Cleanup, percentile } from './support/process.ts';
import { sampleTreeRss } from './support/process-tree.ts';
import { startProductProcess } from './support/product-process.ts';
import { addUser, expectOk } from './support/product-schedule.ts';
import { machine, ms, printReport, type ReportRow, verdict } from './support/report.ts';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 1);
const POLL_RATE = Number(process.env.BENCH_POLL_RATE ?? 200);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 600);
const EDITOR_PAUSE_MS = Number(process.env.BENCH_EDITOR_PAUSE_MS ?? 0);
const EDITORS = 2;
/** Upload the shared Renfe zip this many times over (ids suffixed per copy): a national network. */
const TIMES = benchTimes();
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
/** `BENCH_REFERENCE=0` skips the reference COPYs (minutes at 5 ×) when only the upload is looked at. */
const WITH_REFERENCE = process.env.BENCH_REFERENCE !== '0';
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

async function main(): Promise<void> {
  console.log(machine());
  const cleanup = new Cleanup();
  try {
    const zipPath = benchZip(
      process.argv[2] ?? (existsSync(sharedRenfeZip) ? sharedRenfeZip : undefined),
      TIMES,
    );
    const zip = zipPath ? readFileSync(zipPath) : generateLargeGtfsZip();
    const zipName = zipPath ? zipPath.split('/').at(-1)! : 'generated-large.zip';
    console.log(`upload: ${zipName}, ${(zip.length / 1e6).toFixed(1)} MB`);
    // A national network's zip passes the default 64 MB upload limit: its operator raises it.
    const uploadMaxMb = uploadMaxMbFor(zip.length);

    let databaseUrl: string | undefined;
    if (postgresUrl) {
      cleanup.add('database server', await startTestServer());
      const database = await openTestDatabase();
      cleanup.add('database', () => database.drop());
      databaseUrl = database.url;
    }
    const kind = databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : 'its embedded PostgreSQL (npm start)';
    const product = await startProductProcess({
      databaseUrl,
      env: {
        ...BENCH_ENV,
        DEMO_SCHEDULE: 'true',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_SUMMARY_SECONDS: '1',
        UPLOAD_MAX_MB: String(uploadMaxMb),
      },
    });
    cleanup.add('product', () => product.stop());
    console.log(`product: pid ${product.pid} on ${kind}; log ${product.logFile}`);
    // The bench's own connection, for what a user would not do: reading trips and job messages, the reference COPY.
    const database = await openDb(product.databaseUrl, { max: 2 });
    cleanup.add('bench connection', () => database.close());
    const deps = { db: database.db };
    let trips = await benchTrips(deps);

    const admin = new HttpClient(product.url);
    await expectOk(admin.login(ADMIN.username, ADMIN.password), 'admin login');
    const user = (username: string, roles: string) => addUser(admin, product.url, username, roles);
    const planner = await user('bench-planner', 'gtfs');
    const editors = await Promise.all(
      Array.from({ length: EDITORS }, (_, i) => user(`bench-editor-${i}`, 'edit')),
    );
    for (let n = 0; n < 500; n++) {
      const res = await postEntity(editors[0]!, '/feed/trip_update', benchTripUpdate(trips, n));
      if (res.status !== 200) throw new Error(`saving the bench feed: ${res.status} ${await res.text()}`);
    }
    console.log(`feed: 500 trip updates on the demo schedule's ${trips.length} trips`);

    let t = performance.now();
    let [copySecs, stopTimesCopySecs] = [Number.NaN, Number.NaN];
    if (WITH_REFERENCE) {
      await copyReference(database, zip);
      copySecs = (performance.now() - t) / 1000;
      console.log(`reference: plain COPY of the same files, same keys and indexes: ${copySecs.toFixed(1)} s`);
      stopTimesCopySecs = await copyStopTimesReference(database, zip);
      console.log(
        `reference: plain COPY of stop_times.txt alone with 3 indexes: ${stopTimesCopySecs.toFixed(1)} s`,
      );
    }
    const floorTarget = TIMES > 1 ? 3 : 2;

    const rows: ReportRow[] = [];
    {
      // The same polls and editors with no upload: what the upload adds shows against this.
      const logFrom = readFileSync(product.logFile).length;
      const delayBefore = await scrapeEventLoopDelay(product.url);
      const poller = await startPollerProcess(`${product.url}/feed/updates`, POLL_RATE);
      cleanup.add('poller', poller.kill);
      const editing = startEditors(editors, trips, EDITOR_PAUSE_MS);
      const startedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000));
      const endedAt = Date.now();
      const delay = delayBetween(delayBefore, await scrapeEventLoopDelay(product.url));
      const polls = await poller.stop();
      const saves = await editing.stop();
      const loop = eventLoopDelay(readFileSync(product.logFile, 'utf8').slice(logFrom), startedAt, endedAt);
      rows.push(
        {
          what: `baseline, no upload (${BASELINE_SECONDS} s): feed at ${POLL_RATE}/s p50 / p99 / max; editor saves`,
          measured: `${ms(percentile(polls.latencies, 50))} / ${ms(percentile(polls.latencies, 99))} / ${ms(polls.latencies.at(-1) ?? Number.NaN)}; ${saves.ok} saves`,
          target: '–',
          result: '–',
        },
        {
          what: "  product's event-loop delay: p99 over the 10 s / max; worst second's p99",
          measured: `${delayFigures(delay, loop)}`,
          target: '–',
          result: '–',
        },
        pollerLoopRow(polls),
      );
    }
    for (let n = 1; n <= UPLOADS; n++) {
      const logFrom = readFileSync(product.logFile).length;
      const poller = await startPollerProcess(`${product.url}/feed/updates`, POLL_RATE);
      cleanup.add('poller', poller.kill);
      const editing = startEditors(editors, trips, EDITOR_PAUSE_MS);
      const rss = sampleTreeRss(product.pid);
      const delayBefore = await scrapeEventLoopDelay(product.url);
      const startedAt = Date.now();
      t = performance.now();
      const form = new FormData();
      form.append('file', new Blob([zip as Uint8Array<ArrayBuffer>]), zipName);
      const res = await planner.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form });
      if (res.status !== 200) throw new Error(`upload refused: ${res.status} ${await res.text()}`);
      const jobId = await res.text();
      const messages = await waitForJob(deps, jobId, t).catch((error: unknown) => {
        const limit = product.memoryLimit;
        if (limit && limit.oomKills() > 0)
          throw new Error(
            `the kernel killed a process of the product for memory inside ${limit.limitMb} MB`,
            {
              cause: error,
            },
          );
        throw error;
      });
      const uploadSecs = (performance.now() - t) / 1000;
      const endedAt = Date.now();
      const delay = delayBetween(delayBefore, await scrapeEventLoopDelay(product.url));
      const polls = await poller.stop();
      const saves = await editing.stop();
      const memory = await rss.stop();
      const final = messages.at(-1)!;
      console.log(`\nupload ${n}: ${final.status} after ${uploadSecs.toFixed(1)} s`);
      for (const m of messages.filter((m) => m.message !== ''))
        console.log(`  +${((Date.parse(m.at) - startedAt) / 1000).toFixed(1).padStart(6)} s  ${m.message}`);
      if (final.status !== 'done' && final.status !== 'success')
        throw new Error(`the upload failed: ${final.message}`);
      const loop = eventLoopDelay(readFileSync(product.logFile, 'utf8').slice(logFrom), startedAt, endedAt);
      const p99 = percentile(polls.latencies, 99);
      const max = polls.latencies.at(-1) ?? Number.NaN;
      const label = UPLOADS > 1 ? ` (upload ${n} of ${UPLOADS})` : '';
      rows.push(
        {
          what: `${zipName} upload to loaded${label}, product on ${kind}`,
          measured: `${uploadSecs.toFixed(1)} s`,
          reference: `COPY ${copySecs.toFixed(1)} s`,
          ratio: `${(uploadSecs / copySecs).toFixed(1)} ×`,
          target: '≤ 3 × the copy',
          result: verdict(uploadSecs <= 3 * copySecs),
        },
        {
          what: '  the same upload against a plain COPY of its stop_times.txt alone with 3 indexes',
          measured: `${uploadSecs.toFixed(1)} s`,
          reference: `COPY ${stopTimesCopySecs.toFixed(1)} s`,
          ratio: `${(uploadSecs / stopTimesCopySecs).toFixed(1)} ×`,
          target: `≤ ${floorTarget} ×`,
          result: verdict(uploadSecs <= floorTarget * stopTimesCopySecs),
        },
        {
          what: `  feed at ${POLL_RATE}/s during it: p50 / p99 / max`,
          measured: `${ms(percentile(polls.latencies, 50))} / ${ms(p99)} / ${ms(max)}`,
          target: 'p99 < 50 ms, max < 200 ms',
          result: verdict(p99 < 50 && max < 200),
        },
        {
          what: '  failed polls',
          measured: `${polls.failures.length} of ${polls.sent}`,
          target: '0',
          result: verdict(polls.failures.length === 0),
        },
        {
          what: `  editor saves (${EDITORS} editors): ok / refused by the rules after the switch / failed`,
          measured: `${saves.ok} / ${saves.refused} / ${saves.failed}; p99 ${ms(percentile(saves.times, 99))}`,
          target: '0 failed',
          result: verdict(saves.failed === 0),
        },
        {
          what: "  product's event-loop delay (main thread): p99 over the upload / max; worst second's p99",
          measured: delayFigures(delay, loop),
          target: 'p99 < 20 ms, max < 100 ms',
          result: verdict(delay.p99Ms < 20 && delay.over20 < 0.01 && loop.max < 100),
        },
        pollerLoopRow(polls),
        {
          what: "  peak memory of the product's processes: PSS (Node + PostgreSQL at that peak; RSS summed; Node's RSS alone)",
          measured: `${memory.peakPssMb} MB (${memory.atPeakPss.rootMb} + ${memory.atPeakPss.descendantsMb} MB; ${memory.peakMb} MB; ${memory.peakRootMb} MB)`,
          target: '< 1 500 MB',
          result: verdict(memory.peakPssMb < 1500),
        },
        ...memoryLimitRows(product.memoryLimit, final.status),
      );
      if (saves.failures.length)
        console.log(`first save failures: ${saves.failures.slice(0, 3).join(' | ')}`);
      if (polls.failures.length)
        console.log(`first poll failures: ${polls.failures.slice(0, 3).join(' | ')}`);
      // The next upload's editors save trips of the schedule now current, as controllers would
      // (this process got no word of the switch: its cached current version is forgotten).
      if (n < UPLOADS) {
        scheduleCache.invalidate();
        trips = await benchTrips(deps, 100);
      }
    }
    printReport(`Upload under load, ${new Date().toISOString()}, Node ${process.version}`, rows);
  } finally {
    await cleanup.run();
  }
}

/** With BENCH_MEMORY_LIMIT_MB: whether the upload finished inside the limit, no process killed. */
function memoryLimitRows(limit: MemoryLimit | undefined, status: string): ReportRow[] {
  if (!limit) return [];
  const kills = limit.oomKills();
  return [
    {
      what: `  held to ${limit.limitMb} MB (a memory cgroup, no swap): the upload's end; processes killed for memory; the group's peak, page cache included`,
      measured: `${status}; ${kills}; ${limit.peakMb()} MB`,
      target: 'done, 0 killed',
      result: verdict((status === 'done' || status === 'success') && kills === 0),
    },
  ];
}

/** The poller's own event-loop delay: the part of a poll's latency that is the poller's own waiting. */
function pollerLoopRow(polls: PollerResult): ReportRow {
  return {
    what: "  for the record: the poller's own event-loop delay (a process of its own): p99 / max",
    measured: `${ms(polls.ownLoopMs.p99)} / ${ms(polls.ownLoopMs.max)}`,
    target: '–',
    result: '–',
  };
}

/** The job's messages once it has ended (read from the database, as any process's /ws would). */
async function waitForJob(deps: Parameters<typeof listJobMessages>[0], jobId: string, startedMs: number) {
  for (;;) {
    const messages = await listJobMessages(deps, { jobId });
    if (messages.some((m) => m.status !== 'working')) return messages;
    if (performance.now() - startedMs > MAX_SECONDS * 1000)
      throw new Error(`upload still running after ${MAX_SECONDS} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The product's event-loop delay over a window: the p99 of every sample in it (its /metrics
 * histogram, with the share of samples over 20 ms), the max and the worst second's p99 (its
 * vitals lines, one a second: a second's p99 is about its largest sample).
 */
function delayFigures(
  delay: ReturnType<typeof delayBetween>,
  loop: ReturnType<typeof eventLoopDelay>,
): string {
  const share = (x: number) => `${(x * 100).toFixed(2)} %`;
  return `${ms(delay.p99Ms)} (${share(delay.over20)} of ${delay.samples} samples over 20 ms) / ${ms(loop.max)}; ${ms(loop.worstP99)}`;
}

/** The product's `vitals` log lines (server/src/http/process-vitals.ts) written between two instants. */
function eventLoopDelay(log: string, from: number, to: number) {
  let worstP99 = 0;
  let max = 0;
  let lines = 0;
  for (const line of log.split('\n')) {
    if (!line.includes('"vitals"')) continue;
    const entry = JSON.parse(line) as { time: number; eventLoopDelayMs: { p99: number; max: number } };
    if (entry.time < from || entry.time > to + 1000) continue;
    lines++;
    worstP99 = Math.max(worstP99, entry.eventLoopDelayMs.p99);
    max = Math.max(max, entry.eventLoopDelayMs.max);
  }
  return { worstP99, max, lines };
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
