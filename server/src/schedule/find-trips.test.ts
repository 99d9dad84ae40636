import { stopTimes } from '@feeddesk/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrips } from './find-trips.ts';
import { storeScheduleVersion } from './store-schedule-version.ts';
import { jnb, sampleFeed } from './test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from './test-support/test-databases.ts';

describe('findTrips', () => {
  let testDb: TestDatabase;
  const clock = { now: jnb('2025-09-23T06:30:00') }; // a Tuesday
  const deps = () => makeDeps(testDb.database, clock);
  const at = (localIso: string, options: Parameters<typeof findTrips>[1] = {}) => {
    clock.now = jnb(localIso);
    return findTrips(deps(), options);
  };

  beforeAll(async () => {
    testDb = await openTestDatabase();
    expect(await findTrips(deps())).toEqual([]); // no schedule yet: empty, not an error
    await storeScheduleVersion(deps(), {
      feed: sampleFeed(),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it("lists today's trips: in progress, yet to start, finished, each by start time", async () => {
    expect(await at('2025-09-23T06:30:00')).toEqual([
      { trip_id: 'WD-0123', start_date: '20250923', endTerminus: 'Cape Town', inprogress: 0 },
      { trip_id: 'WD-1234', start_date: '20250923', endTerminus: 'Cape Town', inprogress: 1 },
      { trip_id: 'WD-9001', start_date: '20250923', endTerminus: 'Eerste River', inprogress: 1 },
      { trip_id: 'WD-2300', start_date: '20250923', endTerminus: 'Bellville', inprogress: 2 },
    ]);
  });

  it('judges the state at "after" instead of now', async () => {
    const trips = await at('2025-09-23T06:30:00', { after: '05:00:00' });
    expect(trips.map((t) => [t.trip_id, t.inprogress])).toEqual([
      ['WD-2300', 0],
      ['WD-0123', 1],
      ['WD-1234', 1],
      ['WD-9001', 1],
    ]);
  });

  it('keeps yesterday’s run past 24:00 while it is under way, on a day its service does not run', async () => {
    // Wednesday 24 September is a holiday: WD removed, HOL added; WD-9001 of Tuesday runs until 00:35
    expect(await at('2025-09-24T00:20:00')).toEqual([
      { trip_id: 'WD-9001', start_date: '20250923', endTerminus: 'Eerste River', inprogress: 0 },
      { trip_id: 'HOL-0500', start_date: '20250924', endTerminus: 'Cape Town', inprogress: 1 },
    ]);
    expect(await at('2025-09-24T00:40:00')).toEqual([
      { trip_id: 'HOL-0500', start_date: '20250924', endTerminus: 'Cape Town', inprogress: 1 },
    ]);
  });

  it('shows yesterday’s unfinished run instead of today’s run of the same trip', async () => {
    // Friday 00:10: Thursday's WD-9001 is under way; today's run (23:50) is not listed twice
    const trips = await at('2025-09-26T00:10:00');
    expect(trips[0]).toEqual({
      trip_id: 'WD-9001',
      start_date: '20250925',
      endTerminus: 'Eerste River',
      inprogress: 0,
    });
    expect(trips.filter((t) => t.trip_id === 'WD-9001')).toHaveLength(1);
    expect(trips.map((t) => t.trip_id)).toEqual(['WD-9001', 'WD-2300', 'WD-0123', 'WD-1234']);
  });

  it('finds yesterday’s run still under way by number on today’s date, whatever the service, dated yesterday', async () => {
    // Saturday 00:20 as the desk asks: today's date and today's service (WE); Friday's WD-9001 runs until 00:35
    const night = { date: '20250927', service: 'WE', number: '9001', details: true } as const;
    expect(await at('2025-09-27T00:20:00', night)).toEqual([
      {
        trip_id: 'WD-9001',
        start_date: '20250926',
        endTerminus: 'Eerste River',
        inprogress: 0,
        departureSecs: 23 * 3600 + 50 * 60,
        origin: 'Cape Town',
        trainNumber: '9001',
      },
    ]);
    expect(await at('2025-09-27T00:40:00', night)).toEqual([]); // arrived at 00:35
    // Another date than today lists that date's runs only: Friday's trains, dated Friday.
    const friday = await at('2025-09-27T00:20:00', { date: '20250926', number: '9001' });
    expect(friday).toEqual([
      { trip_id: 'WD-9001', start_date: '20250926', endTerminus: 'Eerste River', inprogress: 0 },
    ]);
    // Nothing of the day before leaks into a later date.
    expect(await at('2025-09-27T00:20:00', { date: '20250928', number: '9001' })).toEqual([]);
  });

  it('finds by number: ends in -<number> plus optional digits, leading zeros ignored', async () => {
    const ids = async (number: string) => (await at('2025-09-23T06:30:00', { number })).map((t) => t.trip_id);
    expect(await ids('0123')).toEqual(['WD-0123', 'WD-1234']);
    expect(await ids('123')).toEqual(['WD-0123', 'WD-1234']);
    expect(await ids('1234')).toEqual(['WD-1234']);
    expect(await ids('9001')).toEqual(['WD-9001']);
    expect(await ids('23')).toEqual(['WD-2300']);
    expect(await ids('12a')).toEqual([]);
    expect(await ids("1' or '1'='1")).toEqual([]);
  });

  it('filters by route and by an explicit service', async () => {
    expect((await at('2025-09-23T06:30:00', { route: 'STH' })).map((t) => t.trip_id)).toEqual(['WD-9001']);
    expect(await at('2025-09-23T10:30:00', { service: 'WE' })).toEqual([
      { trip_id: 'WE-2300', start_date: '20250923', endTerminus: 'Cape Town', inprogress: 0 },
    ]);
    expect(await at('2025-09-23T10:30:00', { service: "WE' or 1=1 --" })).toEqual([]);
  });

  it('gives each trip its first departure, origin and train number with details, from the trip row alone', async () => {
    clock.now = jnb('2025-09-23T06:30:00');
    const expected = [
      {
        trip_id: 'WD-0123',
        start_date: '20250923',
        endTerminus: 'Cape Town',
        inprogress: 0,
        departureSecs: 6 * 3600,
        origin: 'Eerste River',
        trainNumber: '123',
      },
      {
        trip_id: 'WD-1234',
        start_date: '20250923',
        endTerminus: 'Cape Town',
        inprogress: 1,
        departureSecs: 8 * 3600,
        origin: 'Eerste River',
        trainNumber: '1234',
      },
      // its stop times are listed out of sequence: the origin is sequence 10's stop, not the file's first line
      {
        trip_id: 'WD-9001',
        start_date: '20250923',
        endTerminus: 'Eerste River',
        inprogress: 1,
        departureSecs: 23 * 3600 + 50 * 60,
        origin: 'Cape Town',
        trainNumber: '9001',
      },
      {
        trip_id: 'WD-2300',
        start_date: '20250923',
        endTerminus: 'Bellville',
        inprogress: 2,
        departureSecs: 4 * 3600 + 55 * 60,
        origin: 'Eerste River',
        trainNumber: '2300',
      },
    ];
    expect(await findTrips(deps(), { details: true })).toEqual(expected);
    // Without any stop time the list is the same: origin and departure are kept on the trip at import
    // (rolled back, so the other tests keep their stop times).
    const rollback = new Error('rollback');
    await expect(
      testDb.database.db.transaction(async (tx) => {
        await tx.delete(stopTimes);
        expect(await findTrips({ db: tx, now: () => clock.now }, { details: true })).toEqual(expected);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it('refuses an "after" that is not a time', async () => {
    await expect(at('2025-09-23T06:30:00', { after: '25:00:00' })).rejects.toMatchObject({
      code: 'bad_request',
    });
  });
});
