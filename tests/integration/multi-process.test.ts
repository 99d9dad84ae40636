import { openDb } from '@feeddesk/drizzle';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/databases.ts';
import { getFeed, postEntity } from '../support/feed.ts';
import { followOverSocket } from '../support/live.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { RawTrpcSocket } from '../support/trpc-ws.ts';

/**
 * Two app instances on one PostgreSQL, each with its own connection pool, bus and feed cache:
 * A the whole product, B the gateway alone (as gateway/src/main.ts runs it).
 */
describe('two processes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const first = await openTestDatabase();
    a = await startTestApp({ database: first });
    const second = await openDb(first.url, { max: 5 });
    b = await startTestApp({
      database: { database: second, url: first.url, drop: () => second.close() },
      trpc: false,
    });
  });
  afterAll(async () => {
    await b?.close();
    await b?.db.drop();
    await a?.close();
    await a?.db.drop();
  });

  it('serves on one process what was saved on the other, and shares sessions and schedules', async () => {
    const planner = await a.clientWithRoles(['gtfs', 'edit']);
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    const onB = b.client();
    for (const [name, cookie] of planner.cookies) onB.cookies.set(name, cookie);
    const trips = (await (await onB.get('/db/get_trips?service=WD')).json()) as { trip_id: string }[];
    expect(trips.length).toBeGreaterThan(0);

    expect((await onB.get('/trpc/auth.me')).status).toBe(404);
    const before = await getFeed(b.client(), '/feed/updates');
    expect(before.entity).toHaveLength(0);
    const res = await postEntity(planner, '/feed/trip_update', {
      id: 'cross',
      tripUpdate: { trip: { tripId: trips[0]!.trip_id, scheduleRelationship: 3 } },
    });
    expect(res.status).toBe(200);
    let seen = false;
    for (let i = 0; i < 100 && !seen; i++) {
      seen = (await getFeed(b.client(), '/feed/updates')).entity.some((e) => e.id === 'cross');
      if (!seen) await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe(true);
  });

  it('delivers a job started on one process to a live connection on the other', async () => {
    const planner = await a.clientWithRoles(['gtfs']);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await demoWorkbook())]), 'demo.xlsx');
    const jobId = await (await planner.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form })).text();
    const messages = await followOverSocket(b.url, planner.cookieHeader, jobId, 'event');
    expect(messages.at(-1)!.status).toBe('done');
  });

  it('closes the sockets of a session on both processes when it ends on one', async () => {
    const user = await a.clientWithRoles(['view', 'gtfs']);
    const trpcOnA = new RawTrpcSocket(a.url, { cookie: user.cookieHeader });
    await trpcOnA.opened;
    expect(await trpcOnA.call('subscription', 'feed.onChange')).toEqual({ ok: true });
    const liveOnB = io(b.url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { cookie: user.cookieHeader },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      liveOnB.once('connect', () => resolve());
      liveOnB.once('connect_error', reject);
    });
    const liveClosed = new Promise<void>((resolve) => liveOnB.on('disconnect', () => resolve()));
    // Logout through process B's REST gateway.
    const onB = b.client();
    for (const [name, cookie] of user.cookies) onB.cookies.set(name, cookie);
    expect((await onB.get('/auth/logout')).status).toBe(200);
    expect(await trpcOnA.closed).toBe(4001);
    await liveClosed;
  });
});
