import type { FeedEntity } from '@feeddesk/proto';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_ZONE, wallTime } from '../support/agency-zone.ts';
import { testServer } from '../support/databases.ts';
import { getFeed, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { blockDatabase, dbFaults, pollUntil } from './helpers.ts';

const schedule = sampleFeed({
  'agency.txt': `agency_id,agency_name,agency_url,agency_timezone\nMR,Metrorail,https://example.org,${AGENCY_ZONE}`,
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20250101,20301231',
  'calendar_dates.txt': 'service_id,date,exception_type',
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign,direction_id\nNTH,ALL,NI-9,Central,0',
  'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nAIR,Airport,-33.97,18.60\nCEN,Central,-33.92,18.42',
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'NI-9,23:30:00,23:30:00,AIR,1',
    'NI-9,24:30:00,24:30:00,CEN,2',
  ].join('\n'),
});
const DATE = '20260310';
const position: FeedEntity = {
  id: 'vp-9',
  vehicle: {
    trip: { tripId: 'NI-9' },
    position: { latitude: -33.95, longitude: 18.5 },
    currentStopSequence: 2,
    stopId: 'CEN',
  },
};

describe.skipIf(!dbFaults)('a formation saved while the database dies mid-act', () => {
  let t: TestApp;
  let admin: postgres.Sql;
  let name: string;
  let controller: HttpClient;
  const block = (blocked: boolean) => blockDatabase(admin, name, blocked);

  beforeAll(async () => {
    t = await startTestApp();
    name = new URL(t.db.url).pathname.slice(1);
    admin = postgres(testServer().url, { max: 1, onnotice: () => {} });
    await storeScheduleVersion(t.deps, {
      feed: schedule,
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = wallTime('2026-03-11', '00:10');
  });
  afterAll(async () => {
    await block(false).catch(() => {});
    await admin?.end();
    await t?.close();
  });

  it('answers 503 with a sentence, and neither the formation nor the carriages in the feed are kept', async () => {
    expect((await postEntity(controller, '/feed/vehicle_position', position)).status).toBe(200);
    // Another session holds the train's position: the act stops there, after writing its formation row.
    const holder = postgres(t.db.url, { max: 1, onnotice: () => {} });
    const held = holder.begin(async (sql) => {
      await sql`select id from feed_entities where kind = 'vehicle' for update`;
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    });
    held.catch(() => {});
    await pollUntil(
      'the row held',
      async () =>
        ((
          await admin`select count(*)::int as n from pg_locks l join pg_stat_activity a using (pid) where a.datname = ${name} and l.mode = 'RowShareLock'`
        )[0]!.n as number) > 0 || undefined,
      5_000,
    );
    const saving = controller.fetch(`/feed/formations/NI-9?date=${DATE}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ carriages: [{ label: '1', occupancyStatus: 'FULL' }] }),
    });
    await pollUntil(
      'the save waiting on the held row',
      async () =>
        ((
          await admin`select count(*)::int as n from pg_stat_activity where datname = ${name} and wait_event_type = 'Lock'`
        )[0]!.n as number) > 0 || undefined,
      10_000,
    );
    await block(true);
    const res = await saving;
    expect(res.status).toBe(503);
    expect((await res.json()).description).toMatch(/database/i);
    await holder.end({ timeout: 1 }).catch(() => {});

    await block(false);
    await pollUntil(
      'ready again',
      async () => ((await t.client().get('/readyz')).status === 200 ? true : undefined),
      20_000,
    );
    const formations = await pollUntil(
      'the formation read',
      async () => {
        const r = await controller.get(`/feed/formations/NI-9?date=${DATE}`);
        return r.status === 503 ? undefined : r;
      },
      10_000,
    );
    expect(formations.status).toBe(404);
    const served = await getFeed(t.client(), '/feed/positions');
    expect(served.entity.map((e) => e.vehicle?.multiCarriageDetails ?? [])).toEqual([[]]);
  });
});
