import { formations } from '@feeddesk/drizzle';
import type { FeedEntity } from '@feeddesk/proto';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
// MobilityData's own bindings read the served bytes: the schema as consumers know it, not ours.
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENCY_ZONE, wallTime } from '../support/agency-zone.ts';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const { OccupancyStatus } = rt.VehiclePosition;

/** The night train's service date: it leaves at 23:30 and reaches Central at 00:30 the next day. */
const DATE = '20260310';
/**
 * Park is a station (PRK-S) with platforms 2 and 4; the night train NI-9 runs Airport → Park
 * platform 2 (00:00) → Central, every day, in the suite's agency zone (far from Johannesburg).
 */
const schedule = sampleFeed({
  'agency.txt': `agency_id,agency_name,agency_url,agency_timezone\nMR,Metrorail,https://example.org,${AGENCY_ZONE}`,
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20250101,20301231',
  'calendar_dates.txt': 'service_id,date,exception_type',
  'stops.txt': [
    'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,platform_code',
    'AIR,Airport,-33.97,18.60,,,',
    'PRK-S,Park,-33.90,18.63,1,,',
    'PRK-2,Park,-33.90,18.63,0,PRK-S,2',
    'PRK-4,Park,-33.90,18.63,0,PRK-S,4',
    'CEN,Central,-33.92,18.42,,,',
  ].join('\n'),
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign,direction_id\nNTH,ALL,NI-9,Central,0',
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'NI-9,23:30:00,23:30:00,AIR,1',
    'NI-9,24:00:00,24:01:00,PRK-2,2',
    'NI-9,24:30:00,24:30:00,CEN,3',
  ].join('\n'),
});

const position = (id: string, extra: object = {}): FeedEntity => ({
  id,
  vehicle: {
    trip: { tripId: 'NI-9' },
    vehicle: { id: `T-${id}` },
    position: { latitude: -33.9, longitude: 18.63 },
    currentStopSequence: 2,
    stopId: 'PRK-2',
    ...extra,
  },
});
/** Trip update moving the Park call to platform 4, with a delay at the start. */
const moved: FeedEntity = {
  id: 'tu-ni9',
  tripUpdate: {
    trip: { tripId: 'NI-9', startDate: DATE },
    stopTimeUpdate: [
      { stopSequence: 1, stopId: 'AIR', departure: { delay: 120 } },
      {
        stopSequence: 2,
        stopId: 'PRK-2',
        departure: { delay: 120 },
        stopTimeProperties: { assignedStopId: 'PRK-4' },
      },
    ],
  },
};
const formation = {
  carriages: [
    {
      label: '1',
      class: 'first',
      occupancyStatus: 'MANY_SEATS_AVAILABLE',
      occupancyPercentage: 20,
      toilet: true,
    },
    { label: '2', occupancyStatus: 'STANDING_ROOM_ONLY', occupancyPercentage: 95 },
    { label: '3', occupancyStatus: 'FULL', closed: true },
  ],
};

describe('platforms in positions and formations of dated trains', () => {
  let t: TestApp;
  let controller: HttpClient;
  let admin: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ env: { FORMATIONS_PER_PRINCIPAL_PER_DAY: '3' } });
    await storeScheduleVersion(t.deps, {
      feed: schedule,
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    admin = await t.clientWithRoles(['admin'], 'tokens-admin');
  });
  afterAll(() => t?.close());

  beforeEach(async () => {
    // 00:10 on the next calendar day: the night train of DATE is still running.
    t.clock.now = wallTime('2026-03-11', '00:10');
    await t.deps.db.delete(formations);
    await clearLiveFeeds(t);
    await t.deps.bus.publish('feed_changed', 'vehicle');
  });

  const served = async (path: '/feed/updates' | '/feed/positions') => {
    const res = await t.client().get(path);
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer()));
  };
  const post = async (path: '/feed/trip_update' | '/feed/vehicle_position', entity: FeedEntity) => {
    const res = await postEntity(controller, path, entity);
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const findings = async () =>
    (
      (await (await controller.get('/feed/consistency')).json()) as { code: string; message: string }[]
    ).filter((f) => f.code === 'vehicle_platform_not_assigned');
  const token = async (name: string, roles: string[]) => {
    const res = await admin.fetch('/auth/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, roles }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return new HttpClient(t.url, { bearer: ((await res.json()) as { token: string }).token });
  };
  const put = (client: HttpClient, body: unknown, tripId = 'NI-9', date = DATE) =>
    client.fetch(`/feed/formations/${encodeURIComponent(tripId)}?date=${encodeURIComponent(date)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("a position at a call moved to platform 4 names platform 4 (yesterday's train after midnight); one saved before the move is flagged until the next report", async () => {
    // Saved before the move: it names the scheduled platform, and is served so.
    await post('/feed/vehicle_position', position('vp-9'));
    expect((await served('/feed/positions')).entity[0]!.vehicle!.stopId).toBe('PRK-2');
    await post('/feed/trip_update', moved);
    expect(await findings()).toEqual([
      {
        code: 'vehicle_platform_not_assigned',
        severity: 'warning',
        entityIds: ['vp-9', 'tu-ni9'],
        message:
          'Vehicle vp-9 of train 9 names stop PRK-2 at PRK-2, but trip update tu-ni9 moves that call to platform PRK-4; send the position with stop_id PRK-4, or change the trip update.',
      },
    ]);
    // The producer's next report names the scheduled platform: the feed names the assigned one.
    await post('/feed/vehicle_position', position('vp-9'));
    const vehicle = (await served('/feed/positions')).entity[0]!.vehicle!;
    expect([vehicle.stopId, vehicle.trip!.startDate]).toEqual(['PRK-4', DATE]);
    expect(await findings()).toEqual([]);
    // The Trains screen says the platform as riders see it: "Platform 4, was 2".
    const [train] = (await controller.trpc('query', 'trains.list')).body.result.data as {
      stopId: string;
      stopName: string;
      scheduledStopName: string | null;
    }[];
    expect(train).toMatchObject({ stopId: 'PRK-4', scheduledStopName: 'Park (platform 2)' });
    expect(train!.stopName).toBe('Park (platform 4)');
    // Naming the assigned platform itself is accepted (vehicle_stop_not_in_trip), as is heading
    // for the call without naming a stop; another station's stop at that call is refused.
    await post('/feed/vehicle_position', position('vp-9', { stopId: 'PRK-4' }));
    await post('/feed/vehicle_position', position('vp-9', { stopId: undefined }));
    expect((await served('/feed/positions')).entity[0]!.vehicle!.stopId).toBe('PRK-4');
    const wrong = await postEntity(controller, '/feed/vehicle_position', position('vp-9', { stopId: 'CEN' }));
    expect(wrong.status).toBe(422);
    // At another call the position is left as sent.
    await post('/feed/vehicle_position', position('vp-9', { stopId: 'CEN', currentStopSequence: 3 }));
    expect((await served('/feed/positions')).entity[0]!.vehicle!.stopId).toBe('CEN');
  });

  it('a formation saved over REST by an edit token is served in the position (field 11) and the trip update; GET reads it, DELETE takes it out; a view token may read only', async () => {
    await post('/feed/trip_update', moved);
    await post('/feed/vehicle_position', position('vp-9'));
    const yard = await token('Yard system', ['edit']);
    const counter = await token('Display', ['view']);
    expect((await put(counter, formation)).status).toBe(403);

    const saved = await put(yard, formation);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const body = await saved.json();
    expect(body).toMatchObject({
      tripId: 'NI-9',
      date: DATE,
      carriages: formation.carriages,
      updatedBy: 'token:Yard system',
    });
    expect(await (await counter.get(`/feed/formations/NI-9?date=${DATE}`)).json()).toEqual(body);

    const vehicle = (await served('/feed/positions')).entity[0]!.vehicle!;
    expect(
      vehicle.multiCarriageDetails!.map((c) => [
        c.id,
        c.label,
        c.occupancyStatus,
        c.occupancyPercentage,
        c.carriageSequence,
      ]),
    ).toEqual([
      ['1', '1', OccupancyStatus.MANY_SEATS_AVAILABLE, 20, 1],
      ['2', '2', OccupancyStatus.STANDING_ROOM_ONLY, 95, 2],
      // Closed: nobody boards it, whatever was counted.
      ['3', '3', OccupancyStatus.NOT_ACCEPTING_PASSENGERS, -1, 3],
    ]);
    // The most occupied open carriage is the train's departure occupancy, at each call.
    const tu = (await served('/feed/updates')).entity[0]!.tripUpdate!;
    expect(tu.stopTimeUpdate!.map((u) => u.departureOccupancyStatus)).toEqual([
      OccupancyStatus.STANDING_ROOM_ONLY,
      OccupancyStatus.STANDING_ROOM_ONLY,
    ]);
    // The next report of the position keeps the formation.
    await post('/feed/vehicle_position', position('vp-9'));
    expect((await served('/feed/positions')).entity[0]!.vehicle!.multiCarriageDetails).toHaveLength(3);

    const deleted = await yard.fetch(`/feed/formations/NI-9?date=${DATE}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await served('/feed/positions')).entity[0]!.vehicle!.multiCarriageDetails).toEqual([]);
    expect(
      (await served('/feed/updates')).entity[0]!.tripUpdate!.stopTimeUpdate!.map(
        (u) => u.departureOccupancyStatus,
      ),
    ).toEqual([0, 0]);
    const gone = await counter.get(`/feed/formations/NI-9?date=${DATE}`);
    expect([gone.status, (await gone.json()).description]).toEqual([
      404,
      `Train NI-9 has no formation on ${DATE}; save one with PUT first.`,
    ]);
  });

  it('the desk edits a formation over tRPC, and a position saved after it carries it', async () => {
    const saved = await controller.trpc('mutation', 'trains.saveFormation', {
      tripId: 'NI-9',
      date: DATE,
      ...formation,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result.data).toMatchObject({ carriages: formation.carriages, updatedBy: 'controller' });
    expect(
      (await controller.trpc('query', 'trains.formation', { tripId: 'NI-9', date: DATE })).body.result.data
        .carriages,
    ).toEqual(formation.carriages);
    await post('/feed/vehicle_position', position('vp-9'));
    expect(
      (await served('/feed/positions')).entity[0]!.vehicle!.multiCarriageDetails!.map((c) => c.label),
    ).toEqual(['1', '2', '3']);
    expect(
      (await controller.trpc('mutation', 'trains.deleteFormation', { tripId: 'NI-9', date: DATE })).status,
    ).toBe(200);
    expect(
      (await controller.trpc('query', 'trains.formation', { tripId: 'NI-9', date: DATE })).body.result.data,
    ).toBeNull();
  });

  it('an attacker: an oversized formation, a bad date, an unknown trip, a day it does not run, past the daily quota: answered with a sentence, nothing saved', async () => {
    const hostile = await token('Hostile counter', ['edit']);
    const refused = async (res: Response, status: number, description: string) => {
      expect(res.status).toBe(status);
      expect((await res.json()).description).toBe(description);
    };
    const many = { carriages: Array.from({ length: 41 }, (_, i) => ({ label: String(i + 1) })) };
    await refused(
      await put(hostile, many),
      413,
      'This formation has 41 carriages; a train has at most 40 (FORMATION_MAX_CARRIAGES). Give the carriages of one train.',
    );
    expect(
      (await put(hostile, { carriages: Array.from({ length: 1001 }, () => ({ label: 'x' })) })).status,
    ).toBe(400);
    await refused(
      await put(hostile, formation, 'NI-9', '2026-03-10'),
      400,
      'date "2026-03-10" is not a service date; give it as YYYYMMDD, e.g. 20250923.',
    );
    await refused(
      await put(hostile, formation, 'NI-9', '20260230'),
      400,
      'date "20260230" is not a service date; give it as YYYYMMDD, e.g. 20250923.',
    );
    await refused(
      await put(hostile, formation, "NI-9' OR 1=1"),
      404,
      'The current schedule has no trip "NI-9\' OR 1=1"; give the trip_id of a scheduled train.',
    );
    await refused(
      await put(hostile, formation, 'NI-9', '20310101'),
      404,
      'Trip NI-9 does not run on 20310101; give a date its service runs.',
    );
    await refused(
      await put(hostile, { carriages: [{ label: '1' }, { label: '1' }] }),
      400,
      'carriages[1].label 1 is given twice; each carriage has its own label.',
    );
    // Three new formations a day (FORMATIONS_PER_PRINCIPAL_PER_DAY=3 here), then refused; changing one is not new.
    for (const date of ['20260310', '20260311', '20260312'])
      expect((await put(hostile, formation, 'NI-9', date)).status).toBe(200);
    await refused(
      await put(hostile, formation, 'NI-9', '20260313'),
      429,
      'You saved 3 new formations in the last 24 hours, the most FORMATIONS_PER_PRINCIPAL_PER_DAY (3) allows. Change the formations you saved, or try again tomorrow.',
    );
    expect((await put(hostile, { carriages: [{ label: 'A' }] }, 'NI-9', '20260311')).status).toBe(200);
    // Another principal is not held back by this one's quota.
    expect((await put(controller, formation, 'NI-9', '20260313')).status).toBe(200);
    const dates = (await t.deps.db.select({ date: formations.serviceDate }).from(formations))
      .map((r) => r.date)
      .sort();
    expect(dates).toEqual(['20260310', '20260311', '20260312', '20260313']);
    const metrics = await (await t.client().get('/metrics')).text();
    expect(metrics).toMatch(/feeddesk_quota_refusals_total\{quota="formations_per_principal"\} 1/);
    expect(metrics).toMatch(/feeddesk_quota_refusals_total\{quota="formation_carriages"\} 1/);
  });
});
