/**
 * Publishing planned works on the large Renfe schedule (docs/contract-notes.md "Planned works in the
 * schedule"): the upload of the planners' zip through the upload pipeline, then POST
 * /feed/disruptions with publishAs "schedule" (cancel BENCH_TRIPS trips of BENCH_SERVICE_DATE:
 * the source imported again with the works applied, validated, stored, loaded, made current), then
 * the DELETE that makes a version without them. Not a timed test: figures are printed.
 *
 *   npm run bench -- planned-works
 *   BENCH_SERVICE_DATE=20260824 BENCH_TRIPS=200
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { selectDisruptionTrips } from '@feeddesk/server/disruptions/select-disruption-trips';
import { importSchedule } from '@feeddesk/server/schedule/import/import-schedule';
import { startTestApp } from '../support/test-app.ts';
import { startTestServer } from '../support/test-server.ts';
import { machine } from './support/report.ts';

const zipPath =
  process.env.BENCH_GTFS_ZIP ??
  fileURLToPath(new URL('../../../shared/data/gtfs/large/renfe-cercanias-2026-08-22.zip', import.meta.url));
const SERVICE_DATE = process.env.BENCH_SERVICE_DATE ?? '20260824';
const TRIPS = Number(process.env.BENCH_TRIPS ?? 200);

async function main(): Promise<void> {
  console.log(machine());
  if (!existsSync(zipPath)) {
    console.log(`No benchmark feed at ${zipPath}; nothing to measure.`);
    return;
  }
  const stopServer = await startTestServer();
  const t = await startTestApp();
  const rows: { what: string; seconds: string }[] = [];
  const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
    rows.push({ what, seconds: ((performance.now() - start) / 1000).toFixed(1) });
    return result;
  };
  try {
    // Logged in before the clock moves: a session dated in the past would have expired in the jar.
    const planner = await t.clientWithRoles(['edit', 'gtfs'], `planner-${Date.now()}`);
    // The day before the works, 03:00 in Madrid: the works are tomorrow.
    const d = new Date(
      Date.UTC(+SERVICE_DATE.slice(0, 4), +SERVICE_DATE.slice(4, 6) - 1, +SERVICE_DATE.slice(6) - 1),
    );
    t.clock.now = new Date(`${d.toISOString().slice(0, 10)}T03:00:00+02:00`);
    await timed('upload of the planners’ zip (read, validate, load)', () =>
      importSchedule(t.deps, {
        bytes: readFileSync(zipPath),
        fileName: 'renfe.zip',
        uploadedBy: 'bench',
        jobId: null,
        progress: async () => {},
      }),
    );
    const selection = await selectDisruptionTrips(t.deps, {
      serviceDate: SERVICE_DATE,
      select: { from: '07:00' },
    });
    const tripIds = selection.trips.slice(0, TRIPS).map((x) => x.tripId);
    const published = await timed(
      `publish planned works: cancel ${tripIds.length} trips (new version)`,
      async () => {
        const res = await planner.fetch('/feed/disruptions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            publishAs: 'schedule',
            serviceDate: SERVICE_DATE,
            select: { tripIds },
            action: { type: 'cancel' },
            reason: 'bench',
            alert: true,
          }),
        });
        if (res.status !== 200) throw new Error(`publish: ${res.status} ${await res.text()}`);
        return (await res.json()) as { id: string; versionId: number };
      },
    );
    await timed('lift them (new version without them)', async () => {
      const res = await planner.fetch(`/feed/disruptions/${published.id}`, { method: 'DELETE' });
      if (res.status !== 200) throw new Error(`lift: ${res.status} ${await res.text()}`);
    });
    console.log(`embedded PostgreSQL, ${selection.trips.length} trips from 07:00 on ${SERVICE_DATE}`);
    console.table(rows);
  } finally {
    await t.close();
    await stopServer();
  }
}

await main();
