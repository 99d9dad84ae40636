import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-support/test-databases.ts';
import { type PostLoadStep, runPostLoadSteps } from './post-load-steps.ts';

describe('post-load steps', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    await testDb.database.raw.sql.unsafe(
      `insert into gtfs_trips (version_id, trip_id, route_id, service_id) values (41, 'a', 'r', 's'), (41, 'b', 'r', 's'), (42, 'c', 'r', 's')`,
    );
  });
  afterAll(async () => {
    await testDb.close();
  });

  const directions = async () =>
    (
      await testDb.database.raw.sql.unsafe<{ trip_id: string; direction_id: number | null }[]>(
        'select trip_id, direction_id from gtfs_trips order by trip_id',
      )
    ).map((r) => [r.trip_id, r.direction_id]);

  const setDirection: PostLoadStep = {
    name: 'direction',
    run: (tx, versionId) => tx`update gtfs_trips set direction_id = 1 where version_id = ${versionId}`,
  };

  it("runs each step over the version's rows, in one transaction on the load's connection", async () => {
    const connection = connectPostgres(testDb.database.raw.url, { max: 1, onnotice: () => {} });
    try {
      await runPostLoadSteps(connection, 41, [setDirection]);
    } finally {
      await connection.end();
    }
    expect(await directions()).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', null],
    ]);
  });

  it('a failing step undoes the steps before it and names itself in the error', async () => {
    const connection = connectPostgres(testDb.database.raw.url, { max: 1, onnotice: () => {} });
    const broken: PostLoadStep = { name: 'broken', run: (tx) => tx`select no_such_column from gtfs_trips` };
    try {
      await expect(runPostLoadSteps(connection, 42, [setDirection, broken])).rejects.toThrow(
        /The schedule's broken step failed: .*no_such_column/,
      );
    } finally {
      await connection.end();
    }
    expect((await directions()).find(([id]) => id === 'c')).toEqual(['c', null]);
  });
});
