import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { feedLog, openDb } from '@feeddesk/drizzle';
import { expireFeedEntities } from '@feeddesk/server/feed/expire-feed-entities';
import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import { jnb, sampleFeed } from '@feeddesk/server/schedule/test-support/sample-feed';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/databases.ts';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const schedule = sampleFeed({
  'trips.txt': ['route_id,service_id,trip_id,trip_headsign,direction_id', 'NTH,WD,WD-0700,Cape Town,0'].join(
    '\n',
  ),
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'WD-0700,07:00:00,07:00:00,EER,1',
    'WD-0700,07:30:00,07:31:00,BLV,2',
    'WD-0700,07:59:00,07:59:00,CPT,3',
  ].join('\n'),
});

type Received = { at: number; headers: IncomingHttpHeaders; body: string };

/** A receiver of the operator's own: records each request; `answer` says what it answers (null: never). */
async function startReceiver(port = 0) {
  const received: Received[] = [];
  const state: { answer: (n: number) => number | null } = { answer: () => 200 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ at: Date.now(), headers: req.headers, body });
      const status = state.answer(received.length);
      if (status !== null) res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    port: address.port,
    received,
    state,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Waits until `check` holds, polling every 50 ms, for at most `ms`. */
async function until<T>(check: () => T | undefined, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const ALL_EVENTS = [
  'alert.published',
  'alert.ended',
  'trip_update.saved',
  'trip_update.deleted',
  'disruption.applied',
  'disruption.lifted',
  'schedule.activated',
];

const alert = (id: string) => ({
  id,
  alert: {
    informedEntity: [{ routeId: 'NTH' }],
    headerText: { translation: [{ text: 'Lifts out of order', language: 'en-ZA' }] },
  },
});

async function addWebhook(client: HttpClient, url: string, events: string[] = ALL_EVENTS) {
  const res = await client.fetch('/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, events }),
  });
  return res;
}

/** The events received, verified with the webhook's secret as a receiver does (Standard Webhooks). */
function verified(received: Received[], secret: string) {
  const hook = new Webhook(secret);
  return received.map((r) => {
    const payload = hook.verify(r.body, {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    }) as { type: string; timestamp: string; data: Record<string, unknown> };
    return payload;
  });
}

/** docs/rest-api.md "Webhooks". */
describe('webhooks', () => {
  let t: TestApp;
  let admin: HttpClient;
  let controller: HttpClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOKS_PER_ADMIN: '3' } });
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    controller = await t.clientWithRoles(['edit'], 'controller');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const deleteAll = async () => {
    for (const w of (await (await admin.get('/webhooks')).json()) as { id: string }[])
      expect((await admin.fetch(`/webhooks/${w.id}`, { method: 'DELETE' })).status).toBe(200);
  };

  it('delivers each act signed within 2 s: schedule, alert, trip update, disruption, and their ends', async () => {
    const created = await addWebhook(admin, receiver.url);
    expect(created.status, await created.clone().text()).toBe(200);
    const { id, secret } = (await created.json()) as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await (await admin.get('/webhooks')).json();
    expect(listed).toEqual([
      { id, url: receiver.url, events: ALL_EVENTS, createdAt: expect.any(String), createdBy: 'admin' },
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const expectEvent = async (type: string, act: () => Promise<unknown>) => {
      const before = receiver.received.length;
      await act();
      const started = Date.now();
      const got = await until(
        () => verified(receiver.received.slice(before), secret).find((p) => p.type === type),
        2000,
      );
      expect(Date.now() - started).toBeLessThan(2000);
      return got;
    };

    const activated = await expectEvent('schedule.activated', () =>
      storeScheduleVersion(t.deps, {
        feed: schedule,
        sourceKind: 'zip',
        sourceName: 'gtfs.zip',
        uploadedBy: null,
        jobId: null,
      }),
    );
    expect(activated.data).toMatchObject({ kind: 'schedule_version', action: 'upload' });

    t.clock.now = jnb('2025-09-23T05:00:00');
    const published = await expectEvent('alert.published', async () => {
      const res = await postEntity(controller, '/feed/service_alert', alert('al-lifts'));
      expect(res.status, await res.clone().text()).toBe(200);
    });
    expect(published).toEqual({
      type: 'alert.published',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        kind: 'alert',
        id: 'al-lifts',
        action: 'save',
        by: 'controller',
        entity: expect.objectContaining({ id: 'al-lifts' }),
      },
    });
    const saved = await expectEvent('trip_update.saved', async () => {
      const res = await postEntity(controller, '/feed/trip_update', {
        id: 'tu-0700',
        tripUpdate: {
          trip: { tripId: 'WD-0700', startDate: '20250923' },
          stopTimeUpdate: [{ stopSequence: 2, stopId: 'BLV', arrival: { delay: 120 } }],
        },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    });
    expect(saved.data).toMatchObject({ kind: 'trip_update', id: 'tu-0700', by: 'controller' });
    await expectEvent('trip_update.deleted', async () => {
      const res = await controller.fetch('/feed/updates/delete_feed_entity?entity_id=tu-0700', {
        method: 'DELETE',
      });
      expect(res.status, await res.clone().text()).toBe(200);
    });
    await expectEvent('alert.ended', async () => {
      const res = await controller.fetch('/feed/alerts/delete_feed_entity?entity_id=al-lifts', {
        method: 'DELETE',
      });
      expect(res.status, await res.clone().text()).toBe(200);
    });
    let disruption = '';
    const applied = await expectEvent('disruption.applied', async () => {
      const res = await controller.fetch('/feed/disruptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          serviceDate: '20250923',
          select: { tripIds: ['WD-0700'] },
          action: { type: 'cancel' },
          reason: 'Signal fault',
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      disruption = ((await res.json()) as { id: string }).id;
    });
    expect(applied.data).toMatchObject({
      kind: 'disruption',
      id: disruption,
      action: 'apply',
      by: 'controller',
    });
    await expectEvent('disruption.lifted', async () => {
      const res = await controller.fetch(`/feed/disruptions/${disruption}`, { method: 'DELETE' });
      expect(res.status, await res.clone().text()).toBe(200);
    });
    t.clock.now = null;

    // The log lists each delivery with its attempt; the webhook-id is the delivery's.
    const log = (await (await admin.get(`/webhooks/${id}/deliveries`)).json()) as {
      id: number;
      event: string;
      status: string;
      nextAttemptAt: string | null;
      attempts: { statusCode: number | null; error: string | null }[];
    }[];
    expect(log.length).toBeGreaterThanOrEqual(7);
    expect(log.map((d) => d.event)).toEqual(expect.arrayContaining(ALL_EVENTS));
    expect(log.every((d) => d.status === 'delivered' && d.nextAttemptAt === null)).toBe(true);
    expect(log[0]!.attempts).toEqual([
      { at: expect.any(String), statusCode: 200, error: null, durationMs: expect.any(Number) },
    ]);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toContain(`msg_${log[0]!.id}`);
    // Served in /metrics.
    const metrics = await (await t.client().get('/metrics')).text();
    expect(metrics).toMatch(/feeddesk_webhook_attempts_total\{outcome="delivered"\} \d+/);
    await deleteAll();
  });

  it('sends alert.ended when an alert leaves the feed at the end of its time (no act of anyone)', async () => {
    const created = await addWebhook(admin, receiver.url, ['alert.ended']);
    const { secret } = (await created.json()) as { secret: string };
    t.clock.now = jnb('2025-09-23T05:00:00');
    const start = t.clock.now.getTime() / 1000;
    const res = await postEntity(controller, '/feed/service_alert', {
      id: 'al-brief',
      alert: { ...alert('al-brief').alert, activePeriod: [{ start, end: start + 600 }] },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const before = receiver.received.length;
    // ALERT_TTL_HOURS (24) after its end, it leaves the feed.
    t.clock.now = jnb('2025-09-24T05:30:00');
    try {
      expect(await expireFeedEntities(t.deps)).toBeGreaterThan(0);
    } finally {
      t.clock.now = null;
    }
    const ended = await until(
      () =>
        verified(receiver.received.slice(before), secret).find(
          (p) => p.type === 'alert.ended' && p.data.id === 'al-brief',
        ),
      2000,
    );
    expect(ended.data).toMatchObject({ kind: 'alert', id: 'al-brief', action: 'expire', by: null });
    await deleteAll();
  });

  it('retries a receiver that answers 500, and lists both attempts', async () => {
    const before = receiver.received.length;
    receiver.state.answer = (n) => (n === before + 1 ? 500 : 200);
    const { id, secret } = (await (await addWebhook(admin, receiver.url, ['alert.published'])).json()) as {
      id: string;
      secret: string;
    };
    const res = await postEntity(controller, '/feed/service_alert', alert('al-retry'));
    expect(res.status).toBe(200);
    await until(() => (receiver.received.length >= before + 1 ? true : undefined), 2000);
    const pending = (await (await admin.get(`/webhooks/${id}/deliveries`)).json()) as {
      status: string;
      nextAttemptAt: string;
      attempts: { statusCode: number }[];
    }[];
    expect(pending).toMatchObject([{ status: 'pending', attempts: [{ statusCode: 500 }] }]);
    expect(new Date(pending[0]!.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());
    await until(() => (receiver.received.length >= before + 2 ? true : undefined), 8000);
    const [first, second] = receiver.received.slice(before);
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    expect(verified([second!], secret)[0]!.type).toBe('alert.published');
    const log = (await (await admin.get(`/webhooks/${id}/deliveries`)).json()) as {
      status: string;
      attempts: { statusCode: number }[];
    }[];
    expect(log).toMatchObject([
      { status: 'delivered', attempts: [{ statusCode: 500 }, { statusCode: 200 }] },
    ]);
    receiver.state.answer = () => 200;
    await deleteAll();
  });

  it('never delivers an act that rolled back: the outbox row goes with it', async () => {
    const { id } = (await (await addWebhook(admin, receiver.url, ['alert.published'])).json()) as {
      id: string;
    };
    const before = receiver.received.length;
    const undone = new Error('rolled back');
    await expect(
      t.deps.db.transaction(async (tx) => {
        await tx.insert(feedLog).values({
          kind: 'alert',
          entityId: 'al-undone',
          action: 'save',
          at: new Date(),
          by: 'x',
          json: null,
        });
        throw undone;
      }),
    ).rejects.toBe(undone);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.length).toBe(before);
    expect(await (await admin.get(`/webhooks/${id}/deliveries`)).json()).toEqual([]);
    await deleteAll();
  });

  it('refuses non-admins, bad URLs, unknown or too many events, and more webhooks than the quota', async () => {
    const editor = await t.clientWithRoles(['edit', 'view', 'gtfs', 'excel']);
    expect((await addWebhook(editor, receiver.url)).status).toBe(403);
    expect((await editor.get('/webhooks')).status).toBe(403);
    expect((await editor.get('/webhooks/00000000-0000-0000-0000-000000000000/deliveries')).status).toBe(403);
    expect((await t.client().get('/webhooks')).status).toBe(401);

    const refusal = async (url: string, events: string[]) => {
      const res = await addWebhook(admin, url, events);
      return {
        status: res.status,
        body: (await res.json()) as { code: number; description: string; details?: unknown },
      };
    };
    for (const url of [
      'ftp://example.org/x',
      'not a url',
      'http://user:pw@example.org/',
      `http://example.org/${'a'.repeat(2100)}`,
    ]) {
      const r = await refusal(url, ['alert.published']);
      expect(r.status, url).toBe(400);
      expect(r.body.description, JSON.stringify(r.body)).toMatch(/URL/);
    }
    expect((await refusal(receiver.url, ['alert.sent'])).body.description).toMatch(
      /Unknown webhook event "alert.sent"/,
    );
    expect((await refusal(receiver.url, [])).body.description).toBe(
      'Choose at least one event for the webhook.',
    );
    expect(
      (
        await refusal(
          receiver.url,
          Array.from({ length: 5000 }, () => 'alert.published'),
        )
      ).status,
    ).toBe(400);
    expect((await refusal(receiver.url, ['x'.repeat(100_000)])).status).toBe(400);

    for (let i = 0; i < 3; i++)
      expect((await addWebhook(admin, `${receiver.url}?n=${i}`, ['alert.ended'])).status).toBe(200);
    const over = await refusal(receiver.url, ['alert.ended']);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: 429,
      error: 'Too many webhooks',
      details: { quota: 'webhooks_per_admin' },
    });
    expect(over.body.description).toContain('3 webhooks');
    // Another admin has a quota of their own.
    const second = await t.clientWithRoles(['admin']);
    expect((await addWebhook(second, receiver.url, ['alert.ended'])).status).toBe(200);
    expect((await admin.fetch('/webhooks/nope', { method: 'DELETE' })).status).toBe(404);
    expect((await admin.get('/webhooks/00000000-0000-0000-0000-000000000000/deliveries')).status).toBe(404);
    await deleteAll();
  });

  it('a receiver that never answers slows neither a save nor the other receivers', async () => {
    const silent = await startReceiver();
    silent.state.answer = () => null;
    try {
      for (let i = 0; i < 2; i++) await addWebhook(admin, `${silent.url}?n=${i}`, ['alert.published']);
      const { secret } = (await (await addWebhook(admin, receiver.url, ['alert.published'])).json()) as {
        secret: string;
      };
      const before = receiver.received.length;
      const started = performance.now();
      for (let i = 0; i < 5; i++) {
        const res = await postEntity(controller, '/feed/service_alert', alert(`al-silent-${i}`));
        expect(res.status).toBe(200);
      }
      const took = performance.now() - started;
      // Five saves, each told to two receivers that hold every request for the whole timeout (5 s).
      expect(took).toBeLessThan(2500);
      // The healthy receiver gets all five at once: each silent one holds one send slot, not all four.
      await until(() => (receiver.received.length >= before + 5 ? true : undefined), 2000);
      expect(
        verified(receiver.received.slice(before), secret)
          .map((p) => p.data.id)
          .sort(),
      ).toEqual(['al-silent-0', 'al-silent-1', 'al-silent-2', 'al-silent-3', 'al-silent-4']);
      expect(silent.received).toHaveLength(2);
    } finally {
      await deleteAll();
      await silent.close();
    }
  });
});

describe('webhook deliveries across a restart', () => {
  let database: TestDatabase;
  afterAll(() => database?.drop());

  it('a delivery pending when the process stops is sent by the next one on the same database', async () => {
    database = await openTestDatabase();
    // A port nobody listens on yet: the first attempt is refused, the delivery waits for its retry.
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();
    const first = await startTestApp({ database });
    const admin = first.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const { id, secret } = (await (
      await addWebhook(admin, `http://127.0.0.1:${port}/hook`, ['alert.published'])
    ).json()) as {
      id: string;
      secret: string;
    };
    const res = await postEntity(admin, '/feed/service_alert', alert('al-restart'));
    expect(res.status, await res.clone().text()).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    const log = (await (await admin.get(`/webhooks/${id}/deliveries`)).json()) as {
      status: string;
      attempts: { statusCode: number | null; error: string | null }[];
    }[];
    expect(log).toMatchObject([
      { status: 'pending', attempts: [{ statusCode: null, error: expect.any(String) }] },
    ]);
    await first.close();

    const receiver = await startReceiver(port);
    const second = await startTestApp({ database });
    try {
      await until(() => (receiver.received.length >= 1 ? true : undefined), 10_000);
      expect(verified(receiver.received, secret)[0]).toMatchObject({
        type: 'alert.published',
        data: { id: 'al-restart' },
      });
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});

describe('webhook deliveries with two processes on one PostgreSQL', () => {
  it('sends each delivery once, whichever process takes it', async () => {
    const first = await openTestDatabase();
    const a = await startTestApp({ database: first });
    const second = await openDb(first.url, { max: 5 });
    const b = await startTestApp({
      database: { database: second, url: first.url, drop: () => second.close() },
    });
    const receiver = await startReceiver();
    try {
      const onA = a.client();
      await onA.login(ADMIN.username, ADMIN.password);
      const onB = b.client();
      await onB.login(ADMIN.username, ADMIN.password);
      const { secret } = (await (await addWebhook(onA, receiver.url, ['alert.published'])).json()) as {
        secret: string;
      };
      for (let i = 0; i < 12; i++) {
        const res = await postEntity(i % 2 ? onB : onA, '/feed/service_alert', alert(`al-twice-${i}`));
        expect(res.status).toBe(200);
      }
      await until(() => (receiver.received.length >= 12 ? true : undefined), 5000);
      // Time for a second sending of any of them, were both processes to take one.
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.received).toHaveLength(12);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(12);
      expect(
        verified(receiver.received, secret)
          .map((p) => p.data.id)
          .sort(),
      ).toEqual(Array.from({ length: 12 }, (_, i) => `al-twice-${i}`).sort());
    } finally {
      await receiver.close();
      await b.close();
      await second.close();
      await a.close();
      await first.drop();
    }
  });
});
