import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const DATE = '20250923';

/**
 * Controllers (or scripts with their sessions) sending disruption previews without pause: each
 * runs on a database connection of its own at background priority, two at a time per process.
 * The rest queue; none takes the pool's connections, and saves and polls go on meanwhile. One
 * principal has at most PREVIEWS_PER_PRINCIPAL (4) running (tests/integration/act-quotas.test.ts):
 * the storm comes from four controllers.
 */
describe('a storm of disruption previews', () => {
  let t: TestApp;
  let controller: HttpClient;
  let controllers: HttpClient[];

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: peninsulaLine(),
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    controllers = [controller];
    for (const n of [2, 3, 4]) controllers.push(await t.clientWithRoles(['view', 'edit'], `controller-${n}`));
    t.clock.now = pdt('05:30');
  }, 120_000);
  afterAll(() => t?.close());

  /** A preview cancelling the Local's trains in the window given (the whole day when none). */
  const preview = (window: { from?: string; to?: string } = {}, n = 0) =>
    controllers[n % controllers.length]!.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: DATE,
        select: { routeId: 'LOC', ...window },
        action: { type: 'cancel' },
        reason: '',
        alert: true,
        dryRun: true,
      }),
    });
  /** The database's sessions on this test's database, besides this query's own. */
  const sessions = async () =>
    (
      (await t.deps.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )) as unknown as { n: number }[]
    )[0]!.n;

  it('answers every preview, never holds more than two connections for them, and keeps saving and serving', async () => {
    const idle = await sessions();
    const storm = Array.from({ length: 16 }, (_, n) => preview({}, n));
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        most = Math.max(most, await sessions());
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    // A controller's save and a journey planner's poll in the middle of it.
    const saved = await postEntity(controller, '/feed/trip_update', {
      id: 'late-301',
      tripUpdate: {
        trip: { tripId: '301', startDate: DATE },
        stopTimeUpdate: [{ stopSequence: 2, stopId: 'SMN', departure: { delay: 120 } }],
      },
    });
    expect(saved.status).toBe(200);
    expect((await t.client().get('/feed/updates')).status).toBe(200);
    const answers = await Promise.all(storm);
    sampling = false;
    await sampler;
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(bodies.map((b: { count: number }) => b.count))).toEqual(new Set([bodies[0].count]));
    expect(bodies[0].count).toBeGreaterThan(0);
    // The pool (at most its size, opened as needed) and two preview connections; the sampler's own counted in the pool.
    expect(most).toBeLessThanOrEqual(idle + 5 + 2);
    // Refused previews (no train matches) free their connection too: none is left behind.
    const refused = await Promise.all(
      Array.from({ length: 12 }, (_, n) => preview({ from: '23:00', to: '23:30' }, n)),
    );
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 400));
    await expect.poll(sessions).toBeLessThanOrEqual(idle + 5);
    // Nothing was written by the previews: only the save is served.
    expect(
      ((await t.deps.db.execute(sql`select id from feed_entities`)) as unknown as { id: string }[]).map(
        (r) => r.id,
      ),
    ).toEqual(['late-301']);
  });
});
