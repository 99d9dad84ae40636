import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeScheduleVersion } from '../store-schedule-version.ts';
import { jnb, sampleFeed, sampleFiles } from '../test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from '../test-support/test-databases.ts';
import { diffScheduleVersions } from './diff-schedule-versions.ts';

/**
 * The sample line, changed as a planner's next timetable might be: WD-1234 dropped, WD-1500 and
 * the Southern WD-7000 added, WD-0123 five minutes later at Bellville, the stop ODD closed and
 * MUI opened, weekend trains on Sundays too, no WD trains on 16 December, a Christmas service.
 */
const changed = {
  'stops.txt': sampleFiles['stops.txt']!.replace(/\nODD,[^\n]*/, '\nMUI,Muizenberg,-34.1,18.47'),
  'trips.txt': sampleFiles['trips.txt']!.replace(
    'NTH,WD,WD-1234,Cape Town,0',
    'NTH,WD,WD-1500,Cape Town,0',
  ).concat('\nSTH,WD,WD-7000,Muizenberg,1'),
  'stop_times.txt': sampleFiles['stop_times.txt']!.replace(
    'WD-0123,06:30:00,06:31:00,BLV,2',
    'WD-0123,06:35:00,06:36:00,BLV,2',
  )
    .replace(
      'WD-1234,08:00:00,08:00:00,EER,1\nWD-1234,09:00:00,09:00:00,CPT,2',
      'WD-1500,15:00:00,15:00:00,EER,1\nWD-1500,16:00:00,16:00:00,CPT,2',
    )
    .concat('\nWD-7000,07:00:00,07:00:00,CPT,1\nWD-7000,07:40:00,07:40:00,MUI,2'),
  'calendar.txt': sampleFiles['calendar.txt']!.replace('WE,0,0,0,0,0,1,0', 'WE,0,0,0,0,0,1,1'),
  'calendar_dates.txt': `${sampleFiles['calendar_dates.txt']}\nWD,20251216,2\nXMAS,20251225,1`,
};

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
