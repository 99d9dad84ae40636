import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/databases.ts';
import { getFeed, postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import type { LiveMessage } from '../support/live.ts';
import { ADMIN, startTestApp } from '../support/test-app.ts';
import { dbFaults, expectNoLeak, pollUntil, timetableZip } from './helpers.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Faults (heavy: real child processes, about a minute). The product process is killed with
 * SIGKILL during a schedule import, during saves and during a summary, then restarted on the same
 * DATA_DIR (its embedded PostgreSQL stops with it and starts again with the next process): the previous schedule serves, no half entity exists, jobs that were running end
 * failed with a message, nothing saved before is lost.
 */

/** Follows a job over /ws until its final message, or fails after `timeoutMs` with what came. */
function followJob(
  url: string,
  cookie: string,
  room: string,
  event: 'event' | 'finished',
  timeoutMs = 30_000,
) {
  return new Promise<LiveMessage[]>((resolve, reject) => {
    const socket = io(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    const messages: LiveMessage[] = [];
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`job ${room} did not end in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
    }, timeoutMs);
    socket.on('connect', () => socket.emit('join-room', { room }));
    socket.on('connect_error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.on(event, (m: LiveMessage) => {
      messages.push(m);
      if (m.status !== 'working') {
        clearTimeout(timer);
        socket.close();
        resolve(messages);
      }
    });
  });
}

/** Calls `onMessage` for each message of a job as it comes; resolves when `until` says so. */
function watchJob(url: string, cookie: string, room: string, until: (m: LiveMessage) => boolean) {
  return new Promise<LiveMessage>((resolve, reject) => {
    const socket = io(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`job ${room}: no awaited message in 90 s`));
    }, 90_000);
    socket.on('connect', () => socket.emit('join-room', { room }));
    socket.on('event', (m: LiveMessage) => {
      if (until(m) || m.status !== 'working') {
        clearTimeout(timer);
        socket.close();
        resolve(m);
      }
    });
  });
}

async function loggedIn(url: string): Promise<HttpClient> {
  const client = new HttpClient(url);
  await client.login(ADMIN.username, ADMIN.password);
  return client;
}

const sha = async (res: Response) =>
  createHash('sha256')
    .update(Buffer.from(await res.arrayBuffer()))
    .digest('hex');

describe('[heavy] the process killed with SIGKILL, restarted on the same DATA_DIR', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-faults-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });
  const restart = async () => {
    await server?.kill();
    server = await startServerProcess({ dataDir: dir });
    return server;
  };

  it('keeps the previous schedule after a kill during an import, and marks the upload failed', async () => {
    let s = await restart();
    let admin = await loggedIn(s.url);
    const before = {
      since: await (await admin.get('/gtfs/time_since_last_schedule')).text(),
      routes: await (await admin.get('/db/get_routes')).text(),
      trips: await (await admin.get('/db/trips_to_routes')).text(),
      zip: await sha(await admin.get('/static/shared/gtfs.zip')),
    };
    expect(Number(before.since)).toBeGreaterThan(0); // the demo schedule

    const form = new FormData();
    form.append(
      'file',
      new Blob([
        new Uint8Array(
          timetableZip({ trips: 12_000, stopsPerTrip: 40, prefix: 'BIG', name: 'Big', service: 'weekdays' }),
        ),
      ]),
      'big.zip',
    );
    const res = await admin.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const jobId = await res.text();
    // Kill once validated, as the files and rows go into the database.
    const seen = await watchJob(s.url, admin.cookieHeader, jobId, (m) => /^Validated/.test(m.message));
    expect(seen.status, `the load ended before the kill: ${seen.message}`).toBe('working');
    await s.kill();

    s = await restart();
    admin = await loggedIn(s.url);
    expect(await (await admin.get('/gtfs/time_since_last_schedule')).text()).toBe(before.since);
    expect(await (await admin.get('/db/get_routes')).text()).toBe(before.routes);
    // A JSON object: the same trips and routes, in whatever order the planner reads them.
    expect(JSON.parse(await (await admin.get('/db/trips_to_routes')).text())).toEqual(
      JSON.parse(before.trips),
    );
    expect(await sha(await admin.get('/static/shared/gtfs.zip'))).toBe(before.zip);
    const { versions } = (await admin.trpc('query', 'schedule.versions')).body.result.data as {
      versions: { status: string }[];
    };
    expect(versions.map((v) => v.status)).not.toContain('loading');
    // The dead process's job fails once its heartbeat is stale (20 s, checked every 15 s).
    const messages = await followJob(s.url, admin.cookieHeader, jobId, 'event', 60_000);
    expect(messages.at(-1)!.status).toBe('error');
    expect(messages.at(-1)!.message).toMatch(/server stopped.*Start it again/);
  }, 180_000);

  it('loses no acknowledged save and leaves no half entity after a kill during saves', async () => {
    let s = server ?? (await restart());
    let admin = await loggedIn(s.url);
    const trips = Object.keys(await (await admin.get('/db/trips_to_routes')).json()).map((trip_id) => ({
      trip_id,
    }));
    expect(trips.length).toBeGreaterThan(0);
    const alert = (i: number) => ({
      id: `kill-${i}`,
      alert: {
        informedEntity: [
          { routeId: undefined as string | undefined, trip: { tripId: trips[i % trips.length]!.trip_id } },
        ],
        headerText: { translation: [{ text: `Delay on train ${i}`, language: 'en' }] },
        descriptionText: { translation: [{ text: 'x'.repeat(2000 + i), language: 'en' }] },
      },
    });
    const acknowledged = new Set<string>();
    // Answers are checked after the run (an assertion inside a save's promise would be lost);
    // a request may fail without an answer only once the kill has begun.
    const answered: { status: number; body: string }[] = [];
    const cutBeforeKill: unknown[] = [];
    let killing = false;
    const saves = Array.from({ length: 150 }, async (_, i) => {
      let answer: { status: number; body: string };
      try {
        const res = await postEntity(admin, '/feed/service_alert', alert(i));
        answer = { status: res.status, body: await res.text() };
      } catch (error) {
        if (!killing) cutBeforeKill.push(error);
        return;
      }
      answered.push(answer);
      if (answer.status === 200) acknowledged.add(JSON.parse(answer.body).id);
    });
    await pollUntil(
      '20 acknowledged saves',
      async () => (acknowledged.size >= 20 ? true : undefined),
      60_000,
      5,
    );
    killing = true;
    await s.kill();
    await Promise.all(saves);
    expect(cutBeforeKill).toEqual([]);
    for (const { body } of answered.filter((a) => a.status !== 200)) expectNoLeak(body);
    expect(acknowledged.size).toBeLessThan(150); // the kill landed mid-way

    s = await restart();
    admin = await loggedIn(s.url);
    const feed = await getFeed(admin, '/feed/alerts');
    const ids = new Set(feed.entity.map((e) => e.id));
    for (const id of acknowledged) expect(ids.has(id), `acknowledged ${id} lost`).toBe(true);
    for (const e of feed.entity) {
      const i = Number(e.id.slice('kill-'.length));
      expect(e.alert!.headerText!.translation![0]!.text).toBe(`Delay on train ${i}`);
      expect(e.alert!.descriptionText!.translation![0]!.text).toHaveLength(2000 + i);
    }
    // every entity in the feed has its save in the history (saved and logged in one transaction)
    const listed = (await admin.trpc('query', 'feed.list', { kind: 'alert' })).body.result.data as unknown[];
    expect(listed.length).toBe(feed.entity.length);
  }, 180_000);

  it('ends a summary killed mid-way as failed, with a message, and keeps the earlier summaries', async () => {
    let s = server ?? (await restart());
    let admin = await loggedIn(s.url);
    const first = await admin.fetch('/excel/make_excel', { method: 'POST' });
    const firstMessages = await followJob(s.url, admin.cookieHeader, await first.text(), 'finished', 60_000);
    expect(firstMessages.at(-1)!.status).toBe('success');
    const kept = firstMessages.at(-1)!.message;

    const res = await admin.fetch('/excel/make_excel', { method: 'POST' });
    const jobId = await res.text();
    await s.kill();

    s = await restart();
    admin = await loggedIn(s.url);
    const messages = await followJob(s.url, admin.cookieHeader, jobId, 'finished', 60_000);
    const final = messages.at(-1)!;
    // Killed before it finished: failed with a message. (It may also have finished first.)
    if (final.status === 'error') expect(final.message).toMatch(/server stopped/);
    else expect(final.status).toBe('success');
    const names = (await (await admin.get('/excel/list_excel')).json()) as string[];
    expect(names).toContain(kept);
    for (const name of names) {
      const file = await admin.get(`/excel/${encodeURIComponent(name)}`);
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
    }
  }, 180_000);
});

/**
 * The database going away under a running app. On a shared PostgreSQL (DATABASE_URL) only in CI or
 * with FEEDDESK_DB_FAULTS=1; always on the run's own embedded PostgreSQL (dbFaults).
 */
describe.skipIf(!dbFaults)('[heavy] PostgreSQL going away and coming back', () => {
  it('answers cleanly while its connections are terminated, and recovers without a restart', async () => {
    const t = await startTestApp();
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const dbName = new URL(t.db.url).pathname.slice(1);
    const killer = postgres(testServer().url, { max: 1, onnotice: () => {} });
    try {
      for (let round = 0; round < 3; round++) {
        await killer`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`;
        for (const path of ['/auth/list_users', '/db/get_routes', '/gtfs/time_since_last_schedule']) {
          const res = await admin.get(path);
          const body = await res.text();
          expectNoLeak(body);
          if (res.status >= 500) {
            expect([500, 503]).toContain(res.status);
            expect(JSON.parse(body).code).toBe(res.status);
          }
        }
      }
      // recovers by itself
      await pollUntil('the app answering again', async () =>
        (await admin.get('/auth/list_users')).status === 200 ? true : undefined,
      );
      expect((await t.client().get('/feed/updates')).status).toBe(200);
    } finally {
      await killer.end();
      await t.close();
    }
  }, 120_000);
});
