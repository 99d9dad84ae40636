import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTrips } from './find-trips.ts';
import { listStopTimesOfTrip } from './list-stop-times-of-trip.ts';
import { storeScheduleVersion } from './store-schedule-version.ts';
import { readGtfsZip } from './test-support/read-gtfs-zip.ts';
import { jnb } from './test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from './test-support/test-databases.ts';

const zip = fileURLToPath(new URL('../../../../shared/data/original/gtfs.zip', import.meta.url));

describe.skipIf(!existsSync(zip))("the operator's own GTFS", () => {
  let testDb: TestDatabase;
  const clock = { now: jnb('2025-09-23T05:00:00') }; // a Tuesday within calendar.txt
  const deps = () => makeDeps(testDb.database, clock);

  beforeAll(async () => {
    testDb = await openTestDatabase();
    await storeScheduleVersion(deps(), {
      feed: readGtfsZip(zip),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it("lists trip WD-2300's stop times", async () => {
    const stopTimes = await listStopTimesOfTrip(deps(), { tripid: 'WD-2300' });
    expect(stopTimes).toHaveLength(17);
    expect(stopTimes[0]).toEqual({
      stopSequence: 0,
      stopId: 'EERSTE RIVER',
      stopName: 'Eerste River Station',
      arrival: '04:55:00',
      departure: '04:55:00',
    });
    expect(stopTimes[16]).toEqual({
      stopSequence: 16,
      stopId: 'CAPE TOWN',
      stopName: 'Cape Town Station',
      arrival: '06:20:15',
      departure: '06:20:15',
    });
  });

  it('finds WD-2300 by its number, in progress at 05:00 on a weekday', async () => {
    expect(await findTrips(deps(), { number: '2300' })).toContainEqual({
      trip_id: 'WD-2300',
      endTerminus: 'Cape Town Station',
      inprogress: 0,
      start_date: '20250923',
    });
  });
});
