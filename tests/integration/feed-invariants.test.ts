import { feedLog, tripUpdateAlerts } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, storePeninsulaLine } from '../support/peninsula-line.ts';
import { parsePrometheus, sampleValue } from '../support/prometheus.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const DATE = '20250923';

type Finding = { code: string; severity: string; entityIds: string[]; message: string };

/**
 * Feed invariants (docs/contract-notes.md "Consistency findings"): what the served feed must never say, checked on every save and over
 * the whole feed, on a timetable in America/Los_Angeles (far from the product's Johannesburg).
 */
describe('feed invariants', () => {
  let t: TestApp;
  let controller: HttpClient;

  beforeAll(async () => {
    // A long metrics cache: the consistency gauge must follow changes, not the cache.
    t = await startTestApp({ trpc: true, env: { METRICS_CACHE_SECONDS: '3600' } });
    await storePeninsulaLine(t.deps);
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = pdt('06:00');
  });
  afterAll(() => t?.close());
  beforeEach(() => clearLiveFeeds(t));

  const call = async (type: 'query' | 'mutation', path: string, input: unknown, status = 200) => {
    const res = await controller.trpc(type, path, input);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.result?.data ?? res.body.error;
  };
  /** A served feed as a journey planner reads it: MobilityData's bindings. */
  const served = async (path: '/feed/updates' | '/feed/alerts') => {
    const res = await t.client().get(path);
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  const findings = async (): Promise<Finding[]> => (await controller.get('/feed/consistency')).json();
  const errors = async () => (await findings()).filter((f) => f.severity === 'error');
  /** Trains 303 and 307 of the Local cancelled by a disruption with this alert. */
  const cancel303And307 = (alert: unknown) =>
    controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: DATE,
        select: { routeId: 'LOC', tripIds: ['303', '307'] },
        action: { type: 'cancel' },
        reason: 'No crew',
        alert,
      }),
    });

  it('refuses (422) a delay that predicts a stop before the train leaves its first stop, naming stop and times', async () => {
    // −20 min at San Martin (07:38) predicts 07:18; train 305 leaves Gilroy at 07:29.
    const res = await postEntity(controller, '/feed/trip_update', {
      id: 'tu-305',
      tripUpdate: {
        trip: { tripId: '305', startDate: DATE },
        stopTimeUpdate: [
          { stopSequence: 2, stopId: 'SMN', arrival: { delay: -1200 }, departure: { delay: -1200 } },
        ],
      },
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    const sentence =
      'Stop SMN is predicted at 07:18, before the train leaves its first stop GIL at 07:29; correct the delay or time so the stop comes after 07:29.';
    expect(body.description).toBe(sentence);
    expect(body.details.notices.map((n: { code: string; field: string }) => [n.code, n.field])).toEqual([
      ['predicted_before_first_departure', 'trip_update.stop_time_update[0].arrival.delay'],
    ]);
    expect(await served('/feed/updates')).toEqual([]);
    // Five minutes early (07:33) still reaches San Martin after leaving Gilroy: saved.
    const early = await postEntity(controller, '/feed/trip_update', {
      id: 'tu-305',
      tripUpdate: {
        trip: { tripId: '305', startDate: DATE },
        stopTimeUpdate: [{ stopSequence: 2, stopId: 'SMN', arrival: { delay: -300 } }],
      },
    });
    expect(early.status).toBe(200);
  });

  it('refuses (422) an alert whose text holds an unfilled placeholder, by REST, the editor and publishing a draft', async () => {
    const alert = (header: string) => ({
      id: 'a-1',
      alert: {
        activePeriod: [{ start: Math.floor(pdt('06:00').getTime() / 1000) }],
        informedEntity: [{ routeId: 'LOC' }],
        headerText: { translation: [{ text: header, language: 'en' }] },
      },
    });
    const rest = await postEntity(controller, '/feed/service_alert', alert('{route}: delays until {until}'));
    expect(rest.status).toBe(422);
    const sentence =
      'Alert a-1 has unfilled placeholders: {route}, {until} in its header (en); replace them with the words riders should read.';
    expect(await rest.json()).toMatchObject({
      code: 422,
      error: 'Entity fails the feed rules',
      description: sentence,
      details: {
        notices: [
          {
            code: 'alert_placeholder_unfilled',
            severity: 'error',
            entityId: 'a-1',
            field: '',
            message: sentence,
          },
        ],
      },
    });
    const editor = await call('mutation', 'feed.saveAlert', { entity: alert('{route}: delays') }, 422);
    expect(editor.data.appCode).toBe('feed_rules_failed');
    // A draft is not served, so it may hold one; publishing it is refused.
    const draft = await call('mutation', 'feed.saveAlert', { entity: alert('{route}: delays'), draft: true });
    const published = await call('mutation', 'feed.publishAlert', { id: draft.id }, 422);
    expect(published.message).toContain('{route} in its header (en)');
    expect(await served('/feed/alerts')).toEqual([]);
    expect(await errors()).toEqual([]);
  });

  it('serves no stop time updates for a train cancelled after its delays and skip, and ends its skip alert', async () => {
    // Train 305 runs 5 min late from San Martin and skips Hayward Park; "Tell riders" publishes the skip.
    const skip = {
      tripUpdate: {
        trip: { tripId: '305', startDate: DATE },
        stopTimeUpdate: [
          { stopSequence: 2, stopId: 'SMN', arrival: { delay: 300 }, departure: { delay: 300 } },
          { stopSequence: 5, stopId: 'HWP', scheduleRelationship: 'SKIPPED' },
        ],
      },
    };
    const { draft } = await call('query', 'disruptions.tripAlert', {
      tripId: '305',
      startDate: DATE,
      cancelled: false,
      skippedStopIds: ['HWP'],
    });
    expect(draft.alert.headerText.translation[0].text).toBe('Hayward Park: trains do not stop');
    const saved = await call('mutation', 'disruptions.saveTripUpdateWithAlert', {
      entity: skip,
      baseRevision: 0,
      alert: { publish: draft },
    });
    expect((await served('/feed/alerts')).map((e) => e.id)).toEqual([saved.alertId]);

    // Cancelled in the editor without telling riders, its earlier stop time updates still in the form.
    const cancel = structuredClone(skip) as typeof skip & { id: string };
    cancel.id = saved.id;
    Object.assign(cancel.tripUpdate.trip, { scheduleRelationship: 'CANCELED' });
    await call('mutation', 'feed.saveTripUpdate', { entity: cancel, baseRevision: 1 });

    const [update] = await served('/feed/updates');
    expect(update!.tripUpdate!.trip!.scheduleRelationship).toBe(
      rt.TripDescriptor.ScheduleRelationship.CANCELED,
    );
    expect(update!.tripUpdate!.stopTimeUpdate).toEqual([]);
    expect(await served('/feed/alerts')).toEqual([]);
    expect(await errors()).toEqual([]);
    expect(await t.deps.db.select().from(tripUpdateAlerts)).toEqual([]);
    // Ended in the controller's name, in the alert's history.
    const ended = await t.deps.db
      .select({ action: feedLog.action, by: feedLog.by })
      .from(feedLog)
      .where(eq(feedLog.entityId, saved.alertId));
    expect(ended.at(-1)).toEqual({ action: 'delete', by: 'controller' });
  });

  it('serves no stop time updates for a cancellation by REST or by a disruption over earlier delays', async () => {
    const delayed = (tripId: string) => ({
      id: `tu-${tripId}`,
      tripUpdate: {
        trip: { tripId, startDate: DATE },
        stopTimeUpdate: [{ stopSequence: 3, stopId: 'MHL', arrival: { delay: 240 } }],
      },
    });
    expect((await postEntity(controller, '/feed/trip_update', delayed('301'))).status).toBe(200);
    expect((await postEntity(controller, '/feed/trip_update', delayed('303'))).status).toBe(200);
    const cancelled = delayed('301');
    Object.assign(cancelled.tripUpdate.trip, { scheduleRelationship: 3 });
    expect((await postEntity(controller, '/feed/trip_update', cancelled)).status).toBe(200);
    const applied = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: DATE,
        select: { tripIds: ['303'] },
        action: { type: 'cancel' },
        reason: 'No crew',
        alert: true,
      }),
    });
    expect(applied.status).toBe(200);
    const updates = await served('/feed/updates');
    expect(updates.map((e) => [e.tripUpdate!.trip!.tripId, e.tripUpdate!.stopTimeUpdate!.length])).toEqual([
      ['301', 0],
      ['303', 0],
    ]);
    expect(await errors()).toEqual([]);
  });

  it('refuses (422) a disruption alert whose text names trains that were unticked, and saves nothing', async () => {
    // The text was drafted before 301 and 305 were unticked.
    const stale = await cancel303And307({ headerText: { en: 'Local: trains 301, 303, 305, 307 cancelled' } });
    expect(stale.status).toBe(422);
    const body = await stale.json();
    expect(body.description).toMatch(
      /^Alert disruption-[\w-]+ names trains 301, 305 in its text, but disruption [\w-]+ changes trains 303, 307; name exactly those trains \(draft the alert again\)\.$/,
    );
    expect(await served('/feed/updates')).toEqual([]);
    expect(await served('/feed/alerts')).toEqual([]);

    expect(
      (await cancel303And307({ headerText: { en: 'Local: trains 303, 307 cancelled at 06:59 and 07:59' } }))
        .status,
    ).toBe(200);
    expect(await errors()).toEqual([]);
  });

  it('judges a disruption alert again when it is edited, and lets saves of other trains through beside it', async () => {
    const applied = await cancel303And307({ headerText: { en: 'Local: trains 303, 307 cancelled' } });
    expect(applied.status).toBe(200);
    // A save of another train, twice: the disruption's alert is judged as it was (and still clean).
    for (const delay of [120, 180]) {
      const saved = await postEntity(controller, '/feed/trip_update', {
        id: 'tu-305',
        tripUpdate: {
          trip: { tripId: '305', startDate: DATE },
          stopTimeUpdate: [{ stopSequence: 1, departure: { delay } }],
        },
      });
      expect(saved.status).toBe(200);
    }
    // The alert edited to name a train the disruption left running: its bytes changed, judged anew.
    const [alert] = await served('/feed/alerts');
    const json = rt.FeedEntity.toObject(rt.FeedEntity.fromObject(alert!), { longs: Number }) as {
      id: string;
      alert: Record<string, unknown>;
    };
    const edited = await postEntity(controller, '/feed/service_alert', {
      ...json,
      alert: {
        ...json.alert,
        headerText: { translation: [{ text: 'Local: trains 301, 303, 307 cancelled', language: 'en' }] },
      },
    });
    expect(edited.status).toBe(422);
    expect((await edited.json()).description).toMatch(
      /^Alert disruption-[\w-]+ names train 301 in its text, but disruption [\w-]+ changes trains 303, 307;/,
    );
    const [kept] = await served('/feed/alerts');
    expect(kept!.alert!.headerText!.translation![0]!.text).toBe('Local: trains 303, 307 cancelled');
    expect(await errors()).toEqual([]);
  });

  it('shows the whole-feed check in /metrics right after a change, whatever the cache', async () => {
    const gauge = async (severity: string) => {
      const res = await fetch(`${t.url}/metrics`);
      return sampleValue(parsePrometheus(await res.text()), 'feeddesk_consistency_findings', { severity });
    };
    expect(await gauge('warning')).toBe(0);
    // Train 303 cancelled with no alert: the next train leaves 30 minutes later (cancelled_without_alert).
    const res = await postEntity(controller, '/feed/trip_update', {
      id: 'tu-303',
      tripUpdate: { trip: { tripId: '303', startDate: DATE, scheduleRelationship: 3 } },
    });
    expect(res.status).toBe(200);
    expect((await findings()).map((f) => f.code)).toEqual(['cancelled_without_alert']);
    expect(await gauge('warning')).toBe(1);
  });
});
