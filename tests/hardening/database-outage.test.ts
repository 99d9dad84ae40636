import { decodeFeedMessage } from '@feeddesk/proto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/databases.ts';
import type { HttpClient } from '../support/http-client.ts';
import { parsePrometheus, sampleValue } from '../support/prometheus.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { blockDatabase, dbFaults, pollUntil } from './helpers.ts';

/**
 * A dead database, on the app in this process, with its clock: while its database refuses connections
 * (ALLOW_CONNECTIONS false, every backend of it terminated) the feeds keep their content and the
 * stamp of their last confirmation, however far the clock moves; /readyz says 503; once it is back
 * the next poll is stamped afresh. (The real kill of the embedded PostgreSQL, the log, saves and the
 * restart: database-outage.heavy.test.ts.) Like faults.heavy.test.ts, on a shared PostgreSQL
 * (DATABASE_URL) only in CI or with FEEDDESK_DB_FAULTS=1 (dbFaults).
 */

type Poll = { status: number; stamp: number; etag: string | null; lastModified: string | null };

async function poll(client: HttpClient, path = '/feed/alerts'): Promise<Poll> {
  const res = await client.get(path);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    stamp: res.status === 200 ? Number(decodeFeedMessage(bytes).header.timestamp) : 0,
    etag: res.headers.get('etag'),
    lastModified: res.headers.get('last-modified'),
  };
}

describe.skipIf(!dbFaults)('feeds while the database cannot be reached', () => {
  let t: TestApp;
  let admin: postgres.Sql;
  let name: string;
  /** A 15 s slot an hour ahead of the real clock. */
  const base = Math.ceil(Date.now() / 15_000) * 15 + 3600;
  const at = (offset: number) => {
    t.clock.now = new Date((base + offset) * 1000);
  };
  const block = (blocked: boolean) => blockDatabase(admin, name, blocked);

  beforeAll(async () => {
    t = await startTestApp();
    name = new URL(t.db.url).pathname.slice(1);
    admin = postgres(testServer().url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await block(false).catch(() => {});
    await admin?.end();
    await t?.close();
  });

  it('keeps content, stamp, ETag and Last-Modified while unconfirmed, and re-stamps once confirmed', async () => {
    const anon = t.client();
    at(1);
    const before = await poll(anon);
    expect(before.stamp).toBe(base);
    for (const path of ['/feed/updates', '/feed/positions'] as const)
      expect((await poll(anon, path)).stamp).toBe(base);
    // The SIRI deliveries are made from the same snapshots (docs/rest-api.md "SIRI").
    const siri = async (service: string) => {
      const res = await anon.get(`/siri/${service}`);
      return {
        status: res.status,
        etag: res.headers.get('etag'),
        lastModified: res.headers.get('last-modified'),
        body: await res.text(),
      };
    };
    const siriBefore = await siri('situation-exchange');
    expect(siriBefore.status).toBe(200);
    expect(siriBefore.lastModified).toBe(before.lastModified);

    let resumed = 0;
    const offResume = t.deps.bus.onResume(() => {
      resumed++;
    });
    await block(true);
    await pollUntil(
      '/readyz 503',
      async () => ((await anon.get('/readyz')).status === 503 ? true : undefined),
      5_000,
    );
    // Two slots later: a feed known current would carry base + 30.
    at(31);
    expect(await poll(anon)).toEqual(before);
    at(47);
    expect(await poll(anon)).toEqual(before);
    expect((await poll(anon, '/feed/updates')).stamp).toBe(base);
    expect((await anon.get('/feed/alerts', { headers: { 'if-none-match': before.etag! } })).status).toBe(304);
    // SIRI keeps its last delivery too, with the feed's validators.
    expect(await siri('situation-exchange')).toEqual(siriBefore);
    expect(
      (await anon.get('/siri/situation-exchange', { headers: { 'if-none-match': siriBefore.etag! } })).status,
    ).toBe(304);
    const metrics = parsePrometheus(await (await anon.get('/metrics')).text());
    expect(
      sampleValue(metrics, 'feeddesk_feed_confirmed_age_seconds', { feed: 'alerts' }),
    ).toBeGreaterThanOrEqual(46);

    await block(false);
    await pollUntil(
      '/readyz 200',
      async () => ((await anon.get('/readyz')).status === 200 ? true : undefined),
      10_000,
    );
    // Its LISTEN connection is back (the followers were told to read again), and hears others.
    await pollUntil('the bus listening again', async () => (resumed > 0 ? true : undefined), 10_000);
    offResume();
    const heard: unknown[] = [];
    const offHeard = t.deps.bus.on('files_changed', (payload) => {
      heard.push(payload);
    });
    const other = postgres(t.db.url, { max: 1, onnotice: () => {} });
    await other`select pg_notify('files_changed', 'another-process after-outage')`;
    await other.end();
    await pollUntil('a notification after the outage', async () =>
      heard.includes('after-outage') ? true : undefined,
    );
    offHeard();
    const after = await pollUntil(
      'a fresh stamp',
      async () => {
        const p = await poll(anon);
        return p.stamp === base + 45 ? p : undefined;
      },
      10_000,
    );
    expect(after.etag).not.toBe(before.etag);
    const siriAfter = await siri('situation-exchange');
    expect(siriAfter.status).toBe(200);
    expect(siriAfter.lastModified).toBe(after.lastModified);
    const fresh = parsePrometheus(await (await anon.get('/metrics')).text());
    expect(sampleValue(fresh, 'feeddesk_feed_confirmed_age_seconds', { feed: 'alerts' })).toBeLessThan(5);
  });
});
