import { feedEntities, feedLog } from '@feeddesk/drizzle';
import {
  decodeFeedEntity,
  encodeFeedEntity,
  encodeFeedMessage,
  type FeedEntity,
  feedEntityToJson,
} from '@feeddesk/proto';
import { invariantErrors } from '@feeddesk/server/consistency/keep-feed-invariants';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { eq } from 'drizzle-orm';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLiveFeeds } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const DATE = '20250923';

type Finding = { code: string; severity: string; entityIds: string[]; message: string };

/** The peninsula line without one train: a new timetable that drops it. */
function lineWithout(tripId: string) {
  const feed = peninsulaLine();
  for (const name of ['trips.txt', 'stop_times.txt']) {
    const table = feed.get(name)!;
    const column = table.header.indexOf('trip_id');
    table.rows = table.rows.filter((row) => row[column] !== tripId);
  }
  return feed;
}

/**
 * Every way the feed changes keeps the feed invariants (docs/contract-notes.md "Consistency findings"), not only the editors' saves:
 * removing the trains a new timetable dropped, bulk pushes. On a timetable in
 * America/Los_Angeles, served feeds read with MobilityData's bindings.
 */
describe('feed invariants on every path that changes the feed', () => {
  let t: TestApp;
  let controller: HttpClient;

  const store = (feed: ReturnType<typeof peninsulaLine>) =>
    storeScheduleVersion(t.deps, {
      feed,
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await store(peninsulaLine());
    await clearLiveFeeds(t);
    t.clock.now = pdt('06:00');
  });

  const call = async (type: 'query' | 'mutation', path: string, input?: unknown, status = 200) => {
    const res = await controller.trpc(type, path, input);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.result?.data ?? res.body.error;
  };
  const served = async (path: '/feed/updates' | '/feed/alerts') => {
    const res = await t.client().get(path);
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };
  const errors = async () =>
    ((await (await controller.get('/feed/consistency')).json()) as Finding[]).filter(
      (f) => f.severity === 'error',
    );

  /** Train 305 skips Hayward Park and riders are told ("Tell riders"): its own alert. */
  async function skipWithAlert() {
    const { draft } = await call('query', 'disruptions.tripAlert', {
      tripId: '305',
      startDate: DATE,
      cancelled: false,
      skippedStopIds: ['HWP'],
    });
    const saved = await call('mutation', 'disruptions.saveTripUpdateWithAlert', {
      entity: {
        tripUpdate: {
          trip: { tripId: '305', startDate: DATE },
          stopTimeUpdate: [{ stopSequence: 5, stopId: 'HWP', scheduleRelationship: 'SKIPPED' }],
        },
      },
      baseRevision: 0,
      alert: { publish: draft },
    });
    expect((await served('/feed/alerts')).map((e) => e.id)).toEqual([saved.alertId]);
    return saved as { id: string; alertId: string };
  }

  it('ends the own alerts of the trains a new timetable dropped when their updates are removed', async () => {
    await skipWithAlert();
    await store(lineWithout('305'));
    const removed = await call('mutation', 'consistency.removeNotInSchedule');
    expect(removed.deleted).toHaveLength(1);
    expect(await served('/feed/updates')).toEqual([]);
    expect(await served('/feed/alerts')).toEqual([]);
    expect(await errors()).toEqual([]);
  });

  /** A whole FeedMessage of trip updates, as a CAD system pushes its predictions. */
  const pushTripUpdates = (entities: FeedEntity[], body?: Uint8Array) =>
    controller.fetch('/feed/trip_updates', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Buffer.from(
        body ??
          encodeFeedMessage({
            header: { gtfsRealtimeVersion: '2.0', timestamp: Math.floor(t.clock.now!.getTime() / 1000) },
            entity: entities,
          }),
      ),
    });
  const delayAt = (id: string, tripId: string, stopSequence: number, stopId: string, delay: number) => ({
    id,
    tripUpdate: {
      trip: { tripId, startDate: DATE },
      stopTimeUpdate: [{ stopSequence, stopId, arrival: { delay }, departure: { delay } }],
    },
  });

  it('refuses a bulk push whole (422, nothing saved) when one train of it contradicts a live alert', async () => {
    // The controller closed Hayward Park to train 305 with a disruption, riders told.
    const skip = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: DATE,
        select: { tripIds: ['305'] },
        action: { type: 'skip_stop', stopId: 'HWP' },
        reason: 'Platform works',
        alert: true,
      }),
    });
    expect(skip.status).toBe(200);
    const { alertId } = await skip.json();
    const before = await served('/feed/updates');
    const logged = (await t.deps.db.select().from(feedLog)).length;

    // The CAD system knows nothing of it: 303 runs 4 min late, 305 3 min late and stopping everywhere.
    const res = await pushTripUpdates([
      delayAt('cad-303', '303', 3, 'MHL', 240),
      delayAt('305-20250923', '305', 2, 'SMN', 180),
    ]);
    expect(res.status).toBe(422);
    const body = await res.json();
    const sentence = `Alert ${alertId} says trains do not stop, but train 305 (${DATE}) stops at HWP again; end the alert or draft it again.`;
    expect(body).toMatchObject({
      code: 422,
      description: sentence,
      details: { notices: [{ code: 'skipped_stop_alert_outlived', severity: 'error', entityId: alertId }] },
    });
    // Nothing of the message was saved, 303's good update neither; the alert and skip still served.
    expect(await served('/feed/updates')).toEqual(before);
    expect((await t.deps.db.select().from(feedEntities)).map((e) => e.id).sort()).toEqual(
      ['305-20250923', alertId].sort(),
    );
    expect((await t.deps.db.select().from(feedLog)).length).toBe(logged);
    expect(await errors()).toEqual([]);

    // Without the contradicting train the push is saved, each bad entity listed as before.
    const ok = await pushTripUpdates([
      delayAt('cad-303', '303', 3, 'MHL', 240),
      delayAt('cad-bad', '303', 9, 'NOPE', 60),
    ]);
    expect(ok.status).toBe(200);
    const answer = await ok.json();
    expect(answer.saved).toBe(1);
    expect(answer.rejected.map((r: { id: string }) => r.id)).toEqual(['cad-bad']);
    expect((await served('/feed/updates')).map((e) => e.id).sort()).toEqual(['305-20250923', 'cad-303']);
    expect(await errors()).toEqual([]);
  });

  it('keeps one update per train run: another id for a held run is refused by itself, the rest saved', async () => {
    const { id } = await skipWithAlert();
    const alerts = await served('/feed/alerts');
    // A CAD system pushes under ids of its own, 305 among them, and names 303 twice.
    const res = await pushTripUpdates([
      delayAt('cad-305', '305', 2, 'SMN', 180),
      delayAt('cad-303', '303', 3, 'MHL', 240),
      delayAt('cad-303-again', '303', 3, 'MHL', 300),
    ]);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer.saved).toBe(1);
    expect(answer.rejected).toEqual([
      {
        id: 'cad-305',
        notices: [
          {
            code: 'trip_run_updated_twice',
            severity: 'error',
            entityId: 'cad-305',
            field: 'id',
            message: `Train 305 (${DATE}) already has a live trip update, ${id}: send this one with id ${id} to change it, or delete ${id} first.`,
          },
        ],
      },
      {
        id: 'cad-303-again',
        notices: [
          expect.objectContaining({
            code: 'trip_run_updated_twice',
            message: `Train 303 (${DATE}) already has a live trip update, cad-303: send this one with id cad-303 to change it, or delete cad-303 first.`,
          }),
        ],
      },
    ]);
    // One update per train is served; 305 still skips Hayward Park, as its alert says.
    const updates = await served('/feed/updates');
    expect(updates.map((e) => e.tripUpdate!.trip!.tripId).sort()).toEqual(['303', '305']);
    expect(updates.find((e) => e.id === id)!.tripUpdate!.stopTimeUpdate!.map((u) => u.stopId)).toEqual([
      'HWP',
    ]);
    expect(await served('/feed/alerts')).toEqual(alerts);
    expect(await errors()).toEqual([]);

    // A single save under another id is refused the same way; under the run's id it changes the train.
    const saveOne = (entity: FeedEntity) =>
      controller.fetch('/feed/trip_update', {
        method: 'POST',
        headers: { 'content-type': 'application/x-protobuf' },
        body: Buffer.from(encodeFeedEntity(entity)),
      });
    const other = await saveOne(delayAt('mine-303', '303', 3, 'MHL', 60));
    expect(other.status).toBe(422);
    expect((await other.json()).details.notices[0].code).toBe('trip_run_updated_twice');
    expect((await saveOne(delayAt('cad-303', '303', 3, 'MHL', 60))).status).toBe(200);
    // A run of another date is another run.
    const tomorrow = delayAt('cad-303-tomorrow', '303', 3, 'MHL', 60);
    tomorrow.tripUpdate.trip.startDate = '20250924';
    expect((await pushTripUpdates([tomorrow])).status).toBe(200);
    expect(await errors()).toEqual([]);
  });

  it('finds, and refuses to add to, two updates of one run written past the saves', async () => {
    await pushTripUpdates([delayAt('cad-303', '303', 3, 'MHL', 240)]);
    // As a concurrent save from another process could leave it: a second row for the same run.
    const [row] = await t.deps.db.select().from(feedEntities);
    const pb = encodeFeedEntity({ ...decodeFeedEntity(row!.pb), id: 'cad-303-b' });
    await t.deps.db.insert(feedEntities).values({ ...row!, id: 'cad-303-b', pb: Buffer.from(pb) });
    const found = await errors();
    expect(found.map((f) => [f.code, f.entityIds])).toEqual([
      ['trip_run_updated_twice', ['cad-303', 'cad-303-b']],
    ]);
    // The check every save runs reads both rows too.
    expect((await invariantErrors(t.deps)).map((f) => [f.code, f.entityIds])).toEqual([
      ['trip_run_updated_twice', ['cad-303', 'cad-303-b']],
    ]);
    // An unrelated change still goes through: only what a change adds is refused.
    expect((await pushTripUpdates([delayAt('cad-305', '305', 2, 'SMN', 60)])).status).toBe(200);
  });

  it("a save's own invariant check finds every error of rows written past the saves, as the whole-feed check does", async () => {
    // Train 305's own alert, its text edited to name train 307 too (which runs), about the train
    // alone; train 303 cancelled yet still carrying a stop time update: as a concurrent writer or
    // an older release could leave them.
    const { alertId } = await skipWithAlert();
    const rewrite = async (kind: string, entity: FeedEntity) => {
      const values = { pb: Buffer.from(encodeFeedEntity(entity)), json: feedEntityToJson(entity) };
      const [row] = await t.deps.db.select().from(feedEntities).where(eq(feedEntities.id, entity.id!));
      if (row) await t.deps.db.update(feedEntities).set(values).where(eq(feedEntities.id, entity.id!));
      else
        await t.deps.db.insert(feedEntities).values({
          ...values,
          kind,
          id: entity.id!,
          tripId: entity.tripUpdate?.trip.tripId ?? null,
          createdAt: t.clock.now!,
          updatedAt: t.clock.now!,
        });
    };
    const [alertRow] = await t.deps.db.select().from(feedEntities).where(eq(feedEntities.id, alertId));
    const alert = decodeFeedEntity(alertRow!.pb);
    alert.alert!.informedEntity = [{ trip: { tripId: '305', startDate: DATE } }];
    alert.alert!.headerText = {
      translation: [{ text: 'Trains 305 and 307 do not stop at Hayward Park', language: 'en' }],
    };
    await rewrite('alert', alert);
    const cancelled = delayAt('cad-303', '303', 3, 'MHL', 240);
    cancelled.tripUpdate.trip = { ...cancelled.tripUpdate.trip, scheduleRelationship: 3 } as never;
    await rewrite('trip_update', cancelled);
    const pairs = (found: Finding[]) => found.map((f) => `${f.code} ${f.entityIds.join(' ')}`).sort();
    const whole = pairs(await errors());
    // About the whole train with NO_SERVICE, the rewritten alert also says 305 (running) does not run.
    expect(whole).toEqual([
      `alert_trips_not_linked ${alertId}`,
      `cancellation_alert_outlived ${alertId}`,
      'cancelled_trip_with_stop_times cad-303',
    ]);
    expect(pairs(await invariantErrors(t.deps))).toEqual(whole);
  });

  it('refuses hostile bulk bodies with a sentence and keeps serving', async () => {
    const garbage = await pushTripUpdates([], new Uint8Array([0xff, 0x00, 0x12]));
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).description).toMatch(/^The body is not a valid FeedMessage: /);
    const alertInside = await pushTripUpdates([
      { id: 'a-1', alert: { informedEntity: [{ routeId: 'LOC' }] } } as FeedEntity,
    ]);
    expect(alertInside.status).toBe(200);
    expect((await alertInside.json()).rejected).toEqual([
      {
        id: 'a-1',
        notices: [
          {
            code: 'bad_request',
            severity: 'error',
            entityId: 'a-1',
            field: '',
            message:
              'This call takes a trip update, but the entity holds an alert. Send it to POST /feed/service_alert.',
          },
        ],
      },
    ]);
    expect(await served('/feed/updates')).toEqual([]);
    expect((await t.client().get('/readyz')).status).toBe(200);
  });

  it('lists in the disruption preview the refusals its apply would get, with the same sentence, saving nothing', async () => {
    const apply = (alert: unknown, dryRun: boolean) =>
      controller.fetch('/feed/disruptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          serviceDate: DATE,
          select: { routeId: 'LOC', tripIds: ['303', '307'] },
          action: { type: 'cancel' },
          reason: dryRun ? '' : 'No crew',
          alert,
          dryRun,
        }),
      });
    // The text was written before 301 and 305 were unticked.
    const stale = { headerText: { en: 'Local: trains 301, 303, 305, 307 cancelled' } };
    // Earlier cases of this file leave their disruptions listed (lifted or not): count, not zero.
    const disruptionsBefore = (await controller.get('/feed/disruptions').then((r) => r.json())).length;
    const preview = await apply(stale, true);
    expect(preview.status).toBe(200);
    const planned = await preview.json();
    expect(planned).toMatchObject({ id: null, alertId: null, count: 2 });
    const sentence =
      /^Alert disruption-[\w-]+ names trains 301, 305 in its text, but disruption [\w-]+ changes trains 303, 307; name exactly those trains \(draft the alert again\)\.$/;
    expect(planned.refusals).toHaveLength(1);
    expect(planned.refusals[0]).toMatchObject({ code: 'alert_trips_not_linked', severity: 'error' });
    expect(planned.refusals[0].message).toMatch(sentence);
    // The preview saved nothing and announced nothing.
    expect(await served('/feed/updates')).toEqual([]);
    expect(await served('/feed/alerts')).toEqual([]);
    expect((await controller.get('/feed/disruptions').then((r) => r.json())).length).toBe(disruptionsBefore);

    const refused = await apply(stale, false);
    expect(refused.status).toBe(422);
    const { description } = await refused.json();
    // The same sentence but for the ids the apply drew.
    const words = (text: string) => text.replace(/[0-9a-f]{8}-[\w-]+/g, 'ID');
    expect(words(description)).toBe(words(planned.refusals[0].message));

    const good = await apply({ headerText: { en: 'Local: trains 303, 307 cancelled' } }, true);
    expect((await good.json()).refusals).toEqual([]);
    expect(await served('/feed/updates')).toEqual([]);
  });
});
