import { feedEntities } from '@feeddesk/drizzle';
import { STATEMENT_BATCH } from '@feeddesk/server/schedule/statement-batches';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFeed, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A disruption over more trips than one statement names: the selection, the trips' stop times,
 * their earlier updates, the schedule view, the writes and the lift are each read or written a
 * batch at a time (schedule/statement-batches.ts), so that no single statement holds the event
 * loop that serves the feed. Every trip must still be changed exactly once, whichever batch it
 * falls in, and the lift must give back what each trip had.
 */
const TRIPS = STATEMENT_BATCH * 2 + 1;
const tripId = (i: number) => `B-${String(i).padStart(4, '0')}`;
const clock = (secs: number) =>
  [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
/** Trip i leaves Eerste River at 06:00 + 10 i seconds and reaches Cape Town 59 minutes later. */
const departs = (i: number) => 6 * 3600 + 10 * i;

const schedule = sampleFeed({
  'trips.txt': [
    'route_id,service_id,trip_id',
    ...Array.from({ length: TRIPS }, (_, i) => `NTH,WD,${tripId(i)}`),
  ].join('\n'),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    ...Array.from({ length: TRIPS }, (_, i) => [
      `${tripId(i)},${clock(departs(i))},${clock(departs(i))},EER,1`,
      `${tripId(i)},${clock(departs(i) + 3540)},${clock(departs(i) + 3540)},CPT,2`,
    ]).flat(),
  ].join('\n'),
});

type Applied = { id: string | null; count: number; trips: { tripId: string }[]; refusals?: unknown[] };

describe(`a disruption of ${TRIPS} trips (more than ${STATEMENT_BATCH} a statement)`, () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: schedule,
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['edit'], 'controller');
    t.clock.now = jnb('2025-09-23T05:00:00'); // a Tuesday (WD runs), before the first train
  });
  afterAll(() => t?.close());

  const post = (body: object) =>
    controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const delays = async () => {
    const feed = await getFeed(t.client(), '/feed/updates');
    return new Map(
      feed.entity.map((e) => [
        e.tripUpdate!.trip.tripId!,
        e.tripUpdate!.stopTimeUpdate!.map((u) => u.departure?.delay ?? u.arrival?.delay),
      ]),
    );
  };

  it('previews, applies and lifts every trip once, keeping an earlier update in the second batch', async () => {
    // A trip of the second batch already runs 2 minutes late from its first stop.
    const late = tripId(STATEMENT_BATCH + 7);
    const saved = await postEntity(controller, '/feed/trip_update', {
      id: 'late-train',
      tripUpdate: {
        trip: { tripId: late, startDate: '20250923' },
        stopTimeUpdate: [{ stopSequence: 1, departure: { delay: 120 } }],
      },
    });
    expect(saved.status).toBe(200);
    const all = Array.from({ length: TRIPS }, (_, i) => tripId(i));
    const body = {
      serviceDate: '20250923',
      select: { tripIds: all },
      action: { type: 'delay', minutes: 5 },
      reason: 'signal fault',
      alert: false,
    };

    const previewed = await post({ ...body, dryRun: true });
    expect(previewed.status).toBe(200);
    const preview = (await previewed.json()) as Applied;
    expect(preview.count).toBe(TRIPS);
    expect(preview.refusals).toEqual([]);
    expect(new Set(preview.trips.map((trip) => trip.tripId))).toEqual(new Set(all));
    expect([...(await delays()).keys()]).toEqual([late]);

    const applied = await post(body);
    expect(applied.status).toBe(200);
    const disruption = (await applied.json()) as Applied;
    expect(disruption.count).toBe(TRIPS);
    const during = await delays();
    expect(during.size).toBe(TRIPS);
    expect(await t.deps.db.$count(feedEntities)).toBe(TRIPS);
    for (const i of [0, STATEMENT_BATCH - 1, STATEMENT_BATCH, TRIPS - 1])
      expect(during.get(tripId(i))).toEqual([300]);
    // The earlier update keeps its 2 minutes and gets the 5 more.
    expect(during.get(late)).toEqual([420]);

    const lifted = await controller.fetch(`/feed/disruptions/${disruption.id}`, { method: 'DELETE' });
    expect(lifted.status).toBe(200);
    expect(await delays()).toEqual(new Map([[late, [120]]]));
  });
});
