import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { decodeFeedMessage } from '@feeddesk/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearLiveFeeds, getFeed, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe('the realtime feed', () => {
  let t: TestApp;
  let editor: HttpClient;
  let tripId: string;
  let stops: { stopSequence: number; stopId: string }[];

  beforeAll(async () => {
    t = await startTestApp();
    const planner = await t.clientWithRoles(['gtfs', 'view']);
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    editor = await t.clientWithRoles(['edit'], 'controller');
    const trips = (await (await editor.get('/db/get_trips?service=WD')).json()) as { trip_id: string }[];
    tripId = trips[0]!.trip_id;
    stops = await (await editor.get(`/db/get_stop_times_trip?tripid=${encodeURIComponent(tripId)}`)).json();
  });
  afterAll(() => t?.close());

  const delayed = (id: string, delaySecs: number) => ({
    id,
    tripUpdate: {
      trip: { tripId },
      stopTimeUpdate: [
        { stopSequence: stops[1]!.stopSequence, stopId: stops[1]!.stopId, arrival: { delay: delaySecs } },
        { stopSequence: stops[2]!.stopSequence, stopId: stops[2]!.stopId, scheduleRelationship: 1 },
      ],
    },
  });

  it('saves a trip update posted as protobuf and serves it in GET /feed/updates', async () => {
    const res = await postEntity(editor, '/feed/trip_update', delayed('tu-1', 300));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: 'tu-1',
      message: '✅ Sucessfully saved Trip Update',
      warnings: [],
      state: 'published',
    });
    const feed = await getFeed(t.client(), '/feed/updates');
    expect(feed.header.gtfsRealtimeVersion).toBe('2.0');
    expect(feed.header.incrementality).toBe(0);
    const entity = feed.entity.find((e) => e.id === 'tu-1')!;
    expect(entity.tripUpdate!.trip.tripId).toBe(tripId);
    expect(entity.tripUpdate!.trip.startDate).toMatch(/^\d{8}$/);
    expect(entity.tripUpdate!.stopTimeUpdate![0]!.arrival!.delay).toBe(300);
    expect(entity.tripUpdate!.stopTimeUpdate![1]!.scheduleRelationship).toBe(1);
  });

  it('answers 304 to If-None-Match and If-Modified-Since, gzip when asked, and readable JSON', async () => {
    // Held still: a new 15 s slot between the two requests re-stamps the feed (feed-freshness.test.ts).
    t.clock.now = new Date();
    const first = await t.client().get('/feed/updates');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(first.headers.get('content-type')).toBe('application/x-protobuf');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const notModified = await t.client().get('/feed/updates', { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    // The validators and CORS headers; the stored 200's security headers stay in force.
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('last-modified')).toBe(lastModified);
    expect(notModified.headers.get('access-control-allow-origin')).toBe('*');
    expect(notModified.headers.get('content-security-policy')).toBeNull();
    expect(
      (await t.client().get('/feed/updates', { headers: { 'if-modified-since': lastModified } })).status,
    ).toBe(304);
    const plain = Buffer.from(await first.arrayBuffer());
    const zipped = await rawGet(`${t.url}/feed/updates`, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(plain)).toBe(true);
    const json = await (await t.client().get('/feed/updates?format=json')).json();
    expect(json.header.gtfsRealtimeVersion).toBe('2.0');
    expect(json.entity.map((e: { id: string }) => e.id)).toContain('tu-1');
    t.clock.now = null;
  });

  it('changes the ETag and moves the header timestamp forward after an edit, keeping the id', async () => {
    const before = await t.client().get('/feed/updates');
    const beforeFeed = decodeFeedMessage(new Uint8Array(await before.arrayBuffer()));
    await postEntity(editor, '/feed/trip_update', delayed('tu-1', 600));
    const after = await t.client().get('/feed/updates');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const feed = decodeFeedMessage(new Uint8Array(await after.arrayBuffer()));
    expect(Number(feed.header.timestamp)).toBeGreaterThanOrEqual(Number(beforeFeed.header.timestamp));
    expect(feed.entity.filter((e) => e.id === 'tu-1')).toHaveLength(1);
    expect(feed.entity.find((e) => e.id === 'tu-1')!.tripUpdate!.stopTimeUpdate![0]!.arrival!.delay).toBe(
      600,
    );
  });

  it('refuses entities that break the rules with 422 and the list of notices, storing nothing', async () => {
    const res = await postEntity(editor, '/feed/trip_update', {
      id: 'bad-1',
      tripUpdate: {
        trip: { tripId: 'NO-SUCH-TRIP' },
        stopTimeUpdate: [{ stopSequence: 0, arrival: { delay: 60 } }],
      },
    });
    expect(res.status).toBe(422);
    const sentence =
      'Trip NO-SUCH-TRIP is not in the schedule; pick a scheduled trip or load the schedule that has it.';
    expect(await res.json()).toEqual({
      code: 422,
      error: 'Entity fails the feed rules',
      description: sentence,
      details: {
        notices: [
          {
            code: 'E003',
            severity: 'error',
            entityId: 'bad-1',
            field: 'trip_update.trip.trip_id',
            message: sentence,
            value: 'NO-SUCH-TRIP',
          },
        ],
      },
    });
    const feed = await getFeed(t.client(), '/feed/updates');
    expect(feed.entity.map((e) => e.id)).not.toContain('bad-1');
  });

  it('refuses garbage, wrong content types, wrong kinds, and writes without the edit role', async () => {
    const garbage = await editor.fetch('/feed/trip_update', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Buffer.from('not valid pb data'),
    });
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).description).toMatch(/not a valid FeedEntity/);
    const json = await editor.fetch('/feed/trip_update', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const alertToTrips = await postEntity(editor, '/feed/trip_update', {
      id: 'a',
      alert: { informedEntity: [{ routeId: 'x' }] },
    });
    expect(alertToTrips.status).toBe(400);
    expect((await alertToTrips.json()).description).toMatch(/POST \/feed\/service_alert/);
    const missingTrip = await editor.fetch('/feed/trip_update', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Buffer.from([0x0a, 0x01, 0x78, 0x1a, 0x00]),
    });
    expect(missingTrip.status).toBe(400);
    expect((await missingTrip.json()).description).toMatch(/missing required 'trip'/);
    const viewer = await t.clientWithRoles(['view']);
    expect((await postEntity(viewer, '/feed/trip_update', delayed('x', 60))).status).toBe(403);
    expect((await postEntity(t.client(), '/feed/trip_update', delayed('x', 60))).status).toBe(401);
    const huge = await editor.fetch('/feed/trip_update', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Buffer.alloc(1024 * 1024 + 10),
    });
    expect(huge.status).toBe(413);
  });

  it('saves an alert in several languages and lists it as active through tRPC', async () => {
    const routes = (await (await editor.get('/db/get_routes')).json()) as { route_id: string }[];
    const now = Math.floor(Date.now() / 1000);
    const saved = await editor.trpc('mutation', 'feed.saveAlert', {
      entity: {
        alert: {
          activePeriod: [{ start: now - 60, end: now + 3600 }],
          informedEntity: [{ routeId: routes[0]!.route_id }],
          cause: 'STRIKE',
          effect: 'REDUCED_SERVICE',
          headerText: {
            translation: [
              { text: 'Strike', language: 'en-ZA' },
              { text: 'Staking', language: 'af-ZA' },
            ],
          },
          descriptionText: { translation: [{ text: 'Trains every 30 minutes.', language: 'en-ZA' }] },
          url: { translation: [{ text: 'https://example.co.za/strike', language: 'en-ZA' }] },
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.message).toBe(' ✅ Successfully saved Alert!');
    const list = (await editor.trpc('query', 'feed.list', { kind: 'alert' })).body.result.data as {
      id: string;
      state: string;
      entity: { alert: { cause: string } };
    }[];
    const mine = list.find((a) => a.id === saved.body.result.data.id)!;
    expect(mine.state).toBe('active');
    expect(mine.entity.alert.cause).toBe('STRIKE');
    const feed = await getFeed(t.client(), '/feed/alerts');
    const alert = feed.entity.find((e) => e.id === mine.id)!.alert!;
    expect(alert.headerText!.translation!.map((tr) => tr.language)).toEqual(['en-ZA', 'af-ZA']);
  });

  it('refuses an alert without informed entity (E032)', async () => {
    const res = await postEntity(editor, '/feed/service_alert', {
      id: 'al-bad',
      // Well formed but for E032, so the linter's warnings stay out of the answer.
      alert: {
        informedEntity: [],
        activePeriod: [{ start: Math.floor(Date.now() / 1000) }],
        cause: 3, // TECHNICAL_PROBLEM
        effect: 3, // SIGNIFICANT_DELAYS
        headerText: { translation: [{ language: 'en-ZA', text: 'Delays' }] },
      },
    });
    expect(res.status).toBe(422);
    const sentence = 'The alert has no informed entity; add the route, trip or stop it is about.';
    expect(await res.json()).toEqual({
      code: 422,
      error: 'Entity fails the feed rules',
      description: sentence,
      details: {
        notices: [
          {
            code: 'E032',
            severity: 'error',
            entityId: 'al-bad',
            field: 'alert.informed_entity',
            message: sentence,
          },
        ],
      },
    });
  });

  it('deletes with a log entry, or with its history when deleteFromLog is set', async () => {
    // One update per train run: the train's earlier update (tu-1) goes first.
    await clearLiveFeeds(t);
    const saved = await postEntity(editor, '/feed/trip_update', delayed('tu-del', 120), {
      LogEntity: 'false',
    });
    expect(saved.status).toBe(200);
    const res = await editor.fetch('/feed/updates/delete_feed_entity', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entity_id: 'tu-del' }),
    });
    expect(await res.json()).toEqual({ message: 'Successfully deleted.' });
    const again = await editor.fetch('/feed/updates/delete_feed_entity', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entity_id: 'tu-del' }),
    });
    expect(again.status).toBe(404);
    const { feedLog } = await import('@feeddesk/drizzle');
    const { eq } = await import('drizzle-orm');
    const log = await t.deps.db.select().from(feedLog).where(eq(feedLog.entityId, 'tu-del'));
    expect(log.map((r) => r.action)).toEqual(['delete']);

    expect((await postEntity(editor, '/feed/trip_update', delayed('tu-gone', 120))).status).toBe(200);
    await editor.trpc('mutation', 'feed.delete', { kind: 'trip_update', id: 'tu-gone', deleteFromLog: true });
    // Out of the history (content erased); the rows stay as the audit trail's record.
    const gone = await t.deps.db.select().from(feedLog).where(eq(feedLog.entityId, 'tu-gone'));
    expect(gone.map((r) => [r.action, r.json, r.erasedAt !== null])).toEqual([['save', null, true]]);
    const tu1 = await t.deps.db.select().from(feedLog).where(eq(feedLog.entityId, 'tu-1'));
    expect(tu1.map((r) => [r.action, r.by])).toEqual([
      ['save', 'controller'],
      ['save', 'controller'],
    ]);
  });

  it('expires a trip update an hour after its last arrival, keeping its history', async () => {
    const { expireFeedEntities } = await import('@feeddesk/server/feed/expire-feed-entities');
    await clearLiveFeeds(t);
    expect((await postEntity(editor, '/feed/trip_update', delayed('tu-exp', 60))).status).toBe(200);
    expect((await getFeed(t.client(), '/feed/updates')).entity.map((e) => e.id)).toEqual(['tu-exp']);
    t.clock.now = new Date(Date.now() + 3 * 86_400_000);
    expect(await expireFeedEntities(t.deps)).toBeGreaterThan(0);
    t.clock.now = null;
    const feed = await getFeed(t.client(), '/feed/updates');
    expect(feed.entity.map((e) => e.id)).not.toContain('tu-exp');
  });

  it('warns when a save is already over (a past date typed): saved, but leaving the feed within seconds', async () => {
    t.clock.now = new Date('2025-09-23T01:00:00Z'); // a Tuesday, 03:00 in Cape Town, before the first train
    try {
      const lastWeek = delayed('tu-last-week', 120);
      lastWeek.tripUpdate.trip = { tripId, startDate: '20250916' } as typeof lastWeek.tripUpdate.trip;
      const res = await postEntity(editor, '/feed/trip_update', lastWeek);
      expect(res.status).toBe(200);
      const { warnings } = (await res.json()) as { warnings: { code: string; message: string }[] };
      expect(warnings).toEqual([
        expect.objectContaining({
          code: 'entity_already_over',
          message: expect.stringMatching(
            /^Its train finished .* it was saved, and leaves the feed within seconds\. Check the date\.$/,
          ),
        }),
      ]);
      // Today's run of the same train, about to start, is not over.
      const today = await postEntity(editor, '/feed/trip_update', delayed('tu-today', 120));
      expect(((await today.json()) as { warnings: unknown[] }).warnings).toEqual([]);
    } finally {
      t.clock.now = null;
    }
  });
});

/** A GET whose body is left as sent (fetch would decompress gzip itself). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
