/**
 * Publishing planned works on the large Renfe schedule (docs/contract-notes.md "Planned works in the
 * schedule"): the product as `npm start` runs it (its own embedded PostgreSQL,
 * logging on), the planners' zip uploaded through POST /gtfs/upload_gtfs, then POST
 * /feed/disruptions with publishAs "schedule" cancelling BENCH_TRIPS trips of the first date from
 * tomorrow on that runs them (the source imported again with the works applied, validated, stored,
 * loaded, made current), then the DELETE that makes a version without them. Meanwhile journey
 * planners poll the public feed at BENCH_POLL_RATE a second from a process of their own: its p50 /
 * p99 / max during each act, against the same polls with nothing running. Not a timed test:
 * figures are printed.
 *
 *   npm run bench -- planned-works
 *   BENCH_TRIPS=200 BENCH_POLL_RATE=200 BENCH_GTFS_ZIP=path/to.zip
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HttpClient } from '../support/http-client.ts';
import { type PollerResult, startPollerProcess } from './support/poller-process.ts';
import { Cleanup, percentile } from './support/process.ts';
import { startProductProcess } from './support/product-process.ts';
import { calendarFromNow, dateIn, expectOk, uploadSchedule } from './support/product-schedule.ts';
import { machine, ms, printReport, type ReportRow } from './support/report.ts';

const zipPath =
  process.env.BENCH_GTFS_ZIP ??
  fileURLToPath(new URL('../../../shared/data/gtfs/large/renfe-cercanias-2026-08-22.zip', import.meta.url));
const TRIPS = Number(process.env.BENCH_TRIPS ?? 200);
const POLL_RATE = Number(process.env.BENCH_POLL_RATE ?? 200);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 900);
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

const pollFigures = (polls: PollerResult) =>
  `${ms(percentile(polls.latencies, 50))} / ${ms(percentile(polls.latencies, 99))} / ${ms(polls.latencies.at(-1) ?? Number.NaN)}${polls.failures.length ? `; ${polls.failures.length} failed` : ''}`;

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
        DEMO_SCHEDULE: 'true',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        UPLOAD_MAX_MB: String(Math.max(64, Math.ceil((zip.length * 1.5) / 1e6))),
      },
    });
    cleanup.add('product', () => product.stop());
    console.log(`product: pid ${product.pid} on its embedded PostgreSQL (npm start); log ${product.logFile}`);
    const admin = new HttpClient(product.url);
    await expectOk(admin.login(ADMIN.username, ADMIN.password), 'admin login');
    const rows: ReportRow[] = [];
    const polled = async <T>(what: string, act: () => Promise<T>): Promise<T> => {
      const poller = await startPollerProcess(`${product.url}/feed/updates`, POLL_RATE);
      cleanup.add('poller', poller.kill);
      const started = performance.now();
      const result = await act();
      const seconds = (performance.now() - started) / 1000;
      const polls = await poller.stop();
      rows.push({
        what: `${what}: seconds; feed at ${POLL_RATE}/s p50 / p99 / max`,
        measured: `${seconds.toFixed(1)} s; ${pollFigures(polls)}`,
        target: '–',
        result: '–',
      });
      return result;
    };

    await polled(
      `baseline, nothing running (${BASELINE_SECONDS} s)`,
      () => new Promise((r) => setTimeout(r, BASELINE_SECONDS * 1000)),
    );
    await polled(`upload of ${zipPath.split('/').at(-1)} (read, validate, load)`, () =>
      uploadSchedule(admin, zip, 'renfe.zip', MAX_SECONDS),
    );

    // The first date from tomorrow on with enough trains from 07:00, asked as a controller's preview would.
    const post = (body: object) =>
      admin.fetch('/feed/disruptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    let serviceDate = '';
    let tripIds: string[] = [];
    for (let day = 1; day <= 14 && tripIds.length < TRIPS; day++) {
      serviceDate = dateIn('Europe/Madrid', day);
      const res = await post({
        serviceDate,
        select: { from: '07:00', to: '09:00' },
        action: { type: 'cancel' },
        reason: 'bench',
        alert: false,
        dryRun: true,
      });
      if (res.status === 200)
        tripIds = ((await res.json()) as { trips: { tripId: string }[] }).trips.map((x) => x.tripId);
    }
    if (tripIds.length === 0)
      throw new Error('no date in the next two weeks runs trains: the schedule is out of date');
    tripIds = tripIds.slice(0, TRIPS);

    const published = await polled(
      `publish planned works: cancel ${tripIds.length} trips of ${serviceDate} (new version)`,
      async () => {
        const res = await expectOk(
          post({
            publishAs: 'schedule',
            serviceDate,
            select: { tripIds },
            action: { type: 'cancel' },
            reason: 'bench',
            alert: true,
          }),
          'publish',
        );
        return (await res.json()) as { id: string; versionId: number };
      },
    );
    await polled('lift them (a new version without them)', () =>
      expectOk(admin.fetch(`/feed/disruptions/${published.id}`, { method: 'DELETE' }), 'lift'),
    );
    printReport(`planned works on ${zipPath.split('/').at(-1)}, version ${published.versionId}`, rows);
  } finally {
    await cleanup.run();
  }
}

await main();
