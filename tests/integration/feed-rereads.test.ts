import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
