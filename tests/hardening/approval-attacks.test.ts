import { pendingItems } from '@feeddesk/drizzle';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, pendingList, postAlert, reject, routeAlert, setApproval } from '../support/approvals.ts';
import type { HttpClient } from '../support/http-client.ts';
import { parsePrometheus, sampleValue } from '../support/prometheus.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Hostile principals against two-person approval (docs/contract-notes.md "Two-person approval and
 * publication times"): no role lets a viewer or an editor decide, bad input is refused with a
 * sentence, and one principal cannot grow the waiting items past its quota.
 */
describe('attacks on approvals', () => {
  let t: TestApp;
  let admin: HttpClient;
  let controller: HttpClient;
  let approver: HttpClient;
  let routeId: string;
  let pendingId: string;
  const MAX = 3;

  beforeAll(async () => {
    t = await startTestApp({ env: { PENDING_ITEMS_PER_PRINCIPAL: String(MAX) } });
    const planner = await t.clientWithRoles(['gtfs', 'view']);
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    admin = await t.clientWithRoles(['admin', 'view']);
    controller = await t.clientWithRoles(['edit'], 'flooder');
    approver = await t.clientWithRoles(['view', 'approve'], 'approver');
    routeId = ((await (await controller.get('/db/get_routes')).json()) as { route_id: string }[])[0]!
      .route_id;
    await setApproval(admin, 'alerts');
    pendingId = (await (await postAlert(controller, routeAlert('atk-1', routeId, 'Held'))).json()).pendingId;
  });
  afterAll(() => t?.close());

  it('refuses a viewer and an editor who try to approve or reject (403), over REST and tRPC', async () => {
    const viewer = await t.clientWithRoles(['view']);
    const editor = await t.clientWithRoles(['edit']);
    for (const who of [viewer, editor]) {
      expect((await approve(who, pendingId)).status).toBe(403);
      expect((await reject(who, pendingId, 'no')).status).toBe(403);
      expect((await who.trpc('mutation', 'approvals.approve', { id: pendingId })).status).toBe(403);
      expect((await who.trpc('mutation', 'approvals.reject', { id: pendingId, reason: 'no' })).status).toBe(
        403,
      );
    }
    expect((await viewer.get('/feed/pending')).status).toBe(403);
    expect((await pendingList(controller)).find((p) => p.id === pendingId)!.state).toBe('pending');
  });

  it('refuses a reason too long with a sentence (400), a huge body (413), and changes nothing', async () => {
    const long = await reject(approver, pendingId, 'x'.repeat(5000));
    expect(long.status).toBe(400);
    expect((await long.json()).description).toBe('The reason has 5000 characters; keep it under 2000.');
    const huge = await reject(approver, pendingId, 'x'.repeat(2 * 1024 * 1024));
    expect(huge.status).toBe(413);
    const trpcLong = await approver.trpc('mutation', 'approvals.reject', {
      id: pendingId,
      reason: 'y'.repeat(5000),
    });
    expect(trpcLong.status).toBe(400);
    expect((await pendingList(controller)).find((p) => p.id === pendingId)).toMatchObject({
      state: 'pending',
      reason: null,
    });
  });

  it('refuses a publishAt far ahead, negative, not a number or a fraction with a sentence (400)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, RegExp][] = [
      [
        String(now + 400 * 86_400),
        /more than 366 days ahead \(PUBLISH_AT_MAX_DAYS\): choose a nearer time\./,
      ],
      ['-5', /publishAt -5 is before 1970/],
      ['NaN', /in whole seconds since 1970 .*"NaN" is not one\./],
      ['1.5e9', /"1\.5e9" is not one\./],
      ['99999999999999999999', /is not one\./],
    ];
    for (const [value, sentence] of cases) {
      const res = await postAlert(controller, routeAlert('atk-time', routeId, 'When'), { publishAt: value });
      expect(res.status, value).toBe(400);
      expect((await res.json()).description, value).toMatch(sentence);
    }
    const trpc = await controller.trpc('mutation', 'feed.saveAlert', {
      entity: routeAlert('atk-time', routeId, 'When'),
      publishAt: -1,
    });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toMatch(/before 1970/);
    const both = await postAlert(controller, routeAlert('atk-time', routeId, 'When'), {
      publishAt: now + 60,
      emergency: true,
    });
    expect(both.status).toBe(400);
    const [{ n }] = (await t.deps.db
      .select({ n: count() })
      .from(pendingItems)
      .where(eq(pendingItems.entityId, 'atk-time'))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('bounds one principal’s waiting items (429 with the limit), not another’s, leaving nothing behind', async () => {
    const statuses: number[] = [];
    let refusal = '';
    for (let i = 0; i < MAX + 3; i++) {
      const res = await postAlert(controller, routeAlert(`flood-${i}`, routeId, `Flood ${i}`));
      statuses.push(res.status);
      if (res.status === 429) refusal = (await res.json()).description;
      else await res.arrayBuffer();
    }
    // One was held in beforeAll: MAX - 1 more fit.
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    expect(refusal).toBe(
      `You have ${MAX} alerts waiting for approval or their time already (PENDING_ITEMS_PER_PRINCIPAL); wait until they are approved or ask an approver to reject those not needed.`,
    );
    const [{ n }] = (await t.deps.db
      .select({ n: count() })
      .from(pendingItems)
      .where(eq(pendingItems.createdBy, 'flooder'))) as [{ n: number }];
    expect(n).toBe(MAX);
    const other = await t.clientWithRoles(['edit'], 'colleague');
    expect((await postAlert(other, routeAlert('calm-1', routeId, 'Calm'))).status).toBe(200);
    const metrics = parsePrometheus(await (await t.client().get('/metrics')).text());
    expect(
      sampleValue(metrics, 'feeddesk_quota_refusals_total', { quota: 'pending_items_per_principal' }),
    ).toBe(4);
    // A decision gives the place back.
    expect((await reject(approver, pendingId, 'Not needed.')).status).toBe(200);
    expect((await postAlert(controller, routeAlert('flood-again', routeId, 'Again'))).status).toBe(200);
  });
});
