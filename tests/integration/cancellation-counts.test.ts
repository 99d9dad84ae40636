import type { Punctuality } from '@feeddesk/server/summaries/get-punctuality';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { pdt, storePeninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const DATE = '20250923';

/**
 * "counts that follow the feed": the punctuality dashboard counts a train as
 * cancelled as riders were told over time, on a line in America/Los_Angeles. A disruption lifted
 * before its train left cancelled nothing; one lifted after the train was due cancelled it; a
 * train cancelled by hand is counted like any other.
 */
describe('cancellations counted as riders were told them', () => {
  let t: TestApp;
  let controller: HttpClient;
  let manager: HttpClient;

  beforeAll(async () => {
    t = await startTestApp({ trpc: true });
    await storePeninsulaLine(t.deps);
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    manager = await t.clientWithRoles(['excel'], 'manager');
  });
  afterAll(() => t?.close());

  const cancel = async (tripId: string) => {
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: DATE,
        select: { tripIds: [tripId] },
        action: { type: 'cancel' },
        reason: 'No crew',
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const lift = async (id: string) =>
    expect((await controller.fetch(`/feed/disruptions/${id}`, { method: 'DELETE' })).status).toBe(200);

  it('counts a lifted disruption only when it was in force as the train was due, and hand cancellations', async () => {
    t.clock.now = pdt('06:00');
    const early = await cancel('301'); // leaves Gilroy 06:29
    const late = await cancel('305'); // leaves Gilroy 07:29
    t.clock.now = pdt('06:10');
    await lift(early); // before 301 was due: it ran, riders were told so in time
    const byHand = await postEntity(controller, '/feed/trip_update', {
      id: 'tu-307',
      tripUpdate: { trip: { tripId: '307', startDate: DATE, scheduleRelationship: 3 } },
    });
    expect(byHand.status).toBe(200);
    t.clock.now = pdt('08:00');
    await lift(late); // 305 was due at 07:29 while cancelled: it did not run
    t.clock.now = pdt('12:00');

    const res = await manager.trpc('query', 'summaries.punctuality', {
      from: '2025-09-23',
      to: '2025-09-23',
    });
    expect(res.status).toBe(200);
    const dashboard = res.body.result.data as Punctuality;
    expect(dashboard.days.map((d) => [d.day, d.cancelled])).toEqual([['2025-09-23', 2]]);
    expect(dashboard.routes.map((r) => [r.routeId, r.tripUpdates, r.cancelled])).toEqual([['LOC', 3, 2]]);
  });
});
