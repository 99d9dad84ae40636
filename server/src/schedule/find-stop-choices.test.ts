import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStopChoices } from './find-stop-choices.ts';
import { storeScheduleVersion } from './store-schedule-version.ts';
import { jnb, sampleFeed } from './test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from './test-support/test-databases.ts';

/** The stop searches of the editors find a stop by its name, its stop_code or its stop_id. */
describe('findStopChoices', () => {
  let testDb: TestDatabase;
  const clock = { now: jnb('2025-09-23T06:30:00') };
  const deps = () => makeDeps(testDb.database, clock);

  beforeAll(async () => {
    testDb = await openTestDatabase();
    const stops = [
      'stop_id,stop_code,stop_name,stop_lat,stop_lon',
      'CPT,CT01,Cape Town,-33.92,18.42',
      'BLV,BV02,Bellville,-33.90,18.63',
      'EER,,Eerste River,-34.01,18.72',
      'ODD,,Platform 100%_A\\B,-34.0,18.5',
    ].join('\n');
    await storeScheduleVersion(deps(), {
      feed: sampleFeed({ 'stops.txt': stops }),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
  });
  afterAll(async () => {
    await testDb?.close();
  });

  const ids = async (text: string) =>
    (await findStopChoices(deps(), { stopname: text })).map((s) => s.stopId);

  it('finds a stop by its code, in any case, and says the code', async () => {
    expect(await ids('bv02')).toEqual(['BLV']);
    const [cape] = await findStopChoices(deps(), { stopname: 'CT01' });
    expect(cape).toMatchObject({ stopId: 'CPT', name: 'Cape Town', code: 'CT01' });
  });

  it('finds a stop by its id, and still by its name', async () => {
    expect(await ids('EER')).toEqual(['EER']);
    expect(await ids('bell')).toEqual(['BLV']);
    // A stop without a code has none (not an empty string).
    expect((await findStopChoices(deps(), { stopname: 'Eerste' }))[0]?.code).toBeNull();
  });

  it('treats LIKE wildcards in what was typed literally (a hostile search matches nothing more)', async () => {
    expect(await ids('%')).toEqual(['ODD']);
    expect(await ids('_')).toEqual(['ODD']);
    expect(await ids("' or 1=1 --")).toEqual([]);
  });
});
