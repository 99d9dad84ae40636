import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { HttpClient } from '../support/http-client.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { ADMIN } from '../support/test-app.ts';
import { expectCleanError, pollUntil } from './helpers.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * docs/operations.md "Faults the product survives": the embedded PostgreSQL killed (SIGKILL of its
 * postmaster, its port then held so it stays down) at spread moments of a planned-works publish
 * (POST /feed/disruptions, publishAs "schedule"), under one running product (heavy: a real product
 * process). The publish is answered at once, 503 with the sentence of a dead database (or 200 when
 * it had committed), the process lives on, nothing half made is left (no planned works kept
 * without their schedule version, no version without its planned works, no alert without them),
 * and once the database is back the same publish works, without a restart of the product.
 */

const UNREACHABLE = 'The database cannot be reached; nothing was saved. Try again in a moment.';

/** A schedule running every day whose planned-works version takes a second or two to make. */
function timetableZip(trips: number, stopsPerTrip: number): Uint8Array {
  const enc = (s: string) => new TextEncoder().encode(s);
  const stops = ['stop_id,stop_name,stop_lat,stop_lon'];
  for (let s = 0; s < stopsPerTrip; s++)
    stops.push(`DK${s},Works stop ${s},${-33.9 - s * 0.01},${18.4 + s * 0.01}`);
  const tripRows = ['route_id,service_id,trip_id'];
  const stopTimes = ['trip_id,arrival_time,departure_time,stop_id,stop_sequence'];
  for (let t = 0; t < trips; t++) {
    tripRows.push(`DKR,DAILY,DK-${t}`);
    const start = 4 * 3600 + (t % 900) * 60;
    for (let s = 0; s < stopsPerTrip; s++) {
      const secs = start + s * 120;
      const hms = [Math.floor(secs / 3600), Math.floor(secs / 60) % 60, secs % 60]
        .map((n) => String(n).padStart(2, '0'))
        .join(':');
      stopTimes.push(`DK-${t},${hms},${hms},DK${s},${s + 1}`);
    }
  }
  return zipSync({
    'agency.txt': enc('agency_id,agency_name,agency_url,agency_timezone\nDK,Works,https://example.org,UTC\n'),
    'routes.txt': enc('route_id,agency_id,route_long_name,route_type\nDKR,DK,Works line,2\n'),
    'calendar.txt': enc(
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nDAILY,1,1,1,1,1,1,1,20240101,20991231\n',
    ),
    'stops.txt': enc(`${stops.join('\n')}\n`),
    'trips.txt': enc(`${tripRows.join('\n')}\n`),
    'stop_times.txt': enc(`${stopTimes.join('\n')}\n`),
  });
}

/** The DATABASE_URL the product printed for its embedded PostgreSQL. */
function printedUrl(server: ServerProcess): string {
  const all = [...server.output().matchAll(/DATABASE_URL=(postgres:\/\/\S+?)\)/g)];
  expect(all.length, server.output()).toBeGreaterThan(0);
  return all.at(-1)![1]!;
}

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Listens on 127.0.0.1:port as soon as it is free: the supervisor's restarts fail meanwhile. */
async function holdPort(port: number, timeoutMs = 15_000): Promise<Server> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const server = createServer((socket) => socket.destroy());
    const error = await new Promise<Error | undefined>((done) => {
      server.once('error', done);
      server.listen(port, '127.0.0.1', () => done(undefined));
    });
    if (!error) return server;
    if (Date.now() > deadline) throw new Error(`port ${port} still taken after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
const release = (server: Server) => new Promise<void>((done) => server.close(() => done()));

/**
 * What a dead database must never leave: the current version holds exactly the planned works kept
 * (published, not lifted), each kept one names its version, no version is left loading once the
 * interrupted ones are marked, and every planned-works alert belongs to kept planned works.
 */
async function expectWholeOrAbsent(url: string): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [current] = await sql<{ planned: string[] }[]>`
      select planned_works as planned from schedule_versions where status = 'current'`;
    const kept = await sql<{ id: string; reason: string; alert: string | null; version: number | null }[]>`
      select id, reason, alert_id as alert, version_id as version from disruptions
      where publish_as = 'schedule' and lifted_at is null order by seq`;
    expect([...current!.planned].sort()).toEqual(kept.map((d) => d.id).sort());
    for (const d of kept) expect(d.version, d.id).not.toBeNull();
    const alerts = await sql<{ id: string }[]>`
      select id from feed_entities where kind = 'alert' and id like 'disruption-%' order by id`;
    expect(alerts.map((a) => a.id)).toEqual(
      kept
        .map((d) => d.alert)
        .filter(Boolean)
        .sort(),
    );
    return kept.map((d) => d.reason);
  } finally {
    await sql.end();
  }
}

describe('[heavy] the embedded PostgreSQL killed during a planned-works publish', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-pw-dbkill-'));
  let server: ServerProcess | undefined;
  let blocker: Server | undefined;
  afterAll(async () => {
    if (blocker) await release(blocker);
    await server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  // The product started and its schedule loaded before the test's own bound (a cold start of the
  // embedded PostgreSQL took 20 s on a loaded machine).
  beforeAll(async () => {
    server = await startServerProcess({ dataDir: dir, env: { DEMO_SCHEDULE: 'false' } });
    const admin = new HttpClient(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const upload = await uploadSchedule(admin, timetableZip(400, 10), 'works.zip');
    expect(upload.final, JSON.stringify(upload.messages.slice(-3))).toMatchObject({ status: 'done' });
  });

  it('answers 503 at once, keeps nothing half made, and publishes the same works once the database is back', async () => {
    onTestFailed(() => console.log(`product output (end):\n${server?.output().slice(-8_000)}`));
    const s = server!;
    const t0 = Date.now();
    const step = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
    const admin = new HttpClient(s.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const url = printedUrl(s);
    const port = Number(new URL(url).port);

    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const publish = (client: HttpClient, reason: string, trip: number) =>
      client.fetch('/feed/disruptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          publishAs: 'schedule',
          serviceDate: day,
          select: { tripIds: [`DK-${trip}`] },
          action: { type: 'cancel' },
          reason,
          alert: {
            headerText: { en: 'Works: a train does not run' },
            descriptionText: { en: 'Take the train before or after it.' },
          },
        }),
      });
    const back = async () => {
      await pollUntil(
        '/readyz 200',
        async () => ((await new HttpClient(s.url).get('/readyz')).status === 200 ? true : undefined),
        30_000,
      );
      // A session may have been read from the dead database: sign in afresh.
      const client = new HttpClient(s.url);
      await client.login(ADMIN.username, ADMIN.password);
      return client;
    };

    // One publish to the end: how long a publish takes here.
    const began = performance.now();
    const first = await publish(admin, 'works answered', 1);
    expect(first.status, await first.clone().text()).toBe(200);
    const took = performance.now() - began;
    expect(await expectWholeOrAbsent(url)).toEqual(['works answered']);

    const outcomes: string[] = [];
    let client = admin;
    let refused: { reason: string; trip: number } | undefined;
    for (const [i, share] of [0.2, 0.7].entries()) {
      const reason = `works, database killed at ${Math.round(share * 100)} %`;
      const asked = publish(client, reason, 10 + i);
      await new Promise((r) => setTimeout(r, share * took));
      process.kill(postmasterPid(dir), 'SIGKILL');
      const killedAt = Date.now();
      blocker = await holdPort(port);
      const res = await asked;
      const answeredIn = Date.now() - killedAt;
      step(`answered ${res.status} ${answeredIn} ms after the kill`);
      // Answered at once, not when the database is back: no hang.
      expect(answeredIn, `answered ${answeredIn} ms after the kill`).toBeLessThan(10_000);
      if (res.status !== 200) expect((await expectCleanError(res, 503)).description).toBe(UNREACHABLE);
      expect(s.child.exitCode, 'the product exited').toBeNull();
      await release(blocker);
      blocker = undefined;
      client = await back();
      step('the database is back');
      const kept = await expectWholeOrAbsent(url);
      outcomes.push(`${reason}: ${res.status}, ${kept.includes(reason) ? 'kept' : 'not kept'}`);
      // An answered publish is kept; a refused one is not.
      expect(kept.includes(reason), reason).toBe(res.status === 200);
      if (res.status !== 200) refused = { reason, trip: 10 + i };
    }
    console.log(`a publish took ${Math.round(took)} ms; ${outcomes.join('; ')}`);
    // The kills landed before the commit at least once (the case this test is about).
    expect(refused).toBeDefined();
    // The same publish, once the database is back, works: nothing of the refused one is in its way.
    const again = await publish(client, refused!.reason, refused!.trip);
    expect(again.status, await again.clone().text()).toBe(200);
    step('published again');
    expect(await expectWholeOrAbsent(url)).toContain(refused!.reason);
    // The versions the kills interrupted are marked failed by the next check of interrupted loads
    // (every 15 s): none is left loading.
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await pollUntil(
        'no version left loading',
        async () =>
          (await sql`select 1 from schedule_versions where status = 'loading'`).length === 0
            ? true
            : undefined,
        30_000,
      );
    } finally {
      await sql.end();
    }
    expect(s.child.exitCode).toBeNull();
  }, 90_000);
});
