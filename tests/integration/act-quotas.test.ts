import { users } from '@feeddesk/drizzle';
import { oneImportAtATime } from '@feeddesk/server/schedule/import/one-import-at-a-time';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed, sampleFiles } from '@feeddesk/server/schedule/test-support/sample-feed';
import { onBackgroundConnection } from '@feeddesk/server/workers/background-connection';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client.ts';
import { followOverSocket } from '../support/live.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * docs/rest-api.md "Quotas of a principal": previews and uploads a user or an API token has
 * running at once, in one process (PREVIEWS_PER_PRINCIPAL, UPLOADS_PER_PRINCIPAL).
 */
describe('previews and uploads per principal', () => {
  let t: TestApp;
  let admin: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await storeScheduleVersion(t.deps, {
      feed: sampleFeed(),
      sourceKind: 'zip',
      sourceName: 'gtfs.zip',
      uploadedBy: null,
      jobId: null,
    });
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  const principalOf = async (username: string) => {
    const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return `user:${row!.id}`;
  };
  const createToken = async (name: string, roles: string[]) => {
    const res = await admin.fetch('/auth/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, roles }),
    });
    expect(res.status).toBe(200);
    const { id, token } = (await res.json()) as { id: number; token: string };
    return { principal: `token:${id}`, client: new HttpClient(t.url, { bearer: token }) };
  };
  /** Holds every background connection of the process (two) until the returned function is called. */
  const holdBackgroundConnections = () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const held = [0, 1].map(() => onBackgroundConnection(t.deps, () => gate));
    return async () => {
      open();
      await Promise.all(held);
    };
  };

  it("counts a token's summaries as its own, not those of every token", async () => {
    const first = await createToken('Reporting system', ['excel']);
    const second = await createToken('Archive system', ['excel']);
    const refuse = () => t.deps.quotas.refusal('summaries_per_principal', 'too_many_summaries', 'held');
    // The first token has SUMMARIES_PER_PRINCIPAL (2) being made.
    const held = [0, 1].map(() => t.deps.quotas.take('summaries_per_principal', first.principal, 10, refuse));
    try {
      const refused = await first.client.fetch('/excel/make_excel', { method: 'POST' });
      expect(refused.status).toBe(429);
      expect((await refused.json()).details).toEqual({ quota: 'summaries_per_principal' });
      expect((await second.client.fetch('/excel/make_excel', { method: 'POST' })).status).toBe(200);
    } finally {
      for (const give of held) give();
    }
  });

  describe('disruption previews', () => {
    const serviceDate = '20250923';
    const previewOf = (client: HttpClient, action: object = { type: 'cancel' }) =>
      client.fetch('/feed/disruptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ serviceDate, select: { routeId: 'NTH' }, action, dryRun: true }),
      });
    const holding = (principal: string) => t.deps.quotas.holding('previews_per_principal', principal);

    it('refuses one more preview while a user has PREVIEWS_PER_PRINCIPAL running, serves another user and a token meanwhile, and gives the quota back at the answers', async () => {
      t.clock.now = null;
      const controller = await t.clientWithRoles(['edit'], 'controller');
      const colleague = await t.clientWithRoles(['edit'], 'colleague');
      const system = await createToken('Control system', ['edit']);
      t.clock.now = jnb('2025-09-23T05:00:00');
      const me = await principalOf('controller');
      const release = holdBackgroundConnections();
      let running: Promise<Response>[] = [];
      try {
        // The default PREVIEWS_PER_PRINCIPAL (4) of this controller, waiting for a connection.
        running = [0, 1, 2, 3].map(() => previewOf(controller));
        await expect.poll(() => holding(me), { timeout: 10_000 }).toBe(4);
        const refused = await previewOf(controller);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({
          error: 'Too many previews at once',
          description:
            'You have 4 disruption previews running already (PREVIEWS_PER_PRINCIPAL); wait for their answers, then preview again.',
          details: { quota: 'previews_per_principal' },
        });
        // Over tRPC too (the web form's previews).
        const overTrpc = await controller.trpc('mutation', 'disruptions.applyDisruption', {
          serviceDate,
          select: { routeId: 'NTH' },
          action: { type: 'cancel' },
          dryRun: true,
        });
        expect(overTrpc.status).toBe(429);
        // Another user and a token are not held back: theirs are taken and wait their turn.
        running.push(previewOf(colleague), previewOf(system.client));
        const them = await principalOf('colleague');
        await expect.poll(() => holding(them), { timeout: 10_000 }).toBe(1);
        await expect.poll(() => holding(system.principal), { timeout: 10_000 }).toBe(1);
      } finally {
        await release();
      }
      for (const res of await Promise.all(running)) expect(res.status).toBe(200);
      expect(holding(me)).toBe(0);
      expect(holding(system.principal)).toBe(0);
      expect((await previewOf(controller)).status).toBe(200);
      const metrics = await (await t.client().get('/metrics')).text();
      expect(metrics).toMatch(/feeddesk_quota_refusals_total\{quota="previews_per_principal"\} [1-9]/);
    });

    it('gives the quota back when previews fail', async () => {
      t.clock.now = null;
      const controller = await t.clientWithRoles(['edit'], 'failing-controller');
      t.clock.now = jnb('2025-09-23T05:00:00');
      const me = await principalOf('failing-controller');
      // More failing previews than the quota, one after another: each gives its unit back.
      for (let i = 0; i < 6; i++) {
        // Refused by the act itself (no stop named), after the quota was taken.
        const res = await previewOf(controller, { type: 'skip_stop' });
        expect(res.status).toBe(400);
        expect((await res.json()).description).toBe('Name the stop to skip in action.stopId.');
      }
      expect(holding(me)).toBe(0);
      expect((await previewOf(controller)).status).toBe(200);
    });
  });

  describe('schedule uploads', () => {
    const zip = zipSync(
      Object.fromEntries(
        Object.entries({
          ...sampleFiles,
          'routes.txt': sampleFiles['routes.txt']!.replace('#FF0000', 'FF0000'),
        }).map(([name, text]) => [name, strToU8(text)]),
      ),
    );
    const post = (client: HttpClient, bytes: Uint8Array = zip) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(bytes)]), 'sample.zip');
      return client.fetch('/gtfs/upload_gtfs', { method: 'POST', body: form });
    };
    const holding = (principal: string) => t.deps.quotas.holding('uploads_per_principal', principal);
    /** Holds every schedule load of the process (they run one at a time) until the function is called. */
    const holdLoads = () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const held = oneImportAtATime(() => gate);
      return async () => {
        open();
        await held;
      };
    };

    it('refuses a second upload while the first one is loading, naming its job; another planner and a token are served; the quota is back when the job ends', async () => {
      t.clock.now = null;
      const planner = await t.clientWithRoles(['view', 'gtfs'], 'planner');
      const colleague = await t.clientWithRoles(['view', 'gtfs'], 'planner-colleague');
      const system = await createToken('Timetable system', ['gtfs']);
      const me = await principalOf('planner');
      const release = holdLoads();
      const jobs: { client: HttpClient; jobId: string }[] = [];
      try {
        const first = await post(planner);
        expect(first.status).toBe(200);
        const jobId = await first.text();
        jobs.push({ client: planner, jobId });
        expect(holding(me)).toBe(1);
        const refused = await post(planner);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({
          error: 'Too many uploads',
          description: `Your upload ${jobId} is still being loaded (UPLOADS_PER_PRINCIPAL: 1 at once); wait until it is done (the Upload screen, or its job over /ws, follows it), then upload again.`,
          details: { quota: 'uploads_per_principal' },
        });
        const other = await post(colleague);
        expect(other.status).toBe(200);
        jobs.push({ client: colleague, jobId: await other.text() });
        const byToken = await post(system.client);
        expect(byToken.status).toBe(200);
        expect(holding(system.principal)).toBe(1);
        expect((await post(system.client)).status).toBe(429);
      } finally {
        await release();
      }
      for (const { client, jobId } of jobs) {
        const messages = await followOverSocket(client.baseUrl, client.cookieHeader, jobId, 'event');
        expect(messages.at(-1)!.status).toBe('done');
      }
      // Given back before the last message: a planner told "done" may upload again at once.
      expect(holding(me)).toBe(0);
      await expect.poll(() => holding(system.principal), { timeout: 30_000 }).toBe(0);
      expect((await uploadSchedule(planner, zip, 'again.zip')).final.status).toBe('done');
      const metrics = await (await t.client().get('/metrics')).text();
      expect(metrics).toMatch(/feeddesk_quota_refusals_total\{quota="uploads_per_principal"\} [1-9]/);
    });

    it('gives the quota back when an upload fails, and when the request is refused before its job', async () => {
      t.clock.now = null;
      const planner = await t.clientWithRoles(['view', 'gtfs'], 'unlucky-planner');
      const me = await principalOf('unlucky-planner');
      const broken = await uploadSchedule(planner, new TextEncoder().encode('not a zip file'), 'broken.zip');
      expect(broken.final.status).toBe('error');
      expect(holding(me)).toBe(0);
      const noFile = await planner.fetch('/gtfs/upload_gtfs', { method: 'POST', body: new FormData() });
      expect(noFile.status).toBe(400);
      await expect.poll(() => holding(me), { timeout: 10_000 }).toBe(0);
      expect((await uploadSchedule(planner, zip, 'good.zip')).final.status).toBe('done');
    });
  });
});
