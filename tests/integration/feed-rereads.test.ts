import { decodeFeedMessage } from '@feeddesk/proto';
import { FeedCache } from '@feeddesk/server/feed/feed-cache';
import type { FeedSnapshot } from '@feeddesk/server/feed/feed-snapshot';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * server/src/feed/feed-cache.ts: a changed feed is re-read at once, and polls meanwhile get the
 * last snapshot rather than waiting on the database; a change published by this process is
 * announced (and the save answered) only once the feed holds it.
 */
describe('polls while a changed feed is re-read', () => {
  let t: TestApp;
  let sql: postgres.Sql;
  beforeAll(async () => {
    t = await startTestApp();
    sql = postgres(t.db.url, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end();
    await t?.close();
  });

  /** Until the product's re-read waits on the lock the test holds. */
  async function rereadWaiting(): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const [row] = await sql`
        select count(*)::int as waiting from pg_locks l join pg_class c on c.oid = l.relation
        where c.relname = 'feed_entities' and not l.granted`;
      if (row!.waiting > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the feed was not re-read');
  }

  it('answer polls with the last snapshot while the re-read waits, and hold the publisher until it is done', async () => {
    const first = await fetch(`${t.url}/feed/updates`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    const body = Buffer.from(await first.arrayBuffer());

    // The re-read cannot finish while this transaction holds the table.
    let release!: () => void;
    const released = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const lockHeld = new Promise<void>((r) => {
      locked = r;
    });
    const holding = sql.begin(async (tx) => {
      await tx`lock table feed_entities in access exclusive mode`;
      locked();
      await released;
    });
    await lockHeld;
    // Another process's change (its NOTIFY): this one re-reads without anyone waiting for it.
    await sql`select pg_notify('feed_changed', 'another-process trip_update')`;
    await rereadWaiting();

    const during = await fetch(`${t.url}/feed/updates`, { signal: AbortSignal.timeout(5_000) });
    expect(during.status).toBe(200);
    expect(during.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await during.arrayBuffer()).equals(body)).toBe(true);

    // A change of this process: its publisher waits for the re-read, polls still do not.
    let published = false;
    const publishing = t.deps.bus.publish('feed_changed', 'trip_update').then(() => {
      published = true;
    });
    const again = await fetch(`${t.url}/feed/updates`, { signal: AbortSignal.timeout(5_000) });
    expect(again.status).toBe(200);
    expect(published).toBe(false);

    release();
    await holding;
    await publishing;
    expect(published).toBe(true);
    expect((await fetch(`${t.url}/feed/updates`)).status).toBe(200);
  });
});

/**
 * A save's re-read can fail (a connection the database just dropped after a restart: seen once in
 * CI, tests/hardening/database-outage.heavy.test.ts), and reads can finish out of order. Whoever
 * saved must still read it: the cache tries a failed re-read again, and never serves an older read
 * over a newer one. The cache under test is the product's own class over the product's database,
 * with one read made to fail or to wait.
 */
describe('a re-read that fails or finishes late', () => {
  let t: TestApp;
  let planner: HttpClient;
  /** What the next content read (db.execute) does instead of reading at once. */
  let nextRead: 'fail' | Promise<void> | undefined;
  let cache: FeedCache;

  const alertIds = (snapshot: FeedSnapshot | undefined) =>
    snapshot ? decodeFeedMessage(new Uint8Array(snapshot.bytes)).entity.map((e) => e.id) : undefined;
  const saveAlert = async (id: string) => {
    const entity = {
      id,
      alert: {
        informedEntity: [{ routeId: 'STH' }],
        headerText: { translation: [{ text: `Alert ${id}`, language: 'en-ZA' }] },
      },
    };
    expect((await postEntity(planner, '/feed/service_alert', entity)).status).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp();
    planner = await t.clientWithRoles(['gtfs', 'view', 'edit'], 'planner');
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    const db = t.deps.db;
    const execute = (...args: Parameters<typeof db.execute>) => {
      const what = nextRead;
      nextRead = undefined;
      if (what === 'fail') return Promise.reject(new Error('Connection terminated unexpectedly'));
      if (what) return what.then(() => db.execute(...args));
      return db.execute(...args);
    };
    const flaky = new Proxy(db, {
      get: (target, prop) => (prop === 'execute' ? execute : Reflect.get(target, prop, target)),
    });
    cache = new FeedCache({ ...t.deps, db: flaky });
    expect(alertIds(await cache.get('alert'))).toEqual([]);
  });
  afterAll(() => t?.close());

  it('tries a failed re-read again, so the feed holds the save as soon as the re-read is done', async () => {
    await saveAlert('saved-then-read-failed');
    nextRead = 'fail';
    await cache.invalidate('alert');
    expect(nextRead).toBeUndefined();
    expect(alertIds(cache.peek('alert'))).toEqual(['saved-then-read-failed']);
  });

  it('keeps the newer read when an older one finishes after it', async () => {
    let release!: () => void;
    nextRead = new Promise<void>((r) => {
      release = r;
    });
    const older = cache.invalidate('alert');
    // A poll due the content waits on the older read.
    const poll = cache.get('alert');
    await saveAlert('saved-during-older-read');
    await cache.invalidate('alert');
    release();
    await older;
    expect(alertIds(await poll)).toContain('saved-during-older-read');
    expect(alertIds(cache.peek('alert'))).toContain('saved-during-older-read');
  });
});
