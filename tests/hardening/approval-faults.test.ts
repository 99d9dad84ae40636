import { pendingItems } from '@feeddesk/drizzle';
import { createUser } from '@feeddesk/server/users/create-user';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  eventually,
  pendingList,
  postAlert,
  routeAlert,
  servedHeader,
  setApproval,
} from '../support/approvals.ts';
import { testServer } from '../support/databases.ts';
import { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { dbFaults, pollUntil } from './helpers.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Faults in the middle of two-person approval and publication times (docs/contract-notes.md):
 * nothing is half published, and nothing scheduled is lost with the process that saved it.
 */
describe('approvals under faults', () => {
  let t: TestApp;
  let admin: HttpClient;
  let controller: HttpClient;
  let approver: HttpClient;
  let routeId: string;
  let saver: ServerProcess | undefined;

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLISH_AT_CHECK_MS: '200' } });
    const planner = await t.clientWithRoles(['gtfs', 'view']);
    await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    admin = await t.clientWithRoles(['admin', 'view']);
    controller = await t.clientWithRoles(['edit'], 'controller');
    approver = await t.clientWithRoles(['view', 'approve'], 'approver');
    routeId = ((await (await controller.get('/db/get_routes')).json()) as { route_id: string }[])[0]!
      .route_id;
  });
  afterAll(async () => {
    await saver?.kill();
    await t?.close();
  });

  it.skipIf(!dbFaults)(
    'answers 503 when the database dies during an approve, and leaves the item pending and the feed as it was',
    async () => {
      await setApproval(admin, 'alerts');
      const saved = await (
        await postAlert(controller, routeAlert('fault-1', routeId, 'Signal fault'))
      ).json();
      expect(saved.state).toBe('pending');
      const name = new URL(t.db.url).pathname.slice(1);
      const server = postgres(testServer().url, { max: 1, onnotice: () => {} });
      const locker = postgres(t.db.url, { max: 1, onnotice: () => {} });
      try {
        // The approve's act takes the item's row lock: held here, the act waits inside its
        // transaction, where the database then dies under it.
        let release!: () => void;
        const released = new Promise<void>((r) => {
          release = r;
        });
        const [{ pid: lockerPid }] = await locker<{ pid: number }[]>`select pg_backend_pid() as pid`;
        const holding = locker
          .begin(async (tx) => {
            await tx`select id from pending_items where id = ${saved.pendingId} for update`;
            await released;
          })
          .catch(() => {});
        const approving = approve(approver, saved.pendingId);
        await pollUntil('the approve waiting on the item', async () => {
          const [row] = await server<{ n: number }[]>`
            select count(*)::int as n from pg_stat_activity
            where datname = ${name} and wait_event_type = 'Lock' and pid <> ${lockerPid}`;
          return row!.n > 0 ? true : undefined;
        });
        await server.unsafe(`alter database "${name}" allow_connections false`);
        await server`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> ${lockerPid}`;
        const res = await approving;
        expect(res.status).toBe(503);
        expect((await res.json()).description).toMatch(/nothing was saved/);
        release();
        await holding;
      } finally {
        await server.unsafe(`alter database "${name}" allow_connections true`);
        await server.end();
        await locker.end();
      }
      await pollUntil('the database back', async () =>
        (await t.client().get('/readyz')).status === 200 ? true : undefined,
      );
      const [item] = await t.deps.db.select().from(pendingItems).where(eq(pendingItems.id, saved.pendingId));
      expect(item).toMatchObject({ state: 'pending', decidedBy: null, publishedAt: null });
      expect(await servedHeader(t.client(), 'fault-1')).toBeUndefined();
      const audit = (await (await admin.get('/audit/entries?entity=fault-1&limit=20')).json()) as {
        entries: { action: string }[];
      };
      expect(audit.entries.map((e) => e.action)).not.toContain('approve');
      // The next try works, without a restart.
      expect((await approve(approver, saved.pendingId)).status).toBe(200);
      expect(
        await eventually(async () => (await servedHeader(t.client(), 'fault-1')) === 'Signal fault'),
      ).toBe(true);
      await setApproval(admin, 'off');
    },
    60_000,
  );

  it('publishes at its time an alert whose saving process was killed before it', async () => {
    await setApproval(admin, 'off');
    saver = await startServerProcess({
      databaseUrl: t.db.url,
      env: { DEMO_SCHEDULE: 'false', PUBLISH_AT_CHECK_MS: '200' },
    });
    await createUser(t.deps, {
      username: 'remote-controller',
      password: 'a-long-password-1',
      roles: ['edit'],
    });
    const remote = new HttpClient(saver.url);
    await remote.login('remote-controller', 'a-long-password-1');
    const at = Math.floor(Date.now() / 1000) + 4;
    const res = await postAlert(remote, routeAlert('orphan-1', routeId, 'Saved before the crash'), {
      publishAt: at,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).state).toBe('scheduled');
    await saver.kill();
    expect(await servedHeader(t.client(), 'orphan-1')).toBeUndefined();
    expect(
      await eventually(
        async () => (await servedHeader(t.client(), 'orphan-1')) === 'Saved before the crash',
        20_000,
      ),
    ).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(at * 1000);
    const item = (await pendingList(controller)).find((p) => p.entityId === 'orphan-1');
    expect(item).toBeUndefined();
    const [row] = await t.deps.db.select().from(pendingItems).where(eq(pendingItems.entityId, 'orphan-1'));
    expect(row!.state).toBe('published');
  }, 120_000);
});
