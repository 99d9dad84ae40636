import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { HttpClient } from '../support/http-client.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { ADMIN } from '../support/test-app.ts';
import {
  expectCleanError,
  expectPlannedWorksWholeOrAbsent,
  pollUntil,
  publishPlannedWorks,
  timetableZip,
} from './helpers.ts';
import {
  holdPort,
  postmasterPid,
  printedUrl,
  release,
  type ServerProcess,
  startServerProcess,
} from './server-process.ts';

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
    const upload = await uploadSchedule(
      admin,
      timetableZip({ trips: 400, stopsPerTrip: 10, prefix: 'DK', name: 'Works', service: 'daily' }),
      'works.zip',
    );
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
      publishPlannedWorks(client, { serviceDate: day, tripId: `DK-${trip}`, reason });
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
    expect((await expectPlannedWorksWholeOrAbsent(url)).reasons).toEqual(['works answered']);

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
      const kept = (await expectPlannedWorksWholeOrAbsent(url)).reasons;
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
    expect((await expectPlannedWorksWholeOrAbsent(url)).reasons).toContain(refused!.reason);
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
