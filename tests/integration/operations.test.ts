import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir } from '@feeddesk/drizzle';
import { findMissingMigrations } from '@feeddesk/drizzle/migration-status';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testServer } from '../support/databases.ts';
import { postEntity } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { parsePrometheus, sampleValue } from '../support/prometheus.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Tuesday 23 September 2025, 06:00 in Johannesburg: the demo schedule's weekday trains run. */
const NOW = new Date('2025-09-23T04:00:00Z');
const journal = JSON.parse(readFileSync(join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};

describe('health and readiness (docs/rest-api.md "Operations")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers /healthz and /readyz 200 without a session, and sets no cookie', async () => {
    for (const [path, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { status: 'ready' }],
    ] as const) {
      const res = await fetch(t.url + path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(body);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('answers /readyz 503 naming the migration the database lacks', async () => {
    const last = journal.entries.at(-1)!;
    const { sql } = t.deps.database.raw;
    await sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`;
    try {
      const res = await fetch(`${t.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'not_ready',
        reason: `The database lacks migrations: ${last.tag}.`,
      });
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    } finally {
      await sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${last.when})`;
    }
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  });

  it('answers /readyz 503 when its database is gone, while /healthz stays 200', async () => {
    const db = await openTestDatabase();
    const other = await startTestApp({ database: db });
    const name = new URL(db.url).pathname.slice(1);
    const admin = postgres(testServer().url, { max: 1, onnotice: () => {} });
    try {
      expect((await fetch(`${other.url}/readyz`)).status).toBe(200);
      await admin.unsafe(`drop database ${name} with (force)`);
      const res = await fetch(`${other.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not_ready', reason: 'The database does not answer.' });
      expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
    } finally {
      await other.close().catch(() => {});
      await db.database.close().catch(() => {});
      await admin.end();
    }
  });

  it('finds every migration missing on a database that never had one', async () => {
    const admin = postgres(testServer().url, { max: 1, onnotice: () => {} });
    const name = `fd_empty_${Date.now()}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(testServer().url);
    url.pathname = `/${name}`;
    const bare = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      // Not openDb: it would migrate. The readiness check reads only the raw connection.
      const missing = await findMissingMigrations({ raw: { sql: bare } } as never);
      expect(missing).toEqual(journal.entries.map((e) => e.tag));
    } finally {
      await bare.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe('/metrics (docs/rest-api.md "Operations")', () => {
  let t: TestApp;
  let editor: HttpClient;
  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.url}/metrics`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(await res.text());
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_CACHE_SECONDS: '0', CONSISTENCY_HEADWAY_GAP_MINUTES: '50' } });
    const planner = await t.clientWithRoles(['gtfs'], 'planner');
    editor = await t.clientWithRoles(['edit', 'view'], 'controller');
    t.clock.now = NOW;
    const upload = await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    expect(upload.final.status).toBe('done');
  });
  afterAll(() => t?.close());

  it('counts a poll of the feed under its route pattern, method and status class', async () => {
    const series = { route: '/feed/:feed', method: 'GET', status_class: '2xx' };
    const count = 'feeddesk_http_request_duration_seconds_count';
    const before = sampleValue(await scrape(), count, series) ?? 0;
    expect((await fetch(`${t.url}/feed/updates`)).status).toBe(200);
    expect((await fetch(`${t.url}/feed/alerts?format=json`)).status).toBe(200);
    const after = await scrape();
    expect(sampleValue(after, count, series)).toBe(before + 2);
    // The raw URL never becomes a label: one series per pattern.
    expect(after.filter((s) => s.labels.route?.startsWith('/feed/updates'))).toEqual([]);
    const missing = await fetch(`${t.url}/no/such/path/42`);
    expect(missing.status).toBe(404);
    expect(
      sampleValue(await scrape(), count, { route: 'unmatched', method: 'GET', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports the feed gauges right after a save, and the consistency findings by severity', async () => {
    const saved = await postEntity(editor, '/feed/trip_update', {
      id: 'tu-107',
      tripUpdate: { trip: { tripId: 'WD-107', scheduleRelationship: 3 } },
    } as never);
    expect(saved.status).toBe(200);
    const samples = await scrape();
    expect(sampleValue(samples, 'feeddesk_feed_entities', { feed: 'updates' })).toBe(1);
    expect(sampleValue(samples, 'feeddesk_feed_entities', { feed: 'alerts' })).toBe(0);
    const age = sampleValue(samples, 'feeddesk_feed_age_seconds', { feed: 'updates' })!;
    // The feed's change time comes from the test's fixed clock (2025), the age from the real one.
    expect(age).toBeCloseTo((Date.now() - NOW.getTime()) / 1000, -1);
    expect(sampleValue(samples, 'feeddesk_feed_age_seconds', { feed: 'alerts' })).toBeUndefined();

    const findings = (await (await editor.get('/feed/consistency')).json()) as { severity: string }[];
    expect(findings.map((f) => f.severity)).toEqual(['warning']);
    expect(sampleValue(samples, 'feeddesk_consistency_findings', { severity: 'warning' })).toBe(1);
    expect(sampleValue(samples, 'feeddesk_consistency_findings', { severity: 'error' })).toBe(0);
  });

  it('reports the last schedule load: its rows, its phases, and the upload job', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'feeddesk_schedule_rows', { table: 'trips' })).toBeGreaterThan(10);
    expect(sampleValue(samples, 'feeddesk_schedule_rows', { table: 'stopTimes' })).toBeGreaterThan(100);
    for (const phase of ['read', 'validate', 'load'])
      expect(sampleValue(samples, 'feeddesk_schedule_load_phase_seconds', { phase })).toBeGreaterThan(0);
    expect(
      sampleValue(samples, 'feeddesk_job_duration_seconds_count', {
        kind: 'schedule_upload',
        status: 'done',
      }),
    ).toBe(1);
    expect(sampleValue(samples, 'feeddesk_schedule_activated_timestamp_seconds')).toBe(NOW.getTime() / 1000);
  });

  it('has the process default metrics', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'a-metrics-token-of-some-length';
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t?.close());

  it('answers a scraper with the bearer token, and 401 without it or with another', async () => {
    const ok = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('# TYPE feeddesk_feed_entities gauge');
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer another-token-entirely' },
      { authorization: token },
    ]) {
      const res = await fetch(`${t.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        code: 401,
        error: 'Metrics token needed',
        description: 'Send the metrics token as header Authorization: Bearer <METRICS_TOKEN>.',
      });
    }
    // The probes stay open.
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });
});
