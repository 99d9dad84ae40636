import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readScheduleView } from './read-schedule-view.ts';
import { storeScheduleVersion } from './store-schedule-version.ts';
import { jnb, sampleFeed } from './test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from './test-support/test-databases.ts';

const ask = {
  tripIds: ['WD-9001', 'HOL-0500', 'nope'],
  routeIds: ['STH', 'XX'],
  stopIds: ['CPT', 'XX'],
  agencyIds: ['MR', 'XX'],
};
const posix = (iso: string) => Date.parse(iso) / 1000;

describe('readScheduleView', () => {
  let testDb: TestDatabase;
  const clock = { now: jnb('2025-09-23T06:30:00') };
  const deps = () => makeDeps(testDb.database, clock);

  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('is null without a schedule', async () => {
    expect(await readScheduleView(deps(), ask)).toBeNull();
    await storeScheduleVersion(deps(), {
      feed: sampleFeed(),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
  });

  it('answers for the ids asked, synchronously', async () => {
    const view = await readScheduleView(deps(), ask);
    expect(view?.timezone).toBe('Africa/Johannesburg');
    expect(view?.trip('WD-9001')).toEqual({
      tripId: 'WD-9001',
      routeId: 'STH',
      serviceId: 'WD',
      directionId: 1,
      trainNumber: '9001',
      stopTimes: [
        { stopSequence: 10, stopId: 'CPT', arrivalSecs: 85_800, departureSecs: 85_800 },
        { stopSequence: 20, stopId: 'EER', arrivalSecs: 88_500, departureSecs: 88_500 },
      ],
    });
    expect(view?.trip('nope')).toBeUndefined();
    expect([view?.hasRoute('STH'), view?.hasRoute('XX'), view?.hasRoute('NTH')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([view?.hasStop('CPT'), view?.hasStop('XX')]).toEqual([true, false]);
    expect([view?.hasAgency('MR'), view?.hasAgency('XX')]).toEqual([true, false]);
  });

  it('gives the service day start of a given date, or of the current run', async () => {
    const view = await readScheduleView(deps(), ask);
    expect(view?.serviceDayStart?.('WD-9001', '20250924')).toBe(posix('2025-09-23T22:00:00Z'));
    expect(view?.serviceDayStart?.('WD-9001', '2025-09-24')).toBeUndefined();
    expect(view?.serviceDayStart?.('nope')).toBeUndefined();
    expect(view?.serviceDayStart?.('WD-9001')).toBe(posix('2025-09-22T22:00:00Z')); // Tuesday 06:30: today
    clock.now = jnb('2025-09-24T00:20:00'); // Tuesday's WD-9001 still running
    expect(view?.serviceDayStart?.('WD-9001')).toBe(posix('2025-09-22T22:00:00Z'));
    expect(view?.serviceDayStart?.('HOL-0500')).toBe(posix('2025-09-23T22:00:00Z'));
    clock.now = jnb('2025-09-24T00:40:00'); // it has arrived: today's
    expect(view?.serviceDayStart?.('WD-9001')).toBe(posix('2025-09-23T22:00:00Z'));
  });
});
