import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir, scheduleVersions, stopTimes, trips } from '@feeddesk/drizzle';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCurrentSchedule } from './find-current-schedule.ts';
import { listRoutes } from './list-routes.ts';
import { listScheduleVersions } from './list-schedule-versions.ts';
import { markInterruptedLoads } from './mark-interrupted-loads.ts';
import {
  createPartitionStatements,
  partitionOf,
  stopTimesPartition,
  TRIPS_PARTITIONED,
} from './store/version-partitions.ts';
import { storeScheduleVersion } from './store-schedule-version.ts';
import { jnb, sampleFeed, sampleFiles } from './test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from './test-support/test-databases.ts';

const routesOnly = (id: string) => `route_id,route_long_name\n${id},Line ${id}`;

describe('storeScheduleVersion', () => {
  let testDb: TestDatabase;
  const clock = { now: jnb('2025-09-23T06:30:00') };
  const deps = () => makeDeps(testDb.database, clock);
  const load = (routes?: string, extra: Record<string, string> = {}, onProgress?: (m: string) => void) =>
    storeScheduleVersion(deps(), {
      feed: sampleFeed({ ...(routes ? { 'routes.txt': routesOnly(routes) } : {}), ...extra }),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: 'alice',
      jobId: 'job-1',
      onProgress,
    });
  const rowsOf = async (versionId: number) => {
    const [st] = await deps()
      .db.select({ n: count() })
      .from(stopTimes)
      .where(eq(stopTimes.versionId, versionId));
    return st.n;
  };
  /** Whether the version's stop times partition exists, and its trips partition (both or neither). */
  const partitionExists = async (versionId: number) => {
    const [row] = await testDb.database.raw.sql<{ stopTimes: boolean; trips: boolean }[]>`
      select to_regclass(${stopTimesPartition(versionId)}) is not null as "stopTimes",
        to_regclass(${partitionOf(TRIPS_PARTITIONED, versionId)}) is not null as trips`;
    expect(row!.trips).toBe(row!.stopTimes);
    return row!.stopTimes;
  };

  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('starts with no current schedule', async () => {
    expect(await findCurrentSchedule(deps())).toBeNull();
    expect(await listRoutes(deps())).toEqual([]);
  });

  it('loads every table, keeps per-trip start/end/first and last stop, and makes the version current', async () => {
    const progress: string[] = [];
    const { versionId, counts } = await load(undefined, {}, (m) => progress.push(m));
    expect(counts).toEqual({
      agencies: 1,
      routes: 3,
      stops: 4,
      trips: 6,
      stopTimes: 13,
      calendar: 2,
      calendarDates: 2,
    });
    expect(progress).toContain('Loaded 13 stop times.');
    expect(await findCurrentSchedule(deps())).toMatchObject({ versionId, timezone: 'Africa/Johannesburg' });
    // The version's stop times and trips are partitions of their own (migrations 0020, 0022),
    // written frozen (COPY FREEZE): all-visible whatever else runs, so the search by stop is
    // answered from the stop index alone from the first query on.
    const pages = await testDb.database.raw.sql<{ relname: string; all: boolean; kind: string }[]>`
      select c.relname, c.relallvisible = c.relpages and c.relpages > 0 as all, p.relkind as kind
      from pg_class c join pg_inherits i on i.inhrelid = c.oid join pg_class p on p.oid = i.inhparent
      where c.relname in (${stopTimesPartition(versionId)}, ${partitionOf(TRIPS_PARTITIONED, versionId)})
      order by c.relname`;
    expect(pages).toEqual([
      { relname: stopTimesPartition(versionId), all: true, kind: 'p' },
      { relname: partitionOf(TRIPS_PARTITIONED, versionId), all: true, kind: 'p' },
    ]);
    const trip = await deps()
      .db.select({
        start: trips.startSecs,
        end: trips.endSecs,
        first: trips.firstStopId,
        last: trips.lastStopId,
      })
      .from(trips)
      .where(eq(trips.tripId, 'WD-9001'));
    // stop_times.txt lists WD-9001's sequence 20 (EER) before 10 (CPT): first and last go by sequence
    expect(trip).toEqual([
      { start: 23 * 3600 + 50 * 60, end: 24 * 3600 + 35 * 60, first: 'CPT', last: 'EER' },
    ]);
    const [version] = (await listScheduleVersions(deps())).versions;
    expect(version).toMatchObject({
      id: versionId,
      status: 'current',
      sourceKind: 'zip',
      uploadedBy: 'alice',
      counts,
    });
  });

  it('fills the first stop of trips loaded before the column existed (migration 0009)', async () => {
    const { versionId } = await load();
    const firstStops = () =>
      deps()
        .db.select({ trip: trips.tripId, first: trips.firstStopId })
        .from(trips)
        .where(eq(trips.versionId, versionId))
        .orderBy(trips.tripId);
    const loaded = await firstStops();
    expect(loaded.find((t) => t.trip === 'WD-2300')?.first).toBe('EER');
    // As an install of the previous release has them: no first stop on any trip row
    await deps().db.update(trips).set({ firstStopId: null }).where(eq(trips.versionId, versionId));
    const migration = readFileSync(join(migrationsDir(), '0009_trip-first-stop.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => /\bUPDATE\b/.test(s));
    await deps().db.execute(sql.raw(backfill!));
    expect(await firstStops()).toEqual(loaded);
  });

  it('switches atomically: queries during a load still see the old version', async () => {
    const before = (await listRoutes(deps())).map((r) => r.route_id);
    const reads: Promise<string[]>[] = [];
    await load('MID', {}, (message) => {
      if (message.startsWith('Loaded')) reads.push(listRoutes(deps()).then((r) => r.map((x) => x.route_id)));
    });
    const results = await Promise.all(reads);
    expect(results.length).toBe(7);
    for (const result of results.slice(0, -1)) expect(result).toEqual(before);
    expect((await listRoutes(deps())).map((r) => r.route_id)).toEqual(['MID']);
  });

  it('leaves the previous schedule current when a load fails, and deletes its rows', async () => {
    const current = await findCurrentSchedule(deps());
    const duplicate =
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nWD-0123,06:00:00,06:00:00,EER,1\nWD-0123,06:10:00,06:10:00,BLV,1';
    await expect(load('BAD', { 'stop_times.txt': duplicate })).rejects.toThrow();
    expect(await findCurrentSchedule(deps())).toEqual(current);
    expect((await listRoutes(deps())).map((r) => r.route_id)).toEqual(['MID']);
    const [failed] = (await listScheduleVersions(deps())).versions;
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain(
      'duplicate key: stop_times.txt lists trip WD-0123 at stop_sequence 1 more than once; keep one row and upload again.',
    );
    expect(await rowsOf(failed.id)).toBe(0);
  });

  it('names a trip that trips.txt lists twice, as the planner wrote it', async () => {
    const trips = `${sampleFiles['trips.txt']}\nSTH,WD,WD-9001,Eerste River,1`;
    await expect(load('BAD3', { 'trips.txt': trips })).rejects.toThrow(
      'duplicate key: trips.txt lists trip WD-9001 more than once; keep one row and upload again.',
    );
    const [failed] = (await listScheduleVersions(deps())).versions;
    expect(failed.status).toBe('failed');
    expect(await partitionExists(failed.id)).toBe(false);
  });

  it('fails a load whose numbers are not numbers, with a sentence naming the line', async () => {
    const bad =
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nWD-0123,06:00:00,06:00:00,EER,one';
    await expect(load('BAD2', { 'stop_times.txt': bad })).rejects.toThrow(
      'stop_times.txt line 2: stop_sequence "one" is not a number; fix it and upload again.',
    );
    expect((await listRoutes(deps())).map((r) => r.route_id)).toEqual(['MID']);
  });

  it('keeps the GTFS rows of current and previous only, and the metadata of the last 5 versions', async () => {
    for (const id of ['P1', 'P2', 'P3']) await load(id);
    const { versions, keptVersions } = await listScheduleVersions(deps());
    expect(keptVersions).toBe(5);
    expect(versions.length).toBeLessThanOrEqual(5);
    expect(versions.map((v) => v.rowsKept).slice(0, 3)).toEqual([true, true, false]);
    expect(versions.map((v) => v.status).slice(0, 3)).toEqual(['current', 'previous', 'archived']);
    expect(await rowsOf(versions[0].id)).toBe(13);
    expect(await rowsOf(versions[1].id)).toBe(13);
    expect(await rowsOf(versions[2].id)).toBe(0);
    // An archived version's stop times and trips partitions are dropped, the serving ones' kept.
    expect([await partitionExists(versions[0].id), await partitionExists(versions[2].id)]).toEqual([
      true,
      false,
    ]);
  });

  it('marks loads left in "loading" by a killed process as failed', async () => {
    const [stuck] = await deps()
      .db.insert(scheduleVersions)
      .values({
        status: 'loading',
        sourceKind: 'zip',
        sourceName: 'x.zip',
        createdAt: new Date(clock.now.getTime() - 1000),
      })
      .returning({ id: scheduleVersions.id });
    // A killed load leaves its stop times and trips in their partitions, not yet attached.
    for (const statement of [
      ...createPartitionStatements(stuck.id),
      ...createPartitionStatements(stuck.id, TRIPS_PARTITIONED),
      `insert into ${stopTimesPartition(stuck.id)} (version_id, trip_id, stop_sequence, stop_id) values (${stuck.id}, 'T', 1, 'S')`,
      `insert into ${partitionOf(TRIPS_PARTITIONED, stuck.id)} (version_id, trip_id, route_id, service_id) values (${stuck.id}, 'T', 'R', 'S')`,
    ])
      await deps().db.execute(sql.raw(statement));
    expect(await markInterruptedLoads(deps())).toEqual([stuck.id]);
    expect(await partitionExists(stuck.id)).toBe(false);
    const [row] = await deps().db.select().from(scheduleVersions).where(eq(scheduleVersions.id, stuck.id));
    expect(row.status).toBe('failed');
    expect(await rowsOf(stuck.id)).toBe(0);
    expect((await listRoutes(deps())).map((r) => r.route_id)).toEqual(['P3']);
  });

  it('spares a load that a live process is running (it holds the load lock), then lets it finish', async () => {
    let approve!: () => void;
    const approved = new Promise<void>((resolve) => {
      approve = resolve;
    });
    let versionId = 0;
    const loading = storeScheduleVersion(deps(), {
      feed: sampleFeed({ 'routes.txt': routesOnly('P4') }),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: 'alice',
      jobId: 'job-2',
      approve: async () => {
        await approved;
        return {};
      },
      onRows: () => {},
    });
    // The load waits for its approval (validation in an upload) with its rows copied.
    for (let i = 0; i < 100 && versionId === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [row] = await deps()
        .db.select({ id: scheduleVersions.id })
        .from(scheduleVersions)
        .where(eq(scheduleVersions.status, 'loading'));
      versionId = row?.id ?? 0;
    }
    expect(versionId).toBeGreaterThan(0);
    expect(await markInterruptedLoads(deps())).toEqual([]);
    approve();
    expect((await loading).versionId).toBe(versionId);
    expect((await listRoutes(deps())).map((r) => r.route_id)).toEqual(['P4']);
  });

  it('leaves no version behind when the load is refused before it became current (validation errors)', async () => {
    const before = await listScheduleVersions(deps());
    const refusal = new Error('The schedule was not loaded; fix these and upload again.');
    await expect(
      storeScheduleVersion(deps(), {
        feed: sampleFeed({ 'routes.txt': routesOnly('P5') }),
        sourceKind: 'zip',
        sourceName: 'gtfs.zip',
        uploadedBy: 'alice',
        jobId: 'job-3',
        approve: () => Promise.reject(refusal),
      }),
    ).rejects.toBe(refusal);
    const after = await listScheduleVersions(deps());
    expect(after.versions.map((v) => [v.id, v.status])).toEqual(before.versions.map((v) => [v.id, v.status]));
    expect((await listRoutes(deps())).map((r) => r.route_id)).not.toContain('P5');
  });

  it('ends a load whose copy the database left, without waiting for a validation that does not end', async () => {
    const gone = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    const started = Date.now();
    await expect(
      storeScheduleVersion(deps(), {
        timezone: 'Africa/Johannesburg',
        feedVersion: null,
        // The database refused the copy's connection.
        encode: () =>
          (async function* () {
            yield* [];
            throw gone;
          })(),
        sourceKind: 'zip',
        sourceName: 'gtfs.zip',
        uploadedBy: 'alice',
        jobId: 'job-4',
        // Validation's end writes to the database too: it never comes.
        approve: () => new Promise(() => {}),
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(30_000);
    const after = await listScheduleVersions(deps());
    expect(after.versions.some((v) => v.status === 'loading')).toBe(false);
  }, 60_000);
});
