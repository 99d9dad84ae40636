import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStops } from './find-stops.ts';
import { listRoutes } from './list-routes.ts';
import { listServices } from './list-services.ts';
import { listStopTimesOfTrip } from './list-stop-times-of-trip.ts';
import { mapTripsToRoutes } from './map-trips-to-routes.ts';
import { storeScheduleVersion } from './store-schedule-version.ts';
import { jnb, sampleFeed } from './test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from './test-support/test-databases.ts';

describe('schedule queries', () => {
  let testDb: TestDatabase;
  const clock = { now: jnb('2025-09-23T06:30:00') };
  const deps = () => makeDeps(testDb.database, clock);

  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('gives empty results when no schedule is loaded, and trip_not_found for a trip', async () => {
    expect(await listRoutes(deps())).toEqual([]);
    expect(await listServices(deps())).toEqual([]);
    expect(await findStops(deps(), { stopname: 'x' })).toEqual([]);
    expect(await mapTripsToRoutes(deps())).toEqual({});
    await expect(listStopTimesOfTrip(deps(), { tripid: 'WD-0123' })).rejects.toMatchObject({
      code: 'trip_not_found',
    });
    await storeScheduleVersion(deps(), {
      feed: sampleFeed(),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
  });

  it('lists routes with colours without #', async () => {
    // The sample's routes.txt has no desc, url, text colour or sort order: those read null.
    const more = {
      agency_id: 'MR',
      route_desc: null,
      route_type: 2,
      route_url: null,
      route_text_color: null,
      route_sort_order: null,
    };
    expect(await listRoutes(deps())).toEqual([
      {
        route_id: 'CTL',
        route_long_name: null,
        route_color: null,
        route_short_name: 'C',
        label: 'C',
        ...more,
      },
      {
        route_id: 'NTH',
        route_long_name: 'Northern Line',
        route_color: 'FF0000',
        route_short_name: 'N',
        label: 'Northern Line',
        ...more,
      },
      {
        route_id: 'STH',
        route_long_name: 'Southern Line',
        route_color: '00AA00',
        route_short_name: 'S',
        label: 'Southern Line',
        ...more,
      },
    ]);
  });

  it('lists the services of calendar and calendar_dates, sorted', async () => {
    expect(await listServices(deps())).toEqual(['HOL', 'WD', 'WE']);
  });

  it('finds stops by a case-insensitive part of the name, LIKE characters taken literally', async () => {
    expect(await findStops(deps())).toEqual([
      ['BLV', 'Bellville'],
      ['CPT', 'Cape Town'],
      ['EER', 'Eerste River'],
      ['ODD', 'Platform 100%_A\\B'],
    ]);
    expect(await findStops(deps(), { stopname: 'ELL' })).toEqual([['BLV', 'Bellville']]);
    expect(await findStops(deps(), { stopname: 'e' })).toHaveLength(3);
    expect(await findStops(deps(), { stopname: '%' })).toEqual([['ODD', 'Platform 100%_A\\B']]);
    expect(await findStops(deps(), { stopname: '_' })).toEqual([['ODD', 'Platform 100%_A\\B']]);
    expect(await findStops(deps(), { stopname: 'A\\B' })).toEqual([['ODD', 'Platform 100%_A\\B']]);
    expect(await findStops(deps(), { stopname: "'; drop table gtfs_stops; --" })).toEqual([]);
  });

  it('maps trips to routes', async () => {
    expect(await mapTripsToRoutes(deps())).toEqual({
      'WD-0123': 'NTH',
      'WD-1234': 'NTH',
      'WD-2300': 'NTH',
      'WD-9001': 'STH',
      'WE-2300': 'NTH',
      'HOL-0500': 'NTH',
    });
  });

  it('lists the stop times of a trip in sequence order, past 24:00 too', async () => {
    expect(await listStopTimesOfTrip(deps(), { tripid: 'WD-9001' })).toEqual([
      { stopSequence: 10, stopId: 'CPT', stopName: 'Cape Town', arrival: '23:50:00', departure: '23:50:00' },
      {
        stopSequence: 20,
        stopId: 'EER',
        stopName: 'Eerste River',
        arrival: '24:35:00',
        departure: '24:35:00',
      },
    ]);
    expect(await listStopTimesOfTrip(deps(), { tripid: 'WD-2300' })).toEqual([
      {
        stopSequence: 0,
        stopId: 'EER',
        stopName: 'Eerste River',
        arrival: '04:55:00',
        departure: '04:55:00',
      },
      { stopSequence: 1, stopId: 'BLV', stopName: 'Bellville', arrival: '05:30:00', departure: '05:30:00' },
    ]);
    await expect(listStopTimesOfTrip(deps(), { tripid: 'nope' })).rejects.toMatchObject({
      code: 'trip_not_found',
    });
  });
});
