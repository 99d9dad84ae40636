import { feedEntities } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;

/** Tuesday 23 September 2025, 06:00 in Johannesburg (UTC+2). */
const NOW = new Date('2025-09-23T04:00:00Z');
/** Start of the service day of Wednesday 24 September 2025 in Johannesburg. */
const WED = Date.UTC(2025, 8, 23, 22) / 1000;
const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return WED + h! * 3600 + m! * 60;
};

/**
 * Read as a journey planner reads it: the served feed decoded with MobilityData's
 * own bindings (gtfs-realtime-bindings), not the product's decoder. Demo train WD-103 leaves Cape
 * Town (platform 1, stop CAPE TOWN) at 06:30 and reaches Fish Hoek (stop_sequence 9) at 07:25.
 */
describe('extra trains, platform changes and departure events', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    const planner = await t.clientWithRoles(['gtfs'], 'planner');
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = NOW;
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
  });
  afterAll(() => t?.close());

  /** The live trip updates feed, decoded by MobilityData's bindings. */
  const servedFeed = async () => {
    const res = await t.client().get('/feed/updates');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer()));
  };
  const served = async (id: string) => (await servedFeed()).entity.find((e) => e.id === id)?.tripUpdate;

  const extraTrain = (properties: Record<string, string>, id = 'extra-1') => ({
    id,
    tripUpdate: {
      trip: { tripId: 'WD-103', scheduleRelationship: 6 },
      tripProperties: properties,
      stopTimeUpdate: [
        { stopSequence: 0, stopId: 'CAPE TOWN', departure: { time: at('09:30') } },
        {
          stopSequence: 1,
          stopId: 'WOODSTOCK',
          arrival: { time: at('09:33') },
          departure: { time: at('09:35') },
        },
        { stopSequence: 9, stopId: 'FISH HOEK', arrival: { time: at('10:27') } },
      ],
    },
  });
  const EXTRA = { tripId: 'WD-103-X1', startDate: '20250924', startTime: '09:30:00' };

  it('serves an extra train (REST protobuf) as DUPLICATED with its TripProperties and departure/arrival events', async () => {
    const res = await postEntity(controller, '/feed/trip_update', extraTrain(EXTRA));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'extra-1',
      message: '✅ Sucessfully saved Trip Update',
      warnings: [],
      state: 'published',
    });
    const tu = (await served('extra-1'))!;
    expect(tu.trip!.tripId).toBe('WD-103');
    expect(tu.trip!.scheduleRelationship).toBe(rt.TripDescriptor.ScheduleRelationship.DUPLICATED);
    // The descriptor names the original trip: the extra train's date is in TripProperties only.
    expect(tu.trip!.startDate).toBe('');
    expect(tu.tripProperties).toMatchObject(EXTRA);
    const events = tu.stopTimeUpdate!.map((u) => [u.stopId, !!u.arrival, !!u.departure]);
    expect(events).toEqual([
      ['CAPE TOWN', false, true],
      ['WOODSTOCK', true, true],
      ['FISH HOEK', true, false],
    ]);
    expect(Number(tu.stopTimeUpdate![1]!.departure!.time)).toBe(at('09:35'));
    // It leaves the live feed an hour (TRIP_UPDATE_TTL_MINUTES) after its own last arrival, 10:27 on Wednesday.
    const [row] = await t.deps.db.select().from(feedEntities).where(eq(feedEntities.id, 'extra-1'));
    expect(row!.expiresAt!.toISOString()).toBe(new Date((at('10:27') + 3600) * 1000).toISOString());
  });

  it('lists the extra train as Extra with its own start, beside the original train’s own update (tRPC)', async () => {
    const delayed = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity: {
        tripUpdate: {
          trip: { tripId: 'WD-103', startDate: '20250923' },
          stopTimeUpdate: [{ stopSequence: 0, stopId: 'CAPE TOWN', departure: { delay: 300 } }],
        },
      },
      baseRevision: 0,
    });
    expect(delayed.status).toBe(200);
    const second = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity: {
        tripUpdate: {
          trip: { tripId: 'WD-103', scheduleRelationship: 'DUPLICATED' },
          tripProperties: { tripId: 'WD-103-X2', startDate: '20250923', startTime: '12:00:00' },
          stopTimeUpdate: [{ stopSequence: 0, stopId: 'CAPE TOWN', departure: { delay: 0 } }],
        },
      },
      baseRevision: 0,
    });
    expect(second.status).toBe(200);
    const list = (await controller.trpc('query', 'feed.list', { kind: 'trip_update' })).body.result.data as {
      id: string;
      state: string;
      departureSecs: number;
      tripId: string;
    }[];
    const ofTrain = list.filter((item) => item.tripId === 'WD-103').map((i) => [i.state, i.departureSecs]);
    expect(ofTrain).toEqual([
      ['extra', 9.5 * 3600],
      ['yet_to_start', 6.5 * 3600],
      ['extra', 12 * 3600],
    ]);
    expect(new Set(list.map((i) => i.id)).size).toBe(3);
  });

  it('refuses an extra train with a scheduled trip id, a bad start time or date, or missing properties', async () => {
    const refused = async (properties: Record<string, string>) => {
      const res = await postEntity(controller, '/feed/trip_update', extraTrain(properties, 'bad-extra'));
      expect(res.status).toBe(422);
      const body = await res.json();
      return body.details.notices.map((n: { code: string; field: string }) => `${n.code} ${n.field}`);
    };
    expect(await refused({ ...EXTRA, tripId: 'WD-101' })).toEqual([
      'duplicated_trip_in_schedule trip_update.trip_properties.trip_id',
    ]);
    expect(await refused({ ...EXTRA, startTime: '9:30' })).toEqual([
      'E020 trip_update.trip_properties.start_time',
    ]);
    expect(await refused({ ...EXTRA, startDate: '24-09-2025' })).toEqual([
      'E021 trip_update.trip_properties.start_date',
    ]);
    expect(await refused({ tripId: 'WD-103-X3' })).toEqual([
      'duplicated_trip_without_properties trip_update.trip_properties.start_date',
      'duplicated_trip_without_properties trip_update.trip_properties.start_time',
    ]);
    expect((await servedFeed()).entity.map((e) => e.id)).not.toContain('bad-extra');
  });

  it('gives the other platforms of a stop’s station, and none to a stop without a station (tRPC)', async () => {
    const res = await controller.trpc('query', 'schedule.platforms', {
      stopIds: ['CAPE TOWN', 'WOODSTOCK', 'CAPE TOWN 3'],
    });
    expect(res.body.result.data).toEqual({
      'CAPE TOWN': [
        { stopId: 'CAPE TOWN 2', stopName: 'Cape Town Platform 2' },
        { stopId: 'CAPE TOWN 3', stopName: 'Cape Town Platform 3' },
      ],
      WOODSTOCK: [],
      'CAPE TOWN 3': [
        { stopId: 'CAPE TOWN', stopName: 'Cape Town Station' },
        { stopId: 'CAPE TOWN 2', stopName: 'Cape Town Platform 2' },
      ],
    });
  });

  const moved = (assignedStopId: string, stopSequence = 0, stopId = 'CAPE TOWN') => ({
    tripUpdate: {
      trip: { tripId: 'WD-105', startDate: '20250923' },
      stopTimeUpdate: [
        { stopSequence, stopId, departure: { delay: 0 }, stopTimeProperties: { assignedStopId } },
      ],
    },
  });

  it('serves a platform change as assigned_stop_id (tRPC save, read by the bindings)', async () => {
    const res = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity: moved('CAPE TOWN 3'),
      baseRevision: 0,
    });
    expect(res.status).toBe(200);
    const tu = (await served(res.body.result.data.id))!;
    expect(tu.stopTimeUpdate!.map((u) => [u.stopId, u.stopTimeProperties?.assignedStopId])).toEqual([
      ['CAPE TOWN', 'CAPE TOWN 3'],
    ]);
  });

  it('refuses a platform of another station and an unknown stop', async () => {
    const other = await controller.trpc('mutation', 'feed.saveTripUpdate', { entity: moved('SALT RIVER') });
    expect(other.status).toBe(422);
    expect(other.body.error.data.details.notices).toEqual([
      {
        code: 'assigned_stop_other_station',
        severity: 'error',
        entityId: expect.any(String),
        field: 'trip_update.stop_time_update[0].stop_time_properties.assigned_stop_id',
        message: "Stop SALT RIVER is not a platform of CAPE TOWN's station; pick a platform of that station.",
        value: 'SALT RIVER',
        stopSequence: 0,
        stopId: 'CAPE TOWN',
      },
    ]);
    const res = await postEntity(controller, '/feed/trip_update', { id: 'nope', ...moved('CAPE TOWN 9') });
    expect(res.status).toBe(422);
    expect((await res.json()).details.notices.map((n: { code: string }) => n.code)).toEqual(['E011']);
  });
});
