/**
 * Feed under load (quality.md, "Under load"): wrk on GET /feed/updates (200s, 50 connections)
 * while a large GTFS upload runs through POST /gtfs/upload_gtfs and two editors save trip
 * updates in a loop. Target: feed p99 < 50 ms and no errors, for as long as the upload runs.
 *
 *   npm run bench -- load                    # the shared Renfe feed (1.87 M stop_times) if present,
 *                                            # else a generated GTFS zip of 900 000 stop_times
 *   npm run bench -- load path/to/feed.zip   # another zip
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- load
 *   BENCH_LOAD_SECONDS=60       # the wrk run started with the upload (timeouts of 5 s count as errors)
 *   BENCH_EDITOR_PAUSE_MS=0     # pause between one editor's saves (0 = back to back)
 *
 * Needs wrk (apt-get install -y wrk). A missed target is reported, not failed; an error exits non-zero.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listJobMessages } from '@feeddesk/server/jobs/list-job-messages';
import { postgresUrl } from '../support/databases.ts';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestServer } from '../support/test-server.ts';
import { type BenchTrip, benchTripUpdate, saveBenchFeed, startAppWithDemo } from './support/feed-app.ts';
import { generateLargeGtfsZip } from './support/large-gtfs.ts';
import { Cleanup, percentile } from './support/process.ts';
import { machine, ms, printReport, type ReportRow, rps, verdict } from './support/report.ts';
import { runWrk, type WrkResult } from './support/wrk.ts';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const BASELINE_SECONDS = 10;
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 600);
const EDITOR_PAUSE_MS = Number(process.env.BENCH_EDITOR_PAUSE_MS ?? 0);
const THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);
const EDITORS = 2;
const sharedZip = fileURLToPath(
  new URL('../../../shared/data/gtfs/large/renfe-cercanias-2026-08-22.zip', import.meta.url),
);

async function main(): Promise<void> {
  console.log(machine());
  const cleanup = new Cleanup();
  const kind = postgresUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PostgreSQL';
  cleanup.add('database server', await startTestServer());
  try {
    const zipPath = process.argv[2] ?? (existsSync(sharedZip) ? sharedZip : undefined);
    let zip: Uint8Array;
    let zipName: string;
    if (zipPath) {
      if (!existsSync(zipPath)) throw new Error(`No zip at ${zipPath}`);
      zip = readFileSync(zipPath);
      zipName = zipPath.split('/').at(-1)!;
    } else {
      console.log(`No shared data at ${sharedZip}: uploading a generated GTFS zip instead.`);
      zip = generateLargeGtfsZip();
      zipName = 'generated-large.zip';
    }
    console.log(`upload: ${zipName}, ${(zip.length / 1e6).toFixed(1)} MB`);

    const { app, trips } = await startAppWithDemo();
    cleanup.add('app', () => app.close());
    await saveBenchFeed(app, trips, 500);
    // Fastify runs without a logger here: keep the server errors behind any 500 to print them.
    const serverErrors: string[] = [];
    const log = app.app.log as unknown as { error: (obj: unknown, msg?: string) => void };
    log.error = (obj) => {
      const err = (obj as { err?: Error })?.err;
      serverErrors.push(err ? `${err.message} ${err.stack?.split('\n').slice(1, 4).join(' ')}` : String(obj));
    };
    const planner = await app.clientWithRoles(['gtfs'], 'bench-uploader');
    const editors = await Promise.all(
      Array.from({ length: EDITORS }, (_, i) => app.clientWithRoles(['edit'], `bench-editor-${i}`)),
    );
    const feedUrl = `${app.url}/feed/updates`;
    const wrk = (durationSecs: number) =>
      runWrk({ url: feedUrl, connections: 50, threads: THREADS, durationSecs });
    await wrk(2);

    // Baseline: the editors save, no upload.
    let editing = startEditors(editors, trips);
    const baseline = await wrk(BASELINE_SECONDS);
    const baseSaves = await editing.stop();
    console.log(`baseline (editors only): ${line(baseline)}; ${baseSaves.ok} saves`);

    // Under load: the upload and the editors, one wrk run started with the upload.
    let scheduleChanged = false;
    const offSchedule = app.deps.bus.on('schedule_changed', () => {
      scheduleChanged = true;
    });
    cleanup.add('schedule listener', offSchedule);
    editing = startEditors(editors, trips, () => scheduleChanged);
    const t0 = performance.now();
    const job = (async () => {
      const form = new FormData();
      form.append('file', new Blob([zip as Uint8Array<ArrayBuffer>]), zipName);
      const res = await planner.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form });
      const answeredMs = performance.now() - t0;
      if (res.status !== 200) throw new Error(`upload refused: ${res.status} ${await res.text()}`);
      const jobId = await res.text();
      for (;;) {
        const messages = await listJobMessages(app.deps, { jobId });
        const final = messages.find((m) => m.status !== 'working');
        if (final) return { answeredMs, doneMs: performance.now() - t0, final };
        if (performance.now() - t0 > MAX_SECONDS * 1000)
          throw new Error(`upload still running after ${MAX_SECONDS} s`);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    let finishedAt = 0;
    job.then(
      () => {
        finishedAt = performance.now();
      },
      () => {
        finishedAt = performance.now();
      },
    );
    // One wrk run of fixed length: wrk is its own process, so it keeps measuring (and timing out)
    // even while this process, which also runs the app, is blocked.
    const loaded = await wrk(LOAD_SECONDS);
    const windows = [loaded];
    const coveredSecs = ((finishedAt || performance.now()) - t0) / 1000;
    console.log(`under load (${LOAD_SECONDS} s): ${line(loaded)}`);
    const upload = await job;
    const saves = await editing.stop();
    console.log(
      `upload answered in ${(upload.answeredMs / 1000).toFixed(1)} s, job ${upload.final.status} after ${(upload.doneMs / 1000).toFixed(1)} s: ${upload.final.message}`,
    );
    if (upload.final.status !== 'done') throw new Error(`the upload failed: ${upload.final.message}`);
    if (coveredSecs < LOAD_SECONDS)
      console.log(
        `note: the upload ended ${coveredSecs.toFixed(0)} s into the ${LOAD_SECONDS} s wrk run; raise BENCH_LOAD_SECONDS to cover more of it.`,
      );
    else console.log(`note: the upload ran for all of the ${LOAD_SECONDS} s wrk run.`);

    const requests = windows.reduce((s, w) => s + w.requests, 0);
    const errors = windows.reduce((s, w) => s + w.non2xx3xx + w.socketErrors, 0);
    const worstP99 = loaded.p99;
    const rows: ReportRow[] = [
      {
        what: `GET /feed/updates during the upload (${LOAD_SECONDS} s wrk, 50 conn, ${kind}), p99`,
        measured: ms(worstP99),
        reference: `no upload ${ms(baseline.p99)}`,
        ratio: `${(worstP99 / baseline.p99).toFixed(1)} ×`,
        target: '< 50 ms',
        result: verdict(worstP99 < 50),
      },
      {
        what: '  p50 / max',
        measured: `${ms(loaded.p50)} / ${ms(loaded.maxMs)}`,
        target: '–',
        result: '–',
      },
      {
        what: '  requests/s during the upload',
        measured: rps(windows.reduce((s, w) => s + w.requestsPerSec, 0) / windows.length),
        reference: `no upload ${rps(baseline.requestsPerSec)}`,
        target: '–',
        result: '–',
      },
      {
        what: 'feed errors (non-2xx/3xx, socket errors)',
        measured: `${errors} of ${requests.toLocaleString('en-US')}`,
        target: '0',
        result: verdict(errors === 0),
      },
      {
        what: `editor saves during the upload (${EDITORS} editors, pause ${EDITOR_PAUSE_MS} ms)`,
        measured: `${saves.ok} ok, ${saves.failed} failed; p50 ${ms(percentile(saves.times, 50))} / p99 ${ms(percentile(saves.times, 99))}`,
        target: '0 failed',
        result: verdict(saves.failed === 0),
      },
      {
        what: `upload of ${zipName}`,
        measured: `answered ${(upload.answeredMs / 1000).toFixed(1)} s, done ${(upload.doneMs / 1000).toFixed(1)} s`,
        target: '–',
        result: '–',
      },
    ];
    if (saves.failures.length) console.log(`first save failures: ${saves.failures.slice(0, 3).join(' | ')}`);
    if (serverErrors.length) console.log(`server errors behind 500s: ${serverErrors.slice(0, 3).join('\n')}`);
    printReport(`Feed under load, ${new Date().toISOString()}, Node ${process.version}`, rows);
  } finally {
    await cleanup.run();
  }
}

function line(r: WrkResult): string {
  return `${r.requestsPerSec.toFixed(0)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.maxMs)}, errors ${r.non2xx3xx + r.socketErrors}`;
}

/**
 * Editors saving trip updates through POST /feed/trip_update back to back, each on its own 50
 * entities. Saves answered after `ignoreAfter()` turns true (the new schedule no longer has the
 * demo trips, so the rules refuse them) are not counted.
 */
function startEditors(editors: HttpClient[], trips: BenchTrip[], ignoreAfter: () => boolean = () => false) {
  let stopping = false;
  const times: number[] = [];
  const failures: string[] = [];
  let ok = 0;
  const loops = editors.map(async (editor, e) => {
    for (let k = 0; !stopping; k++) {
      const entity = benchTripUpdate(trips, e * 50 + (k % 50), 60 + (k % 40) * 15);
      entity.id = `bench-editor-${e}-${k % 50}`;
      if (EDITOR_PAUSE_MS > 0 && k > 0) await new Promise((r) => setTimeout(r, EDITOR_PAUSE_MS));
      const t = performance.now();
      const res = await postEntity(editor, '/feed/trip_update', entity);
      const body = await res.text();
      if (ignoreAfter()) continue;
      times.push(performance.now() - t);
      if (res.status === 200) ok++;
      else failures.push(`${res.status} ${body.slice(0, 200)}`);
    }
  });
  return {
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return { ok, failed: failures.length, failures, times };
    },
  };
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
