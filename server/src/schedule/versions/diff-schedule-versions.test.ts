import { trips } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeScheduleVersion } from '../store-schedule-version.ts';
import { changedSampleFiles as changed, jnb, sampleFeed } from '../test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from '../test-support/test-databases.ts';
import { diffScheduleVersions } from './diff-schedule-versions.ts';

describe('diffScheduleVersions', () => {
  let testDb: TestDatabase;
  const clock = { now: jnb('2025-09-23T06:30:00') };
  const deps = () => makeDeps(testDb.database, clock);
  const load = (files: Record<string, string>) =>
    storeScheduleVersion(deps(), {
      feed: sampleFeed(files),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: 'planner',
      jobId: null,
    });
  let first: number;
  let second: number;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    first = (await load({})).versionId;
    second = (await load(changed)).versionId;
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('lists trips added, removed and retimed per route, stops added and removed, and service days changed', async () => {
    const diff = await diffScheduleVersions(deps(), { from: first, to: second });
    expect(diff).toEqual({
      from: first,
      to: second,
      totals: {
        tripsAdded: 2,
        tripsRemoved: 1,
        tripsRetimed: 1,
        stopsAdded: 1,
        stopsRemoved: 1,
        servicesChanged: 3,
      },
      routes: [
        {
          routeId: 'NTH',
          routeName: 'Northern Line',
          added: 1,
          removed: 1,
          retimed: 1,
          addedTrips: [{ tripId: 'WD-1500', first: '15:00:00', last: '16:00:00' }],
          removedTrips: [{ tripId: 'WD-1234', first: '08:00:00', last: '09:00:00' }],
          retimedTrips: [
            {
              tripId: 'WD-0123',
              first: '06:00:00',
              last: '07:00:00',
              firstBefore: '06:00:00',
              lastBefore: '07:00:00',
            },
          ],
        },
        {
          routeId: 'STH',
          routeName: 'Southern Line',
          added: 1,
          removed: 0,
          retimed: 0,
          addedTrips: [{ tripId: 'WD-7000', first: '07:00:00', last: '07:40:00' }],
          removedTrips: [],
          retimedTrips: [],
        },
      ],
      stopsAdded: [{ stopId: 'MUI', stopName: 'Muizenberg' }],
      stopsRemoved: [{ stopId: 'ODD', stopName: 'Platform 100%_A\\B' }],
      services: [
        {
          serviceId: 'WD',
          change: 'changed',
          calendar: null,
          dates: [{ date: '20251216', before: null, after: 'removed' }],
        },
        {
          serviceId: 'WE',
          change: 'changed',
          calendar: {
            before: { weekdays: '-----S-', startDate: '20250101', endDate: '20261231' },
            after: { weekdays: '-----SS', startDate: '20250101', endDate: '20261231' },
          },
          dates: [],
        },
        {
          serviceId: 'XMAS',
          change: 'added',
          calendar: null,
          dates: [{ date: '20251225', before: null, after: 'added' }],
        },
      ],
    });
  });

  it('reads the other way as the reverse change, and a version against itself as no change', async () => {
    const back = await diffScheduleVersions(deps(), { from: second, to: first });
    expect(back.totals).toEqual({
      tripsAdded: 1,
      tripsRemoved: 2,
      tripsRetimed: 1,
      stopsAdded: 1,
      stopsRemoved: 1,
      servicesChanged: 3,
    });
    expect(back.services.find((s) => s.serviceId === 'XMAS')).toMatchObject({ change: 'removed' });
    const same = await diffScheduleVersions(deps(), { from: second, to: second });
    expect(same.totals).toEqual({
      tripsAdded: 0,
      tripsRemoved: 0,
      tripsRetimed: 0,
      stopsAdded: 0,
      stopsRemoved: 0,
      servicesChanged: 0,
    });
    expect(same.routes).toEqual([]);
  });

  it('gives the same answer for a version loaded before per-trip fingerprints, from the stop times', async () => {
    const [kept] = await deps().db.select().from(trips).where(eq(trips.versionId, second)).limit(1);
    expect(kept!.stopTimesHash).toMatch(/^\d+:[0-9a-f]+:[0-9a-f]+$/);
    const withFingerprints = await diffScheduleVersions(deps(), { from: first, to: second });
    // As a version loaded before the fingerprint column existed.
    await deps().db.update(trips).set({ stopTimesHash: null }).where(eq(trips.versionId, first));
    expect(await diffScheduleVersions(deps(), { from: first, to: second })).toEqual(withFingerprints);
  });

  it('refuses an unknown version and one whose rows were pruned, saying which', async () => {
    await expect(diffScheduleVersions(deps(), { from: first, to: 999 })).rejects.toMatchObject({
      code: 'schedule_version_not_found',
    });
    const third = (await load({})).versionId;
    await expect(diffScheduleVersions(deps(), { from: first, to: third })).rejects.toMatchObject({
      code: 'schedule_version_pruned',
      message: expect.stringMatching(/only the current and the previous versions/),
    });
  });
});
