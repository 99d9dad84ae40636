import { trips } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPlannedWorks } from '../planned-works/apply-planned-works.ts';
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
      dated: [
        {
          date: '20251216',
          notRunning: 4,
          added: 0,
          notRunningTrains: ['123', '1234', '2300', '9001'],
          addedTrains: [],
          sentence: '4 trains do not run on 2025-12-16.',
        },
        {
          date: '20251225',
          notRunning: 1,
          added: 2,
          notRunningTrains: ['1234'],
          addedTrains: ['1500', '7000'],
          sentence: '1 train does not run on 2025-12-25; 2 trips are added that day.',
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
  it('says what planned works change by date: the cancelled train does not run that Saturday', async () => {
    const base = (await load({})).versionId;
    const feed = sampleFeed();
    applyPlannedWorks(feed, [
      {
        id: 'works-1',
        serviceDate: '20251004',
        action: { type: 'cancel' },
        tripIds: ['WE-2300'],
        label: 'Works',
      },
    ]);
    const works = (
      await storeScheduleVersion(deps(), {
        feed,
        sourceKind: 'zip',
        sourceName: 'gtfs.zip',
        uploadedBy: 'planner',
        jobId: null,
      })
    ).versionId;
    const diff = await diffScheduleVersions(deps(), { from: base, to: works });
    expect(diff.dated).toEqual([
      {
        date: '20251004',
        notRunning: 1,
        added: 0,
        notRunningTrains: ['2300'],
        addedTrains: [],
        sentence: '1 train does not run on 2025-10-04.',
      },
    ]);
    // Counted by trip id the cancellation is no change at all: the trip only moved to another service.
    expect([diff.totals.tripsAdded, diff.totals.tripsRemoved]).toEqual([0, 0]);
  });
});
