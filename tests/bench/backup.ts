/**
 * Backup and restore times of the embedded PostgreSQL: the Renfe Cercanías schedule
 * (../shared/data/gtfs/large; the generated sample feed when absent) and N history rows (feed_log,
 * trip updates of 8 stops) in a durable embedded PostgreSQL of a temporary DATA_DIR, left running;
 * then the commands operators run, each timed as a whole (node start included):
 * `node scripts/run.mjs backup <file>` (online), `node scripts/run.mjs restore <file>` into a fresh
 * DATA_DIR, and the restored server's first start (its WAL replay), with the row counts compared.
 *
 *   npm run bench -- backup [historyRows=100000] [target=desk.tar.gz]   (target: .tar.gz, .tar or a folder name)
 *   BENCH_GTFS_ZIP=/path/to/feed.zip …   (another schedule; from a git worktree, the Renfe zip's path)
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '@feeddesk/drizzle';
import { startEmbeddedPostgres } from '@feeddesk/drizzle/embedded-postgres';
import { silentLogger } from '@feeddesk/server/deps';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { readGtfsZip } from '@feeddesk/server/schedule/test-support/read-gtfs-zip';
import { sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const renfe =
  process.env.BENCH_GTFS_ZIP ??
  fileURLToPath(new URL('../../../shared/data/gtfs/large/renfe-cercanias-2026-08-22.zip', import.meta.url));
const historyRows = Number(process.argv[2] ?? 100_000);
const targetName = process.argv[3] ?? 'desk.tar.gz';

const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

function task(name: 'backup' | 'restore', path: string, dataDir: string): string {
  const t = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, ['scripts/run.mjs', name, path], {
    cwd: repo,
    env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${name} failed:\n${run.stdout}\n${run.stderr}`);
  process.stdout.write(run.stdout);
  return seconds(t);
}

const COUNTS = `select (select count(*) from feed_log) as history, (select count(*) from gtfs_stop_times) as "stopTimes",
  (select count(*) from schedule_versions) as versions, pg_database_size(current_database()) as bytes`;

async function main(): Promise<void> {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const work = mkdtempSync(join(tmpdir(), 'feeddesk-bench-backup-'));
  chmodSync(work, 0o755);
  const source = join(work, 'data');
  const server = await startEmbeddedPostgres({ dataDir: source });
  try {
    const database = await openDb(server.url);
    let t = performance.now();
    const feed = existsSync(renfe) ? readGtfsZip(renfe) : sampleFeed();
    await storeScheduleVersion(
      { db: database.db, database, now: () => new Date(), log: silentLogger },
      {
        feed,
        sourceKind: 'zip',
        sourceName: existsSync(renfe) ? 'renfe.zip' : 'sample.zip',
        uploadedBy: 'bench',
        jobId: null,
      },
    );
    console.log(`schedule stored in ${seconds(t)} s (${existsSync(renfe) ? renfe : 'sample feed'})`);
    t = performance.now();
    // A trip update of 8 stops as the desk logs it, one row per save.
    await database.raw.sql.unsafe(
      `insert into feed_log (kind, entity_id, action, at, by, json)
       select 'trip_update', 'trip-' || (i % 20000), 'save', now() - i * interval '20 seconds', 'bench',
         jsonb_build_object('id', 'trip-' || (i % 20000), 'tripUpdate', jsonb_build_object(
           'trip', jsonb_build_object('tripId', 'trip-' || (i % 20000), 'startDate', '20260824'),
           'stopTimeUpdate', (select jsonb_agg(jsonb_build_object('stopSequence', s, 'stopId', 'stop-' || s,
             'arrival', jsonb_build_object('delay', (i * s) % 900), 'departure', jsonb_build_object('delay', (i * s) % 900)))
             from generate_series(1, 8) s)))
       from generate_series(1, ${historyRows}) i`,
    );
    await database.raw.sql`checkpoint`;
    const [before] = await database.raw.sql.unsafe(COUNTS);
    console.log(
      `${historyRows} history rows in ${seconds(t)} s; database ${(Number(before!.bytes) / 1e6).toFixed(0)} MB`,
    );
    await database.close();

    const target = join(work, targetName);
    const backupSecs = task('backup', target, source);
    const restored = join(work, 'restored');
    const restoreSecs = task('restore', target, restored);
    t = performance.now();
    const copy = await startEmbeddedPostgres({ dataDir: restored });
    const startSecs = seconds(t);
    const check = await openDb(copy.url);
    const [after] = await check.raw.sql.unsafe(COUNTS);
    await check.close();
    await copy.stop();
    const same = JSON.stringify(after) === JSON.stringify(before);
    console.table([
      {
        'history rows': Number(before!.history),
        stop_times: Number(before!.stopTimes),
        'database (MB)': (Number(before!.bytes) / 1e6).toFixed(0),
        'npm run backup (s)': backupSecs,
        'npm run restore (s)': restoreSecs,
        'first start of the restored copy (s)': startSecs,
        'rows equal after restore': same ? 'yes' : `NO ${JSON.stringify(after)}`,
      },
    ]);
    if (!same) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
