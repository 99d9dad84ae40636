import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, wallTime } from '../support/agency-zone.ts';
import { testServer } from '../support/databases.ts';
import { postEntity } from '../support/feed.ts';
import { publishAlert, setUpRiderNetwork } from '../support/rider-network.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { blockDatabase, dbFaults, pollUntil } from './helpers.ts';

/**
 * Riders' pages are made from what the process holds (docs/contract-notes.md "Riders' pages"): with
 * the database refusing every connection, /status and /status.json keep answering at once with the
 * last truth of the feed, even as the clock moves on and the statuses are worked out again.
 */
describe.skipIf(!dbFaults)('riders’ pages while the database cannot be reached', () => {
  let t: TestApp;
  let admin: postgres.Sql;
  let name: string;
  const block = (blocked: boolean) => blockDatabase(admin, name, blocked);

  beforeAll(async () => {
    t = await startTestApp();
    name = new URL(t.db.url).pathname.slice(1);
    admin = postgres(testServer().url, { max: 1, onnotice: () => {} });
    await setUpRiderNetwork(t);
  });
  afterAll(async () => {
    await block(false).catch(() => {});
    await admin?.end();
    await t?.close();
  });

  it('keeps serving the status from memory, worked out again as time passes', async () => {
    const day = '2026-12-04';
    t.clock.now = wallTime(day, '23:50');
    const editor = await t.clientWithRoles(['view', 'edit'], 'controller');
    const rider = t.client();
    const saved = await postEntity(editor, '/feed/trip_update', {
      id: 'tu-N1',
      tripUpdate: {
        trip: { tripId: 'N1', startDate: day.replaceAll('-', '') },
        stopTimeUpdate: [{ stopSequence: 2, stopId: 'C1', arrival: { delay: 900 } }],
      },
    });
    expect(saved.status).toBe(200);
    await publishAlert(editor, {
      id: 'works',
      informed: [{ routeId: 'S' }],
      effect: 1,
      en: 'No trains on the South line',
      af: 'Geen treine op die Suidlyn nie',
      impact: { start: wallTime(addDays(day, 1), '01:00'), end: wallTime(addDays(day, 1), '05:00') },
    });
    const statuses = async () => {
      const res = await rider.get('/status.json');
      expect(res.status).toBe(200);
      const body = (await res.json()) as { routes: { routeId: string; status: string }[] };
      return Object.fromEntries(body.routes.map((r) => [r.routeId, r.status]));
    };
    expect(await statuses()).toEqual({ N: 'delays', S: 'planned_works_ahead' });

    await block(true);
    await pollUntil(
      '/readyz 503',
      async () => ((await rider.get('/readyz')).status === 503 ? true : undefined),
      5_000,
    );
    const started = performance.now();
    expect(await statuses()).toEqual({ N: 'delays', S: 'planned_works_ahead' });
    const html = await rider.get('/status?lang=af-ZA');
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('Geen treine op die Suidlyn nie');
    // The works began: worked out again from memory, no database asked.
    t.clock.now = wallTime(addDays(day, 1), '01:30');
    expect(await statuses()).toEqual({ N: 'delays', S: 'part_suspended' });
    expect(performance.now() - started).toBeLessThan(2_000);

    await block(false);
    await pollUntil(
      '/readyz 200',
      async () => ((await rider.get('/readyz')).status === 200 ? true : undefined),
      15_000,
    );
    expect(await statuses()).toEqual({ N: 'delays', S: 'part_suspended' });
  });
});
