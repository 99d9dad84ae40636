import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import fc from 'fast-check';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { PENINSULA_STOPS, pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const DATE = '20250923';
const TRAINS = ['301', '303', '305', '307'];
const STOPS = PENINSULA_STOPS.map(([id]) => id);

/** A disruption of any kind on any of the four trains (lifting any mix restores the feed). */
const disruption = fc.record({
  trains: fc.subarray([0, 1, 2, 3], { minLength: 1 }),
  action: fc.oneof(
    fc.constant({ type: 'cancel' }),
    fc.constant({ type: 'delete' }),
    fc.record({ type: fc.constant('skip_stop'), stop: fc.nat({ max: 5 }) }),
    fc.record({
      type: fc.constant('delay'),
      stop: fc.nat({ max: 5 }),
      minutes: fc.integer({ min: 1, max: 20 }),
    }),
    fc.record({
      type: fc.constant('short_turn'),
      stop: fc.nat({ max: 5 }),
      at: fc.constantFrom('end', 'start'),
    }),
    fc.record({ type: fc.constantFrom('set_down_only', 'pick_up_only'), stop: fc.nat({ max: 5 }) }),
    fc.record({
      type: fc.constant('replace_by_bus'),
      from: fc.nat({ max: 5 }),
      to: fc.nat({ max: 5 }),
      marginMinutes: fc.integer({ min: 0, max: 20 }),
    }),
  ),
  alert: fc.boolean(),
});
type Disruption = typeof disruption extends fc.Arbitrary<infer T> ? T : never;

function actionOf(d: Disruption): object {
  const a = d.action as {
    type: string;
    stop?: number;
    minutes?: number;
    from?: number;
    to?: number;
    at?: string;
  };
  if (['skip_stop', 'set_down_only', 'pick_up_only'].includes(a.type))
    return { type: a.type, stopId: STOPS[a.stop!] };
  if (a.type === 'short_turn') return { type: a.type, stopId: STOPS[a.stop!], at: a.at };
  if (a.type === 'delay') return { type: a.type, stopId: STOPS[a.stop!], minutes: a.minutes };
  if (a.type === 'replace_by_bus')
    return {
      type: a.type,
      fromStopId: STOPS[a.from!],
      toStopId: STOPS[a.to!],
      routeId: 'BUS',
      marginMinutes: (d.action as { marginMinutes: number }).marginMinutes,
    };
  return { type: a.type };
}

/**
 * On a controller's morning any mix of disruptions (cancellations, deletions, skips,
 * delays, short turns, stop restrictions, replacement buses), applied over hand-made delays, then lifted in any order, leaves both
 * served feeds exactly as they were before the first one: the same entities, byte for byte (read
 * with MobilityData's bindings), no bus left behind, no alert left behind.
 */
describe('lifting any mix of disruptions in any order restores the feeds', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    const feed = peninsulaLine();
    feed.get('routes.txt')!.rows.push(['BUS', 'PCJ', 'B', 'Rail replacement bus', '3']);
    await storeScheduleVersion(t.deps, {
      feed,
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = pdt('05:30');
  }, 120_000);
  afterAll(() => t?.close());

  const served = async (path: '/feed/updates' | '/feed/alerts') => {
    const res = await t.client().get(path);
    const entities = rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
    return Object.fromEntries(
      entities.map((e) => [e.id, Buffer.from(rt.FeedEntity.encode(e).finish()).toString('hex')]),
    );
  };
  const json = (path: string, method: string, body?: unknown) =>
    controller.fetch(
      path,
      body === undefined
        ? { method }
        : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );

  it('serves what it served before the disruptions once they are all lifted', async () => {
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([0, 1, 2, 3]),
        fc.array(disruption, { minLength: 1, maxLength: 5 }),
        fc.infiniteStream(fc.nat()),
        async (lateTrains, mix, picks) => {
          await clearLiveFeeds(t);
          // A morning's hand-made delays, before any disruption.
          for (const i of lateTrains) {
            const res = await postEntity(controller, '/feed/trip_update', {
              id: `late-${TRAINS[i]}`,
              tripUpdate: {
                trip: { tripId: TRAINS[i]!, startDate: DATE },
                stopTimeUpdate: [{ stopSequence: 2, stopId: 'SMN', departure: { delay: 120 * (i + 1) } }],
              },
            });
            expect(res.status).toBe(200);
          }
          const before = { updates: await served('/feed/updates'), alerts: await served('/feed/alerts') };

          const ids: string[] = [];
          for (const d of mix) {
            const res = await json('/feed/disruptions', 'POST', {
              serviceDate: DATE,
              select: { tripIds: d.trains.map((i) => TRAINS[i]) },
              action: actionOf(d),
              reason: 'Property test',
              alert: d.alert,
            });
            const why = `${JSON.stringify(d)}: ${res.status}`;
            // Refusals say what to fix (a section of one stop, nothing selected calls there).
            expect([200, 400, 422], why).toContain(res.status);
            if (res.status === 200) ids.push(((await res.json()) as { id: string }).id);
          }
          applied += ids.length;

          const iterator = picks[Symbol.iterator]();
          while (ids.length > 0) {
            const [id] = ids.splice(iterator.next().value % ids.length, 1);
            const lift = await json(`/feed/disruptions/${id}`, 'DELETE');
            expect(lift.status, await lift.clone().text()).toBe(200);
          }
          const why = JSON.stringify({ lateTrains, mix });
          expect(await served('/feed/updates'), why).toEqual(before.updates);
          expect(await served('/feed/alerts'), why).toEqual(before.alerts);
        },
      ),
      { numRuns: 20 },
    );
    // The property is about lifts: most mixes must have been applied, not refused.
    expect(applied).toBeGreaterThan(20);
  }, 300_000);
});
