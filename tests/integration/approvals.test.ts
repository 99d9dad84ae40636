import { openDb } from '@feeddesk/drizzle';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  eventually,
  pendingList,
  postAlert,
  reject,
  routeAlert,
  servedHeader,
  setApproval,
} from '../support/approvals.ts';
import { openTestDatabase } from '../support/databases.ts';
import { getFeed, postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Audit = { entries: { by: string | null; action: string; entityId: string; summary: string }[] };

/**
 * Two-person approval and publication times (docs/contract-notes.md), on two product instances
 * sharing one PostgreSQL: A takes the saves, B serves the feed the riders poll.
 */
describe('two-person approval and publication times', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: HttpClient;
  let controller: HttpClient;
  let approver: HttpClient;
  let routeId: string;
  let tripId: string;

  beforeAll(async () => {
    const first = await openTestDatabase();
    a = await startTestApp({ database: first, env: { PUBLISH_AT_CHECK_MS: '200' } });
    const second = await openDb(first.url, { max: 5 });
    b = await startTestApp({
      database: { database: second, url: first.url, drop: () => second.close() },
      env: { PUBLISH_AT_CHECK_MS: '200' },
    });
    const planner = await a.clientWithRoles(['gtfs', 'view']);
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    admin = await a.clientWithRoles(['admin', 'view'], 'boss');
    controller = await a.clientWithRoles(['edit'], 'controller');
    approver = await a.clientWithRoles(['view', 'approve'], 'approver');
    const routes = (await (await controller.get('/db/get_routes')).json()) as { route_id: string }[];
    routeId = routes[0]!.route_id;
    const trips = (await (await controller.get('/db/get_trips?service=WD')).json()) as { trip_id: string }[];
    tripId = trips[0]!.trip_id;
  });
  afterAll(async () => {
    await b?.close();
    await b?.db.drop();
    await a?.close();
    await a?.db.drop();
  });

  const audit = async (entity: string) =>
    ((await (await admin.get(`/audit/entries?entity=${entity}&limit=50`)).json()) as Audit).entries;

  it('publishes at once as before while approval is off', async () => {
    const res = await postAlert(controller, routeAlert('off-1', routeId, 'Works tonight'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'off-1', state: 'published' });
    expect(await eventually(async () => (await servedHeader(b.client(), 'off-1')) === 'Works tonight')).toBe(
      true,
    );
  });

  it('holds a controller’s alert until another approver approves it; its author cannot', async () => {
    await setApproval(admin, 'alerts');
    const res = await postAlert(controller, routeAlert('held-1', routeId, 'Strike on Monday'));
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ id: 'held-1', state: 'pending' });
    expect(saved.message).toMatch(/approv/);
    expect(await servedHeader(b.client(), 'held-1')).toBeUndefined();
    const listed = (await pendingList(controller)).find((p) => p.id === saved.pendingId)!;
    expect(listed).toMatchObject({
      entityId: 'held-1',
      state: 'pending',
      header: 'Strike on Monday',
      createdBy: 'controller',
      editsLive: false,
      emergency: false,
      reason: null,
    });
    expect(Date.parse(listed.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    // The controller without the approve role is refused by role; given it, still not their own.
    expect((await approve(controller, saved.pendingId)).status).toBe(403);
    const self = await a.clientWithRoles(['edit'], 'self-approver');
    const own = await (await postAlert(self, routeAlert('held-own', routeId, 'Own alert'))).json();
    expect(own.state).toBe('pending');
    await a.deps.db.execute(
      sql`insert into user_roles (user_id, role) select id, 'approve' from users where username = 'self-approver'`,
    );
    const ownRefusal = await approve(self, own.pendingId);
    expect(ownRefusal.status).toBe(403);
    expect((await ownRefusal.json()).description).toMatch(/another user with the approve role/);

    const approved = await approve(approver, saved.pendingId);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ state: 'published', entityId: 'held-1' });
    expect(
      await eventually(async () => (await servedHeader(b.client(), 'held-1')) === 'Strike on Monday'),
    ).toBe(true);
    expect((await approve(approver, saved.pendingId)).status).toBe(409);
    const story = (await audit('held-1')).map((e) => `${e.action} ${e.by}`);
    expect(story).toEqual(expect.arrayContaining(['save_pending controller', 'approve approver']));
    expect((await audit('held-1')).find((e) => e.action === 'approve')!.summary).toMatch(
      /by controller approved by approver; it entered the feed at/,
    );
  });

  it('rejects with a reason the author reads; the alert never enters the feed', async () => {
    const saved = await (await postAlert(controller, routeAlert('held-2', routeId, 'Wrong route'))).json();
    const res = await reject(approver, saved.pendingId, 'The route is wrong: it is the northern line.');
    expect(res.status).toBe(200);
    const listed = (await pendingList(controller)).find((p) => p.id === saved.pendingId)!;
    expect(listed).toMatchObject({
      state: 'rejected',
      decidedBy: 'approver',
      reason: 'The route is wrong: it is the northern line.',
    });
    expect(await servedHeader(b.client(), 'held-2')).toBeUndefined();
    expect((await approve(approver, saved.pendingId)).status).toBe(409);
    expect((await audit('held-2')).find((e) => e.action === 'reject')!.summary).toMatch(
      /rejected by approver: The route is wrong/,
    );
  });

  it('keeps the live version of an edited alert serving until the edit is approved', async () => {
    const edit = await (
      await postAlert(controller, routeAlert('held-1', routeId, 'Strike moved to Tuesday'))
    ).json();
    expect(edit.state).toBe('pending');
    expect((await pendingList(approver)).find((p) => p.id === edit.pendingId)!.editsLive).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await servedHeader(b.client(), 'held-1')).toBe('Strike on Monday');
    expect((await approve(approver, edit.pendingId)).status).toBe(200);
    expect(
      await eventually(async () => (await servedHeader(b.client(), 'held-1')) === 'Strike moved to Tuesday'),
    ).toBe(true);
  });

  it('publishes an emergency at once, marked and audited until approved afterwards', async () => {
    const res = await postAlert(controller, routeAlert('sos-1', routeId, 'Line closed: flooding'), {
      emergency: true,
    });
    const saved = await res.json();
    expect(saved).toMatchObject({ id: 'sos-1', state: 'published', emergency: true });
    expect(
      await eventually(async () => (await servedHeader(b.client(), 'sos-1')) === 'Line closed: flooding'),
    ).toBe(true);
    expect((await pendingList(controller)).find((p) => p.id === saved.pendingId)).toMatchObject({
      state: 'emergency',
      emergency: true,
      createdBy: 'controller',
    });
    expect((await reject(approver, saved.pendingId, 'no')).status).toBe(409);
    expect((await approve(approver, saved.pendingId)).status).toBe(200);
    expect((await pendingList(controller)).some((p) => p.id === saved.pendingId)).toBe(false);
    expect(await servedHeader(b.client(), 'sos-1')).toBe('Line closed: flooding');
    const story = (await audit('sos-1')).map((e) => `${e.action} ${e.by}`);
    expect(story).toEqual(
      expect.arrayContaining(['emergency_publish controller', 'approve_emergency approver']),
    );
  });

  it('never holds a controller’s trip update', async () => {
    const res = await postEntity(controller, '/feed/trip_update', {
      id: 'tu-approval',
      tripUpdate: { trip: { tripId, scheduleRelationship: 3 } },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).state).toBe('published');
    expect(
      await eventually(async () =>
        (await getFeed(b.client(), '/feed/updates')).entity.some((e) => e.id === 'tu-approval'),
      ),
    ).toBe(true);
  });

  it('holds the alert a controller tells riders with a cancelled train; the train is cancelled at once', async () => {
    await setApproval(admin, 'alerts');
    const trip = (
      (await (await controller.get('/db/get_trips?service=WD')).json()) as { trip_id: string }[]
    )[1]!.trip_id;
    // The alert "Tell riders" drafts for the cancellation, as the trip editor offers it.
    const drafted = await controller.trpc('query', 'disruptions.tripAlert', {
      tripId: trip,
      cancelled: true,
      skippedStopIds: [],
    });
    expect(drafted.status).toBe(200);
    const { draft } = drafted.body.result.data as { draft: { alert: { headerText: unknown } } };
    const told = await controller.trpc('mutation', 'disruptions.saveTripUpdateWithAlert', {
      entity: { id: 'tu-told', tripUpdate: { trip: { tripId: trip, scheduleRelationship: 3 } } },
      baseRevision: 0,
      alert: { publish: draft },
    });
    expect(told.status).toBe(200);
    const answer = told.body.result.data as { alertId: string; alertState: string; alertMessage: string };
    expect(answer).toMatchObject({ alertState: 'pending' });
    expect(answer.alertMessage).toMatch(/approv/);
    // Riders see the cancelled train now; the alert only once a colleague approves it.
    expect(
      await eventually(async () =>
        (await getFeed(b.client(), '/feed/updates')).entity.some((e) => e.id === 'tu-told'),
      ),
    ).toBe(true);
    expect(await servedHeader(b.client(), answer.alertId)).toBeUndefined();
    const item = (await pendingList(approver)).find((p) => p.entityId === answer.alertId)!;
    expect(item).toMatchObject({ state: 'pending', createdBy: 'controller' });
    expect((await approve(controller, item.id)).status).toBe(403);
    const approved = await approve(approver, item.id);
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await eventually(async () => (await servedHeader(b.client(), answer.alertId)) !== undefined)).toBe(
      true,
    );
  });

  it('puts an alert with publishAt into the feed at that time on every process, not before', async () => {
    await setApproval(admin, 'off');
    const at = Math.floor(Date.now() / 1000) + 2;
    const res = await postAlert(controller, routeAlert('later-1', routeId, 'Timetable change'), {
      publishAt: at,
    });
    const saved = await res.json();
    expect(saved).toMatchObject({
      id: 'later-1',
      state: 'scheduled',
      publishAt: new Date(at * 1000).toISOString(),
    });
    expect((await pendingList(controller)).find((p) => p.id === saved.pendingId)!.state).toBe('scheduled');
    expect(await servedHeader(b.client(), 'later-1')).toBeUndefined();
    expect(await servedHeader(a.client(), 'later-1')).toBeUndefined();
    expect(await eventually(async () => (await servedHeader(b.client(), 'later-1')) !== undefined)).toBe(
      true,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(at * 1000);
    expect(await servedHeader(a.client(), 'later-1')).toBe('Timetable change');
    const story = (await audit('later-1')).map((e) => e.action);
    expect(story).toEqual(expect.arrayContaining(['schedule', 'enter_feed']));
  });

  it('holds a scheduled alert for approval, then lets it in at its time', async () => {
    await setApproval(admin, 'alerts');
    const at = Math.floor(Date.now() / 1000) + 3;
    const saved = await (
      await postAlert(controller, routeAlert('later-2', routeId, 'Bus replacement'), { publishAt: at })
    ).json();
    expect(saved.state).toBe('pending');
    const approved = await (await approve(approver, saved.pendingId)).json();
    expect(approved.state).toBe('scheduled');
    expect(await servedHeader(b.client(), 'later-2')).toBeUndefined();
    expect(await eventually(async () => (await servedHeader(b.client(), 'later-2')) !== undefined)).toBe(
      true,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(at * 1000);
  });

  it('lets the author withdraw a notice waiting for approval and its time; nobody else but an approver', async () => {
    const at = Math.floor(Date.now() / 1000) + 3600;
    const res = await postAlert(controller, routeAlert('withdrawn-1', routeId, 'Not true any more'), {
      publishAt: at,
    });
    expect(res.status).toBe(200);
    const saved = await res.json();
    // Approval is on: it waits for a second person, then for its time.
    expect(saved.state).toBe('pending');
    const other = await a.clientWithRoles(['edit'], 'other-controller');
    const refused = await other.fetch(`/feed/pending/${saved.pendingId}/withdraw`, { method: 'POST' });
    expect(refused.status).toBe(403);
    const done = await controller.fetch(`/feed/pending/${saved.pendingId}/withdraw`, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ state: 'withdrawn' });
    expect((await pendingList(controller)).find((p) => p.id === saved.pendingId)!.state).toBe('withdrawn');
    const again = await controller.fetch(`/feed/pending/${saved.pendingId}/withdraw`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await audit('withdrawn-1')).map((e) => e.action)).toContain('withdraw');
    expect(await servedHeader(b.client(), 'withdrawn-1')).toBeUndefined();
  });

  it('does the same over tRPC (approvals.list, approve, reject) and answers the save’s state', async () => {
    const saved = await controller.trpc('mutation', 'feed.saveAlert', {
      entity: routeAlert('trpc-1', routeId, 'Via tRPC'),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.state).toBe('pending');
    const list = (await approver.trpc('query', 'approvals.list')).body.result.data as { id: string }[];
    expect(list.some((p) => p.id === saved.body.result.data.pendingId)).toBe(true);
    const refused = await approver.trpc('mutation', 'approvals.reject', {
      id: saved.body.result.data.pendingId,
      reason: '   ',
    });
    expect(refused.status).toBe(400);
    const done = await approver.trpc('mutation', 'approvals.approve', {
      id: saved.body.result.data.pendingId,
    });
    expect(done.body.result.data.state).toBe('published');
    expect(await eventually(async () => (await servedHeader(b.client(), 'trpc-1')) === 'Via tRPC')).toBe(
      true,
    );
  });

  it('holds a controller’s disruption while approval covers disruptions, applies it once approved', async () => {
    await setApproval(admin, 'alerts_and_disruptions');
    const body = {
      serviceDate: '20250923',
      select: { routeId: 'NTH', directionId: 0, from: '06:00', to: '08:00' },
      action: { type: 'cancel' },
      reason: 'Signal fault',
    };
    const res = await controller.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const held = await res.json();
    expect(held).toMatchObject({ id: null, state: 'pending', count: 2 });
    const listed = async () => (await (await controller.get('/feed/disruptions')).json()) as unknown[];
    expect(await listed()).toHaveLength(0);
    expect((await pendingList(approver)).find((p) => p.id === held.pendingId)).toMatchObject({
      state: 'pending',
      createdBy: 'controller',
      header: 'cancel on 20250923: Signal fault',
    });
    expect((await approve(controller, held.pendingId)).status).toBe(403);
    const approved = await approve(approver, held.pendingId);
    expect(approved.status).toBe(200);
    expect((await approved.json()).state).toBe('published');
    expect(await listed()).toHaveLength(1);
    expect((await approve(approver, held.pendingId)).status).toBe(409);
    await setApproval(admin, 'off');
  });
});
