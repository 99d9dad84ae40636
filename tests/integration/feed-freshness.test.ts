import { openDb } from '@feeddesk/drizzle';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/databases.ts';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * docs/rest-api.md "What every feed consumer gets", read with MobilityData's own bindings (not the
 * product's codec): header.timestamp fresh (≤ 30 s; the product re-stamps on a 15 s grid), never
 * decreasing, moved by every change; feed_version from the schedule; CORS on the public feeds.
 */
const { transit_realtime } = GtfsRealtimeBindings;
const FEEDS = ['/feed/updates', '/feed/alerts', '/feed/positions'] as const;

const seconds = (value: unknown) =>
  typeof value === 'number' ? value : (value as { toNumber(): number }).toNumber();

async function readFeed(client: HttpClient, path: string, headers: Record<string, string> = {}) {
  const res = await client.get(path, { headers: { 'accept-encoding': 'identity', ...headers } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const message = res.status === 200 ? transit_realtime.FeedMessage.decode(bytes) : null;
  return {
    res,
    bytes,
    message,
    stamp: message ? seconds(message.header.timestamp) : null,
    etag: res.headers.get('etag')!,
  };
}

describe('what every feed consumer gets', () => {
  let a: TestApp;
  let b: TestApp;
  let editor: HttpClient;
  /** A 15 s slot an hour ahead of the real clock, so every stamp of this file is later than real ones. */
  const base = Math.ceil(Date.now() / 15_000) * 15 + 3600;
  const at = (offset: number) => {
    a.clock.now = new Date((base + offset) * 1000);
    b.clock.now = a.clock.now;
  };

  beforeAll(async () => {
    const first = await openTestDatabase();
    a = await startTestApp({ database: first });
    // A second process on the same PostgreSQL: the gateway alone, with its own feed cache.
    const second = await openDb(first.url, { max: 3 });
    b = await startTestApp({
      database: { database: second, url: first.url, drop: () => second.close() },
      trpc: false,
    });
    editor = await a.clientWithRoles(['edit', 'gtfs']);
  });
  afterAll(async () => {
    await b?.close();
    await b?.db.drop();
    await a?.close();
    await a?.db.drop();
  });

  it('stamps every feed, empty ones too, with the current 15 s slot and no feed_version without a schedule', async () => {
    at(7);
    for (const path of FEEDS) {
      const { message, stamp, res } = await readFeed(a.client(), path);
      expect(res.headers.get('content-type')).toBe('application/x-protobuf');
      expect(message!.header.gtfsRealtimeVersion).toBe('2.0');
      expect(message!.header.incrementality).toBe(transit_realtime.FeedHeader.Incrementality.FULL_DATASET);
      expect(message!.entity).toEqual([]);
      expect(stamp, path).toBe(base);
      expect(message!.header.feedVersion, path).toBe('');
      expect(res.headers.get('last-modified')).toBe(new Date(base * 1000).toUTCString());
    }
  });

  it('re-stamps unchanged content every 15 s, never older than 15 s, with a 304 for the current stamp', async () => {
    at(20);
    const first = await readFeed(a.client(), '/feed/alerts');
    expect(first.stamp).toBe(base + 15);
    at(29);
    const same = await readFeed(a.client(), '/feed/alerts');
    expect(Buffer.from(same.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(same.etag).toBe(first.etag);
    const notModified = await readFeed(a.client(), '/feed/alerts', { 'if-none-match': first.etag });
    expect(notModified.res.status).toBe(304);
    const sinceStamp = await readFeed(a.client(), '/feed/alerts', {
      'if-modified-since': first.res.headers.get('last-modified')!,
    });
    expect(sinceStamp.res.status).toBe(304);

    at(30);
    const next = await readFeed(a.client(), '/feed/alerts', { 'if-none-match': first.etag });
    expect(next.res.status).toBe(200);
    expect(next.stamp).toBe(base + 30);
    expect(next.etag).not.toBe(first.etag);
    expect((await readFeed(a.client(), '/feed/alerts', { 'if-none-match': next.etag })).res.status).toBe(304);

    const stamps: number[] = [];
    for (let offset = 31; offset <= 120; offset += 4) {
      at(offset);
      const { stamp } = await readFeed(a.client(), '/feed/updates');
      expect(base + offset - stamp!).toBeGreaterThanOrEqual(0);
      expect(base + offset - stamp!).toBeLessThan(15);
      stamps.push(stamp!);
    }
    expect(stamps).toEqual([...stamps].sort((x, y) => x - y));
    expect(new Set(stamps).size).toBe(6);
  });

  it('gives the same stamp to the gzip and JSON forms', async () => {
    at(125);
    const plain = await readFeed(a.client(), '/feed/alerts');
    const zipped = await a.client().get('/feed/alerts', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    // fetch has undone the gzip already.
    const unzipped = transit_realtime.FeedMessage.decode(new Uint8Array(await zipped.arrayBuffer()));
    expect(seconds(unzipped.header.timestamp)).toBe(plain.stamp);
    const json = await (await a.client().get('/feed/alerts?format=json')).json();
    expect(json.header.timestamp).toBe(plain.stamp);
  });

  it('never goes back when the clock does', async () => {
    at(200);
    const later = (await readFeed(a.client(), '/feed/updates')).stamp!;
    at(140);
    expect((await readFeed(a.client(), '/feed/updates')).stamp).toBe(later);
  });

  it('serves feed_version from the current schedule on every feed, both processes', async () => {
    at(210);
    const upload = await uploadSchedule(editor, await demoWorkbook(), 'demo.xlsx');
    expect(upload.final.status).toBe('done');
    for (const app of [a, b]) {
      for (const path of FEEDS) {
        await waitFor(async () =>
          /^demo-1\+v\d+$/.test((await readFeed(app.client(), path)).message!.header.feedVersion ?? ''),
        );
      }
      const json = await (await app.client().get('/feed/updates?format=json')).json();
      // feed_info's feed_version with the version's number (docs/rest-api.md, `GET /feed/updates`).
      expect(json.header.feedVersion).toMatch(/^demo-1\+v\d+$/);
    }
  });

  it('moves the stamp with every change, also two in one second, on both processes alike', async () => {
    const routes = (await (await editor.get('/db/get_routes')).json()) as { route_id: string }[];
    const alert = (id: string) => ({
      id,
      alert: {
        informedEntity: [{ routeId: routes[0]!.route_id }],
        headerText: { translation: [{ text: `Notice ${id}`, language: 'en-ZA' }] },
      },
    });
    at(243);
    const before = await readFeed(a.client(), '/feed/alerts');
    expect(before.stamp).toBe(base + 240);
    expect((await postEntity(editor, '/feed/service_alert', alert('fresh-1'))).status).toBe(200);
    const one = await readFeed(a.client(), '/feed/alerts');
    expect(one.stamp).toBe(base + 243);
    expect((await postEntity(editor, '/feed/service_alert', alert('fresh-2'))).status).toBe(200);
    const two = await readFeed(a.client(), '/feed/alerts');
    expect(two.message!.entity.map((e) => e.id)).toEqual(['fresh-1', 'fresh-2']);
    expect(two.stamp).toBe(base + 244);

    // Process B hears of the change by NOTIFY and serves the content with a stamp no older.
    at(250);
    await waitFor(async () => (await readFeed(b.client(), '/feed/alerts')).message!.entity.length === 2);
    const onA = await readFeed(a.client(), '/feed/alerts');
    const onB = await readFeed(b.client(), '/feed/alerts');
    expect(onB.stamp).toBeGreaterThanOrEqual(base + 243);
    // Next slot: both processes stamp the same content alike, so their bytes and ETags agree.
    at(256);
    const slotA = await readFeed(a.client(), '/feed/alerts');
    const slotB = await readFeed(b.client(), '/feed/alerts');
    expect(slotA.stamp).toBe(base + 255);
    expect(slotB.etag).toBe(slotA.etag);
    expect(Buffer.from(slotB.bytes).equals(Buffer.from(slotA.bytes))).toBe(true);
    expect(onA.stamp).toBeGreaterThanOrEqual(two.stamp!);
  });

  it('lets any web page read the feeds and their validators (CORS), on 200, 304 and the preflight', async () => {
    at(260);
    for (const path of FEEDS) {
      const origin = { origin: 'https://planner.example' };
      const ok = await readFeed(a.client(), path, origin);
      const notModified = await readFeed(a.client(), path, { ...origin, 'if-none-match': ok.etag });
      expect(notModified.res.status).toBe(304);
      for (const { res } of [ok, notModified]) {
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(res.headers.get('access-control-expose-headers')).toBe('ETag, Last-Modified');
        expect(res.headers.get('etag')).toBe(ok.etag);
      }
      const preflight = await a.client().fetch(path, {
        method: 'OPTIONS',
        headers: {
          ...origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('If-None-Match, If-Modified-Since');
    }
    // The staff paths grant no other site anything.
    const staff = await editor.get('/db/get_routes', { headers: { origin: 'https://planner.example' } });
    expect(staff.headers.get('access-control-allow-origin')).toBeNull();
  });
});

/** Polls until `check` holds (a NOTIFY reaches the other process within milliseconds); fails after 5 s. */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
