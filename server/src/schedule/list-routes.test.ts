import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from './list-routes.ts';
import { storeScheduleVersion } from './store-schedule-version.ts';
import { jnb, sampleFeed } from './test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from './test-support/test-databases.ts';

describe('listRoutes order', () => {
  let testDb: TestDatabase;
  const deps = () => makeDeps(testDb.database, { now: jnb('2025-09-23T06:30:00') });

  beforeAll(async () => {
    testDb = await openTestDatabase();
    // LIRR-like numbered branches: as text 1, 10, 12, 2; riders read 1, 2, 10, 12.
    await storeScheduleVersion(deps(), {
      feed: sampleFeed({
        'routes.txt': [
          'route_id,agency_id,route_short_name,route_long_name,route_type,route_sort_order',
          '10,MR,,Port Washington Branch,2,',
          '2,MR,,Babylon Branch,2,',
          '12,MR,,City Terminal Zone,2,',
          '1,MR,,Hempstead Branch,2,',
          'NTH,MR,N,Northern Line,2,',
          'STH,MR,S,Southern Line,2,0',
        ].join('\n'),
      }),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('sorts by route_sort_order, then route ids as numbers read', async () => {
    expect((await listRoutes(deps())).map((r) => r.route_id)).toEqual(['STH', '1', '2', '10', '12', 'NTH']);
  });
});
