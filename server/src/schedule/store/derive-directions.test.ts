import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scheduleVersions, trips } from '@feeddesk/drizzle';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GtfsFeed } from '../../gtfs/index.ts';
import { listDirections } from '../list-directions.ts';
import { storeScheduleVersion } from '../store-schedule-version.ts';
import { makeFeed } from '../test-support/make-feed.ts';
import { readGtfsZip } from '../test-support/read-gtfs-zip.ts';
import { jnb } from '../test-support/sample-feed.ts';
import { makeDeps, openTestDatabase, type TestDatabase } from '../test-support/test-databases.ts';

/**
 * Directions derived at load for trips without direction_id: along a line,
 * across routes of one corridor, next to given ones, round loops, on one-stop trips and branches.
 */
const base = {
  'agency.txt':
    'agency_id,agency_name,agency_url,agency_timezone\nA,Rail,https://example.org,America/Los_Angeles',
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWD,1,1,1,1,1,0,0,20250101,20261231',
};

/** Trips as `id route stop stop …` lines; times every ten minutes from 06:00. */
function tripFiles(lines: string[], directions: Record<string, number> = {}) {
  const parsed = lines.map((l) => l.split(' '));
  const time = (i: number) => `06:${String(i * 10).padStart(2, '0')}:00`;
  return {
    'trips.txt': [
      'route_id,service_id,trip_id,direction_id',
      ...parsed.map(([id, route]) => `${route},WD,${id},${directions[id!] ?? ''}`),
    ].join('\n'),
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      ...parsed.flatMap(([id, , ...calls]) =>
        calls.map((s, i) => `${id},${time(i)},${time(i)},${s},${i + 1}`),
      ),
    ].join('\n'),
  };
}

const stopsOf = (ids: string[]) =>
  ['stop_id,stop_name,stop_lat,stop_lon', ...ids.map((id) => `${id},${id},37,-122`)].join('\n');

describe('deriveDirections', () => {
  let testDb: TestDatabase;
  const clock = { now: jnb('2025-09-23T05:00:00') };
  const deps = () => makeDeps(testDb.database, clock);
  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    await testDb?.close();
  });

  const load = async (feed: GtfsFeed) => {
    const notes: string[] = [];
    const { versionId } = await storeScheduleVersion(deps(), {
      feed,
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
      onProgress: (m) => notes.push(m),
    });
    const rows = await deps()
      .db.select({ tripId: trips.tripId, directionId: trips.directionId, derived: trips.directionDerived })
      .from(trips)
      .where(eq(trips.versionId, versionId))
      .orderBy(asc(trips.tripId));
    const directions = Object.fromEntries(rows.map((r) => [r.tripId, r.directionId]));
    const derived = rows.filter((r) => r.derived).map((r) => r.tripId);
    return { versionId, notes: notes.filter((n) => n.startsWith('Notice:')), directions, derived, rows };
  };

  it('gives northbound and southbound trains of two routes of one line each one direction, named by terminus', async () => {
    // Platforms of one station have a parent: trains of each way call at their own platform.
    const stations = ['SJ', 'PA', 'SF'];
    const stops = [
      'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station',
      ...stations.flatMap((s) => [
        `${s},${{ SJ: 'San Jose Diridon', PA: 'Palo Alto', SF: 'San Francisco' }[s]},37,-122,1,`,
        `${s}-N,${s} northbound,37,-122,0,${s}`,
        `${s}-S,${s} southbound,37,-122,0,${s}`,
      ]),
      'GIL,Gilroy,37,-121.5,0,',
    ].join('\n');
    const loaded = await load(
      makeFeed({
        ...base,
        'routes.txt': 'route_id,route_short_name,route_long_name,route_type\nL1,L1,Local,2\nB7,B7,Bullet,2',
        'stops.txt': stops,
        ...tripFiles([
          '101 L1 GIL SJ-N PA-N SF-N',
          '103 L1 SJ-N PA-N SF-N',
          '102 L1 SF-S PA-S SJ-S GIL',
          '104 L1 SF-S PA-S SJ-S',
          '106 L1 SF-S PA-S SJ-S',
          '701 B7 SJ-N SF-N',
          '702 B7 SF-S SJ-S',
        ]),
      }),
    );
    const north = loaded.directions['101'];
    const south = 1 - north!;
    expect(loaded.directions).toEqual({
      '101': north,
      '103': north,
      '701': north,
      '102': south,
      '104': south,
      '106': south,
      '702': south,
    });
    expect(loaded.derived).toEqual(['101', '102', '103', '104', '106', '701', '702']);
    const named = (await listDirections(deps(), { versionId: loaded.versionId })).map((d) => [
      d.routeId,
      d.directionId,
      d.towards,
      d.derived,
    ]);
    const both = (route: string | null) =>
      [
        [route, north, 'towards San Francisco', true],
        [route, south, 'towards San Jose Diridon', true],
      ].sort((a, b) => Number(a[1]) - Number(b[1]));
    expect(named).toEqual([...both(null), ...both('B7'), ...both('L1')]);
    expect(loaded.notes).toEqual([
      `Notice: direction_id derived for 2 trips of route B7 from their termini (${[
        `${north} towards San Francisco`,
        `${south} towards San Jose Diridon`,
      ]
        .sort()
        .join(', ')}).`,
      `Notice: direction_id derived for 5 trips of route L1 from their termini (${[
        `${north} towards San Francisco`,
        `${south} towards San Jose Diridon`,
      ]
        .sort()
        .join(', ')}).`,
    ]);
  });

  it('follows the directions a schedule gives for some trips, marks only the derived ones, and leaves a schedule giving all alone', async () => {
    const loaded = await load(
      makeFeed({
        ...base,
        'routes.txt': 'route_id,route_long_name\nR,Line',
        'stops.txt': stopsOf(['A', 'B', 'C', 'D']),
        ...tripFiles(['G1 R D C B A', 'G2 R A B C D', 'X1 R A B C', 'X2 R C B A', 'X3 R B D'], {
          G1: 0,
          G2: 1,
        }),
      }),
    );
    expect(loaded.directions).toEqual({ G1: 0, G2: 1, X1: 1, X2: 0, X3: 1 });
    expect(loaded.derived).toEqual(['X1', 'X2', 'X3']);
    // A schedule that gives every direction: nothing changed, nothing said.
    const given = await load(
      makeFeed({
        ...base,
        'routes.txt': 'route_id,route_long_name\nR,Line',
        'stops.txt': stopsOf(['A', 'B']),
        ...tripFiles(['T1 R A B', 'T2 R B A'], { T1: 1, T2: 0 }),
      }),
    );
    expect([given.directions, given.derived, given.notes]).toEqual([{ T1: 1, T2: 0 }, [], []]);
  });

  it('tells the two ways round a loop apart, and names both', async () => {
    const loaded = await load(
      makeFeed({
        ...base,
        'routes.txt': 'route_id,route_long_name\nO,Circle',
        'stops.txt': stopsOf(['A', 'B', 'C', 'D']),
        ...tripFiles(['C1 O A B C D A', 'C2 O A B C D A', 'K1 O A D C B A']),
      }),
    );
    const clockwise = loaded.directions.C1!;
    expect(loaded.directions).toEqual({ C1: clockwise, C2: clockwise, K1: 1 - clockwise });
    const named = await listDirections(deps(), { versionId: loaded.versionId });
    expect(named.map((d) => d.towards).sort()).toEqual([
      'towards A (one way round)',
      'towards A (the other way round)',
    ]);
  });

  it('gives a one-stop trip the direction of the trips ending there, and leaves one no trip explains without', async () => {
    const loaded = await load(
      makeFeed({
        ...base,
        'routes.txt': 'route_id,route_long_name\nR,Line',
        'stops.txt': stopsOf(['A', 'B', 'C', 'Z']),
        ...tripFiles(['T1 R A B C', 'T2 R C B A', 'S1 R C', 'S2 R Z']),
      }),
    );
    expect(loaded.directions).toEqual({ T1: 0, T2: 1, S1: 0, S2: null });
    expect(loaded.derived).toEqual(['S1', 'T1', 'T2']);
    expect(loaded.notes).toEqual([
      'Notice: direction_id derived for 3 trips of route R from their termini (0 towards C, 1 towards A). 1 trip of route R stays without a direction: the order of the stops does not show which way (select by route or train).',
    ]);
  });

  it('orders the trips of a branch by the trunk they share, and a branch shuttle by its termini', async () => {
    // Trunk A B C D E, branch C F: the shuttle C F shares one station with the trunk.
    const loaded = await load(
      makeFeed({
        ...base,
        'routes.txt': 'route_id,route_long_name\nR,Line',
        'stops.txt': stopsOf(['A', 'B', 'C', 'D', 'E', 'F']),
        ...tripFiles([
          'T1 R A B C D E',
          'T2 R E D C B A',
          'F1 R A B C F',
          'F2 R F C B A',
          'S1 R C F',
          'S2 R F C',
        ]),
      }),
    );
    expect(loaded.directions).toEqual({ T1: 0, T2: 1, F1: 0, F2: 1, S1: 0, S2: 1 });
    const named = await listDirections(deps(), { versionId: loaded.versionId });
    expect(named.map((d) => d.towards)).toEqual(['towards F', 'towards A']);
  });
});

const caltrain = fileURLToPath(
  new URL('../../../../../shared/data/gtfs/caltrain-2023-ct.zip', import.meta.url),
);

describe.skipIf(!existsSync(caltrain))("Caltrain's 2023 timetable without its direction_id", () => {
  let testDb: TestDatabase;
  const clock = { now: jnb('2025-09-23T05:00:00') };
  const deps = () => makeDeps(testDb.database, clock);
  beforeAll(async () => {
    testDb = await openTestDatabase();
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('derives the direction Caltrain gives for every trip (0 or its opposite across the whole feed)', async () => {
    const feed = readGtfsZip(caltrain);
    const tripsTxt = feed.get('trips.txt')!;
    const column = tripsTxt.header.indexOf('direction_id');
    const given = new Map(
      tripsTxt.rows.map((r) => [r[tripsTxt.header.indexOf('trip_id')]!, Number(r[column])]),
    );
    feed.set('trips.txt', {
      ...tripsTxt,
      header: tripsTxt.header.filter((_, i) => i !== column),
      rows: tripsTxt.rows.map((r) => r.filter((_, i) => i !== column)),
    });
    const { versionId } = await storeScheduleVersion(deps(), {
      feed,
      sourceKind: 'zip',
      sourceName: 'caltrain.zip',
      uploadedBy: null,
      jobId: null,
    });
    const rows = await deps()
      .db.select({ tripId: trips.tripId, directionId: trips.directionId, routeId: trips.routeId })
      .from(trips)
      .where(eq(trips.versionId, versionId));
    // Trips that run along the rail line: the bus bridge is a road route of its own.
    const rail = rows.filter((r) => r.routeId !== 'Bus Bridge');
    const flip = rail[0]!.directionId === given.get(rail[0]!.tripId) ? 0 : 1;
    const wrong = rail.filter((r) => r.directionId !== (given.get(r.tripId)! + flip) % 2);
    expect(wrong).toEqual([]);
    expect(rail.length).toBeGreaterThan(150);
    const names = (await listDirections(deps(), { versionId })).filter((d) => d.routeId === null);
    expect(names.map((d) => [d.directionId === flip ? 'north' : 'south', d.towards]).sort()).toEqual([
      ['north', 'towards San Francisco Caltrain Station'],
      ['south', 'towards San Jose Diridon'],
    ]);
    const [status] = await deps()
      .db.select({ status: scheduleVersions.status })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.id, versionId));
    expect(status?.status).toBe('current');
  });
});
