import { disruptionTrips, feedLog, tripUpdateAlerts } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, storePeninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const DATE = '20250923';

type Finding = { code: string; severity: string; entityIds: string[]; message: string };

/**
 * docs/contract-notes.md "Consistency findings": reinstating a cancelled train, or cancelling a
 * train an alert says skips a stop, changes that alert in the same act (on a line in
 * America/Los_Angeles, far from the product's Johannesburg); no refusal asks the controller to
 * undo a colleague's alert first.
 */
describe('acts carry their consequences for the alerts riders read', () => {
  let t: TestApp;
  let controller: HttpClient;
  let colleague: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    await storePeninsulaLine(t.deps);
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    colleague = await t.clientWithRoles(['view', 'edit'], 'colleague');
    t.clock.now = pdt('06:00');
  });
  afterAll(() => t?.close());
  beforeEach(() => clearLiveFeeds(t));

  const call = async (type: 'query' | 'mutation', path: string, input: unknown, status = 200) => {
    const res = await controller.trpc(type, path, input);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.result?.data ?? res.body.error;
  };
  const served = async (path: '/feed/updates' | '/feed/alerts') => {
    const res = await t.client().get(path);
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  /** The feed invariants' errors (a hand-written stop closure may also find trains calling there). */
  const errors = async () =>
    ((await (await controller.get('/feed/consistency')).json()) as Finding[]).filter(
      (f) => f.severity === 'error' && f.code !== 'stop_closed_but_served',
    );
  const disruption = async (client: HttpClient, body: object) => {
    const res = await client.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serviceDate: DATE, reason: 'No crew', alert: true, ...body }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as {
      id: string;
      alertId: string;
      otherAlerts?: { alertId: string; header: string; trains: string[]; ended: boolean }[];
    };
  };
  const updateOf = async (tripId: string) =>
    (await served('/feed/updates')).find((e) => e.tripUpdate?.trip?.tripId === tripId)!;
  /** The editor's save of a train running 5 minutes late from San Martin (reinstated when it was cancelled). */
  const runLate = (id: string, tripId: string) =>
    call('mutation', 'feed.saveTripUpdate', {
      entity: {
        id,
        tripUpdate: {
          trip: { tripId, startDate: DATE },
          stopTimeUpdate: [
            { stopSequence: 2, stopId: 'SMN', arrival: { delay: 300 }, departure: { delay: 300 } },
          ],
        },
      },
    });
  const texts = (alert: GtfsRealtimeBindings.transit_realtime.IAlert) =>
    [...(alert.headerText?.translation ?? []), ...(alert.descriptionText?.translation ?? [])].map(
      (t) => t.text,
    );

  it("reinstating a train a colleague's disruption cancelled leaves it out of that alert, in the same act", async () => {
    const cancel = await disruption(colleague, {
      select: { routeId: 'LOC', tripIds: ['303', '305', '307'] },
      action: { type: 'cancel' },
    });
    const [before] = await served('/feed/alerts');
    expect(texts(before!.alert!).join(' ')).toContain('303, 305, 307');
    const update = await updateOf('305');
    await runLate(update.id!, '305');

    const late = await updateOf('305');
    expect(late.tripUpdate!.trip!.scheduleRelationship ?? 0).toBe(
      rt.TripDescriptor.ScheduleRelationship.SCHEDULED,
    );
    const [alert] = await served('/feed/alerts');
    expect(alert!.id).toBe(cancel.alertId);
    expect(alert!.alert!.informedEntity!.map((e) => e.trip?.tripId)).toEqual(['303', '307']);
    expect(texts(alert!.alert!).join(' ')).toContain('303, 307');
    expect(texts(alert!.alert!).join(' ')).not.toMatch(/\b305\b/);
    // The disruption no longer counts the train: its lift leaves the controller's 305 running late.
    const counted = await t.deps.db
      .select({ tripId: disruptionTrips.tripId })
      .from(disruptionTrips)
      .where(eq(disruptionTrips.disruptionId, cancel.id));
    expect(counted.map((c) => c.tripId).sort()).toEqual(['303', '307']);
    expect(await errors()).toEqual([]);
    // In the controller's name, in the alert's history.
    const history = await t.deps.db
      .select({ action: feedLog.action, by: feedLog.by })
      .from(feedLog)
      .where(eq(feedLog.entityId, cancel.alertId));
    expect(history.at(-1)).toEqual({ action: 'save', by: 'controller' });

    // Reinstating the last two ends the alert.
    await runLate((await updateOf('303')).id!, '303');
    await runLate((await updateOf('307')).id!, '307');
    expect(await served('/feed/alerts')).toEqual([]);
    expect(await errors()).toEqual([]);
    expect((await controller.fetch(`/feed/disruptions/${cancel.id}`, { method: 'DELETE' })).status).toBe(200);
    const after = await served('/feed/updates');
    expect(after.map((e) => e.tripUpdate!.trip!.tripId).sort()).toEqual(['303', '305', '307']);
  });

  it('reinstating a train cancelled over a whole route and period names the trains still cancelled', async () => {
    const cancel = await disruption(colleague, {
      select: { routeId: 'LOC', from: '06:30', to: '08:00' },
      action: { type: 'cancel' },
    });
    const [before] = await served('/feed/alerts');
    expect(before!.alert!.informedEntity!.map((e) => e.routeId)).toEqual(['LOC']);
    await runLate((await updateOf('303')).id!, '303');
    const [alert] = await served('/feed/alerts');
    expect(alert!.id).toBe(cancel.alertId);
    expect(alert!.alert!.informedEntity!.map((e) => e.trip?.tripId)).toEqual(['305', '307']);
    expect(texts(alert!.alert!).join(' ')).not.toMatch(/\b303\b/);
    expect(await errors()).toEqual([]);
    await controller.fetch(`/feed/disruptions/${cancel.id}`, { method: 'DELETE' });
  });

  it('reinstating a train ends its own cancellation alert, whichever save the editor used', async () => {
    const { draft } = await call('query', 'disruptions.tripAlert', {
      tripId: '305',
      startDate: DATE,
      cancelled: true,
      skippedStopIds: [],
    });
    const saved = await call('mutation', 'disruptions.saveTripUpdateWithAlert', {
      entity: { tripUpdate: { trip: { tripId: '305', startDate: DATE, scheduleRelationship: 'CANCELED' } } },
      baseRevision: 0,
      alert: { publish: draft },
    });
    expect((await served('/feed/alerts')).map((e) => e.id)).toEqual([saved.alertId]);
    await runLate(saved.id, '305');
    expect(await served('/feed/alerts')).toEqual([]);
    expect(await t.deps.db.select().from(tripUpdateAlerts)).toEqual([]);
    expect(await errors()).toEqual([]);
  });

  it("cancelling a train a colleague's disruption says skips a stop drops it from that alert (ends it when it named only that train)", async () => {
    const skip = await disruption(colleague, {
      select: { tripIds: ['303', '305'] },
      action: { type: 'skip_stop', stopId: 'HWP' },
      reason: 'Platform works',
    });
    const cancel = (tripId: string, id: string) =>
      call('mutation', 'feed.saveTripUpdate', {
        entity: { id, tripUpdate: { trip: { tripId, startDate: DATE, scheduleRelationship: 'CANCELED' } } },
      });
    // Refused (422 "end the alert or draft it again") before: the controller had to undo the colleague's alert.
    await cancel('305', (await updateOf('305')).id!);
    const [alert] = await served('/feed/alerts');
    expect(alert!.id).toBe(skip.alertId);
    expect(alert!.alert!.informedEntity!.map((e) => [e.trip?.tripId, e.stopId])).toEqual([['303', 'HWP']]);
    expect(texts(alert!.alert!).join(' ')).not.toMatch(/\b305\b/);
    expect((await updateOf('305')).tripUpdate!.stopTimeUpdate).toEqual([]);
    expect(await errors()).toEqual([]);

    await cancel('303', (await updateOf('303')).id!);
    expect(await served('/feed/alerts')).toEqual([]);
    expect(await errors()).toEqual([]);
    await controller.fetch(`/feed/disruptions/${skip.id}`, { method: 'DELETE' });
  });

  it('cancelling a train a route-wide skip alert names drops it from that alert (texts, trips; ended when none is left)', async () => {
    const skip = await disruption(colleague, {
      select: { routeId: 'LOC', from: '06:30', to: '08:00' },
      action: { type: 'skip_stop', stopId: 'HWP' },
      reason: 'Platform works',
    });
    const [before] = await served('/feed/alerts');
    expect(before!.alert!.informedEntity!.map((e) => [e.routeId, e.stopId])).toEqual([['LOC', 'HWP']]);
    expect(texts(before!.alert!).join(' ')).toContain('303, 305, 307');
    const cancel = async (tripId: string) =>
      call('mutation', 'feed.saveTripUpdate', {
        entity: {
          id: (await updateOf(tripId)).id,
          tripUpdate: { trip: { tripId, startDate: DATE, scheduleRelationship: 'CANCELED' } },
        },
      });
    const saved = await cancel('305');
    // The save says so among its warnings.
    expect(saved.warnings).toContainEqual(
      expect.objectContaining({
        code: 'alert_narrowed',
        severity: 'info',
        entityId: skip.alertId,
        message: expect.stringMatching(
          /^Alert “.+” no longer names train 305: what it said of it is no longer true\.$/,
        ),
      }),
    );
    const [alert] = await served('/feed/alerts');
    expect(alert!.id).toBe(skip.alertId);
    // Now about the trains still skipping the stop, each at it (no longer every train of the route).
    expect(alert!.alert!.informedEntity!.map((e) => [e.trip?.tripId, e.stopId])).toEqual([
      ['303', 'HWP'],
      ['307', 'HWP'],
    ]);
    expect(texts(alert!.alert!).join(' ')).toContain('303, 307');
    expect(texts(alert!.alert!).join(' ')).not.toMatch(/\b305\b/);
    const counted = await t.deps.db
      .select({ tripId: disruptionTrips.tripId })
      .from(disruptionTrips)
      .where(eq(disruptionTrips.disruptionId, skip.id));
    expect(counted.map((c) => c.tripId).sort()).toEqual(['303', '307']);
    expect(await errors()).toEqual([]);

    await cancel('303');
    await cancel('307');
    expect(await served('/feed/alerts')).toEqual([]);
    expect(await errors()).toEqual([]);
    expect((await controller.fetch(`/feed/disruptions/${skip.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('a REST cancellation drops the train from a hand-written alert too; other selectors keep it', async () => {
    const alert = await postEntity(colleague, '/feed/service_alert', {
      id: 'hand',
      alert: {
        activePeriod: [{ start: Math.floor(pdt('06:00').getTime() / 1000) }],
        informedEntity: [{ trip: { tripId: '305', startDate: DATE }, stopId: 'HWP' }, { stopId: 'HWP' }],
        effect: rt.Alert.Effect.NO_SERVICE,
        headerText: { translation: [{ text: 'Hayward Park: train 305 does not stop', language: 'en' }] },
      },
    });
    expect(alert.status).toBe(422); // No update says 305 skips it: the alert's own contradiction is refused.
    const skipped = await postEntity(colleague, '/feed/trip_update', {
      id: 'tu-305',
      tripUpdate: {
        trip: { tripId: '305', startDate: DATE },
        stopTimeUpdate: [
          {
            stopSequence: 5,
            stopId: 'HWP',
            scheduleRelationship: rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED,
          },
        ],
      },
    });
    expect(skipped.status).toBe(200);
    expect(
      (
        await postEntity(colleague, '/feed/service_alert', {
          id: 'hand',
          alert: {
            activePeriod: [{ start: Math.floor(pdt('06:00').getTime() / 1000) }],
            informedEntity: [{ trip: { tripId: '305', startDate: DATE }, stopId: 'HWP' }, { stopId: 'HWP' }],
            effect: rt.Alert.Effect.NO_SERVICE,
            headerText: { translation: [{ text: 'Hayward Park: trains do not stop', language: 'en' }] },
          },
        })
      ).status,
    ).toBe(200);
    const cancelled = await postEntity(controller, '/feed/trip_update', {
      id: 'tu-305',
      tripUpdate: {
        trip: {
          tripId: '305',
          startDate: DATE,
          scheduleRelationship: rt.TripDescriptor.ScheduleRelationship.CANCELED,
        },
      },
    });
    expect(cancelled.status).toBe(200);
    const [kept] = await served('/feed/alerts');
    expect(kept!.alert!.informedEntity!.map((e) => [e.trip?.tripId ?? null, e.stopId])).toEqual([
      [null, 'HWP'],
    ]);
    expect(await errors()).toEqual([]);
  });

  it('a narrowed alert passes the feed rules of any save: one left without a header refuses the act, saying what to fix', async () => {
    const skipHwp = (relationship?: number) =>
      postEntity(colleague, '/feed/trip_update', {
        id: 'tu-305',
        tripUpdate: {
          trip: {
            tripId: '305',
            startDate: DATE,
            ...(relationship === undefined ? {} : { scheduleRelationship: relationship }),
          },
          stopTimeUpdate:
            relationship === undefined
              ? [
                  {
                    stopSequence: 5,
                    stopId: 'HWP',
                    scheduleRelationship: rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED,
                  },
                ]
              : [],
        },
      });
    expect((await skipHwp()).status).toBe(200);
    // A header that is the train's number and nothing else.
    const hand = await postEntity(colleague, '/feed/service_alert', {
      id: 'hand',
      alert: {
        activePeriod: [{ start: Math.floor(pdt('06:00').getTime() / 1000) }],
        informedEntity: [{ trip: { tripId: '305', startDate: DATE }, stopId: 'HWP' }, { stopId: 'HWP' }],
        effect: rt.Alert.Effect.NO_SERVICE,
        headerText: { translation: [{ text: '305', language: 'en' }] },
      },
    });
    expect(hand.status).toBe(200);
    const cancelled = await skipHwp(rt.TripDescriptor.ScheduleRelationship.CANCELED);
    expect(cancelled.status).toBe(422);
    const body = (await cancelled.json()) as {
      description: string;
      details: { missingLanguages?: unknown[] };
    };
    expect(body.description).toMatch(
      /^This change takes train 305 out of alert hand, which would then fail the feed rules: It would have no header in .+\. Edit alert hand \(or end it\), then make this change again\.$/,
    );
    expect(body.details.missingLanguages).toHaveLength(1);
    // Nothing was written: the train still skips the stop, the alert still names it.
    expect((await updateOf('305')).tripUpdate!.trip!.scheduleRelationship ?? 0).toBe(
      rt.TripDescriptor.ScheduleRelationship.SCHEDULED,
    );
    const [alert] = await served('/feed/alerts');
    expect(alert!.alert!.informedEntity).toHaveLength(2);
  });

  it('refuses an alert that says a running train is cancelled (its own contradiction), naming the train', async () => {
    await runLate('tu-305', '305');
    const res = await postEntity(controller, '/feed/service_alert', {
      id: 'wrong',
      alert: {
        activePeriod: [{ start: Math.floor(pdt('06:00').getTime() / 1000) }],
        informedEntity: [{ trip: { tripId: '305', startDate: DATE } }],
        effect: rt.Alert.Effect.NO_SERVICE,
        headerText: { translation: [{ text: 'Train 305 is cancelled', language: 'en' }] },
      },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).description).toBe(
      `Alert wrong says train 305 (${DATE}) does not run, but its update has it running; end the alert or leave it out of it.`,
    );
    expect(await served('/feed/alerts')).toEqual([]);
  });

  /** The served alert's selectors as [trip or route, stop] pairs. */
  const pairs = (alert: GtfsRealtimeBindings.transit_realtime.IAlert) =>
    alert.informedEntity!.map((e) => [e.trip?.tripId ?? e.routeId, e.stopId ?? null]);
  const alertOf = async (id: string) => (await served('/feed/alerts')).find((e) => e.id === id)?.alert;
  const lift = async (id: string) => {
    const res = await controller.fetch(`/feed/disruptions/${id}`, { method: 'DELETE' });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const skipsHwp = async (tripId: string) =>
    (await updateOf(tripId)).tripUpdate!.stopTimeUpdate!.some(
      (stu) =>
        stu.stopId === 'HWP' &&
        stu.scheduleRelationship === rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED,
    );

  it("a disruption cancelling a train a colleague's route-wide skip names narrows that alert; its lift gives the train back", async () => {
    const skip = await disruption(colleague, {
      select: { routeId: 'LOC', from: '06:30', to: '08:00' },
      action: { type: 'skip_stop', stopId: 'HWP' },
      reason: 'Platform works',
    });
    const before = (await alertOf(skip.alertId))!;
    // Refused (422 "end the alert or draft it again") before: a disruption never touched another's alert.
    const cancel = await disruption(controller, {
      select: { routeId: 'LOC', tripIds: ['305'] },
      action: { type: 'cancel' },
    });
    // Its answer says so, as its preview did.
    expect(cancel.otherAlerts).toEqual([
      { alertId: skip.alertId, header: expect.any(String), trains: ['305'], ended: false },
    ]);
    const narrowed = (await alertOf(skip.alertId))!;
    expect(pairs(narrowed)).toEqual([
      ['303', 'HWP'],
      ['307', 'HWP'],
    ]);
    expect(texts(narrowed).join(' ')).toContain('303, 307');
    expect(texts(narrowed).join(' ')).not.toMatch(/\b305\b/);
    expect(texts((await alertOf(cancel.alertId))!).join(' ')).toMatch(/\b305\b/);
    expect((await updateOf('305')).tripUpdate!.trip!.scheduleRelationship).toBe(
      rt.TripDescriptor.ScheduleRelationship.CANCELED,
    );
    expect(await errors()).toEqual([]);

    // Lifting the cancellation: 305 skips Hayward Park again, and the skip alert is as it was.
    await lift(cancel.id);
    expect(await skipsHwp('305')).toBe(true);
    expect(await alertOf(skip.alertId)).toEqual(before);
    expect(await alertOf(cancel.alertId)).toBeUndefined();
    expect(await errors()).toEqual([]);

    // In the other order: the skip lifted under the cancellation, then the cancellation.
    const again = await disruption(controller, {
      select: { routeId: 'LOC', tripIds: ['305'] },
      action: { type: 'cancel' },
    });
    await lift(skip.id);
    expect(await alertOf(skip.alertId)).toBeUndefined();
    expect((await updateOf('305')).tripUpdate!.trip!.scheduleRelationship).toBe(
      rt.TripDescriptor.ScheduleRelationship.CANCELED,
    );
    expect(await errors()).toEqual([]);
    await lift(again.id);
    expect(await served('/feed/updates')).toEqual([]);
    expect(await served('/feed/alerts')).toEqual([]);
  });

  it("two disruptions cancelling trains a colleague's skip names each give theirs back at their lift, in either order", async () => {
    const skip = await disruption(colleague, {
      select: { routeId: 'LOC', tripIds: ['303', '305', '307'] },
      action: { type: 'skip_stop', stopId: 'HWP' },
      reason: 'Platform works',
    });
    const before = (await alertOf(skip.alertId))!;
    expect(texts(before).join(' ')).toContain('303, 305, 307');
    const cancel = (tripId: string) =>
      disruption(controller, { select: { routeId: 'LOC', tripIds: [tripId] }, action: { type: 'cancel' } });
    const first = await cancel('303');
    const second = await cancel('305');
    const narrowed = (await alertOf(skip.alertId))!;
    expect(pairs(narrowed)).toEqual([['307', 'HWP']]);
    expect(texts(narrowed).join(' ')).not.toMatch(/\b30[35]\b/);
    expect(await errors()).toEqual([]);
    // The skip still counts them: lifting it would replay the cancellations over them.
    const counted = await t.deps.db
      .select({ tripId: disruptionTrips.tripId })
      .from(disruptionTrips)
      .where(eq(disruptionTrips.disruptionId, skip.id));
    expect(counted.map((c) => c.tripId).sort()).toEqual(['303', '305', '307']);

    // The first lifted: 303 skips the stop again and is named again; 305 stays out.
    await lift(first.id);
    expect(await skipsHwp('303')).toBe(true);
    const one = (await alertOf(skip.alertId))!;
    expect(
      pairs(one)
        .map((p) => p[0])
        .sort(),
    ).toEqual(['303', '307']);
    expect(texts(one).join(' ')).not.toMatch(/\b305\b/);
    expect(await errors()).toEqual([]);
    // The second lifted: the alert is as the colleague published it.
    await lift(second.id);
    expect(await skipsHwp('305')).toBe(true);
    expect(await alertOf(skip.alertId)).toEqual(before);
    expect(await errors()).toEqual([]);

    // The other order, and a cancellation that leaves the alert naming nothing (it ends, and comes back).
    const preview = await disruption(controller, {
      select: { routeId: 'LOC', tripIds: ['303', '305', '307'] },
      action: { type: 'cancel' },
      dryRun: true,
    });
    expect(preview.otherAlerts).toEqual([
      { alertId: skip.alertId, header: expect.any(String), trains: ['303', '305', '307'], ended: true },
    ]);
    expect(await alertOf(skip.alertId)).toEqual(before);
    const all = await disruption(controller, {
      select: { routeId: 'LOC', tripIds: ['303', '305', '307'] },
      action: { type: 'cancel' },
    });
    expect(await alertOf(skip.alertId)).toBeUndefined();
    expect(await errors()).toEqual([]);
    await lift(all.id);
    expect(await alertOf(skip.alertId)).toEqual(before);
    const a = await cancel('303');
    const b = await cancel('305');
    await lift(b.id);
    expect(
      pairs((await alertOf(skip.alertId))!)
        .map((p) => p[0])
        .sort(),
    ).toEqual(['305', '307']);
    expect(await errors()).toEqual([]);
    await lift(a.id);
    expect(await alertOf(skip.alertId)).toEqual(before);
    expect(await errors()).toEqual([]);
    await lift(skip.id);
    expect(await served('/feed/updates')).toEqual([]);
  });

  it('a train made to stop again leaves a route-wide skip alert, in the same act', async () => {
    const skip = await disruption(colleague, {
      select: { routeId: 'LOC', from: '06:30', to: '08:00' },
      action: { type: 'skip_stop', stopId: 'HWP' },
      reason: 'Platform works',
    });
    // The controller's save of 305 running late, calling everywhere (Hayward Park too).
    await runLate((await updateOf('305')).id!, '305');
    expect(await skipsHwp('305')).toBe(false);
    const alert = (await alertOf(skip.alertId))!;
    expect(pairs(alert)).toEqual([
      ['303', 'HWP'],
      ['307', 'HWP'],
    ]);
    expect(texts(alert).join(' ')).not.toMatch(/\b305\b/);
    expect(await errors()).toEqual([]);
    await lift(skip.id);

    // A stop where riders may only get off, over the whole route: the same.
    const setDown = await disruption(colleague, {
      select: { routeId: 'LOC', from: '06:30', to: '08:00' },
      action: { type: 'set_down_only', stopId: 'HWP' },
      reason: 'Platform works',
    });
    await runLate((await updateOf('307')).id!, '307');
    expect(pairs((await alertOf(setDown.alertId))!)).toEqual([
      ['303', 'HWP'],
      ['305', 'HWP'],
    ]);
    expect(await errors()).toEqual([]);
    await lift(setDown.id);
  });

  it('a disruption over a line leaves its already cancelled train alone instead of being refused for it', async () => {
    const cancelled = await disruption(colleague, {
      select: { routeId: 'LOC', tripIds: ['305'] },
      action: { type: 'cancel' },
    });
    // Refused before: its alert would have said the cancelled 305 skips Hayward Park.
    const skip = await disruption(controller, {
      select: { routeId: 'LOC', from: '06:30', to: '08:00' },
      action: { type: 'skip_stop', stopId: 'HWP' },
      reason: 'Platform works',
    });
    expect(skip).toMatchObject({ count: 2, cancelledLeftOut: ['305'] });
    expect(texts((await alertOf(skip.alertId))!).join(' ')).not.toMatch(/\b305\b/);
    expect((await updateOf('305')).tripUpdate!.trip!.scheduleRelationship).toBe(
      rt.TripDescriptor.ScheduleRelationship.CANCELED,
    );
    expect(await errors()).toEqual([]);
    // Nothing else selected: said, not applied.
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: DATE,
        reason: 'Signal fault',
        select: { routeId: 'LOC', tripIds: ['305'] },
        action: { type: 'delay', minutes: 10 },
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { description: string }).description).toBe(
      'Train 305 is already cancelled: there is no running train to delay. Lift or change the cancellation first, or pick other trains.',
    );
    await lift(skip.id);
    await lift(cancelled.id);
    expect(await served('/feed/updates')).toEqual([]);
  });
});
