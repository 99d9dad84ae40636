import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheus, sampleValue } from '../support/prometheus.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** The access log as `npm start` writes it (LOG_LEVEL info): lines collected from pino's stream. */
describe('access log', () => {
  const lines: Record<string, unknown>[] = [];
  let app: TestApp;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await startTestApp({
      logger: { level: 'info', stream },
      env: { LOG_SUMMARY_SECONDS: '3600' },
    });
  });
  afterAll(() => app?.close());

  it('summarises the polls of the public feeds and logs each staff request', async () => {
    const first = await fetch(`${app.url}/feed/updates`);
    const etag = first.headers.get('etag')!;
    for (let i = 0; i < 4; i++)
      await fetch(`${app.url}/feed/updates`, { headers: { 'if-none-match': etag } });
    await fetch(`${app.url}/feed/alerts?format=json`);
    await fetch(`${app.url}/auth/csrf`);

    expect(lines.filter((l) => String(l.url ?? '').startsWith('/feed/'))).toEqual([]);
    expect(lines.filter((l) => l.msg === 'request')).toMatchObject([
      { method: 'GET', url: '/auth/csrf', status: 200 },
    ]);
    expect(lines.filter((l) => l.msg === 'polls')).toEqual([]);

    await app.app.close(); // flushes the summaries of the period
    const polls = lines.filter((l) => l.msg === 'polls');
    expect(polls.map(({ path, polls, statuses }) => ({ path, polls, statuses }))).toEqual([
      { path: '/feed/updates', polls: 5, statuses: { 200: 1, 304: 4 } },
      { path: '/feed/alerts', polls: 1, statuses: { 200: 1 } },
    ]);
    for (const summary of polls) {
      expect(summary.p50Ms).toBeGreaterThan(0);
      expect(summary.p99Ms).toBeLessThanOrEqual(summary.maxMs as number);
    }
  });
});

describe('process vitals', () => {
  it("logs the main thread's event-loop delay and the memory once per period, and counts every sample in /metrics", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await startTestApp({
      logger: { level: 'info', stream },
      env: { LOG_SUMMARY_SECONDS: '0.2' },
    });
    try {
      // Block the event loop for 150 ms: the next line must show it.
      const until = performance.now() + 150;
      while (performance.now() < until);
      await new Promise((r) => setTimeout(r, 500));
      const vitals = lines.filter((l) => l.msg === 'vitals') as {
        eventLoopDelayMs: { p50: number; p99: number; max: number };
        rssMb: number;
      }[];
      expect(vitals.length).toBeGreaterThanOrEqual(1);
      expect(Math.max(...vitals.map((v) => v.eventLoopDelayMs.max))).toBeGreaterThanOrEqual(135);
      // The delay, not the sampling timer's own 10 ms period: an idle loop reads next to nothing.
      expect(Math.min(...vitals.map((v) => v.eventLoopDelayMs.p50))).toBeLessThan(8);
      expect(vitals[0]!.rssMb).toBeGreaterThan(10);
      // The histogram keeps every sample: the stall is the one over 100 ms, the rest are under 20 ms.
      const samples = parsePrometheus(await (await fetch(`${app.url}/metrics`)).text());
      const bucket = (le: string) =>
        sampleValue(samples, 'feeddesk_event_loop_delay_seconds_bucket', { le }) ?? Number.NaN;
      const count = sampleValue(samples, 'feeddesk_event_loop_delay_seconds_count') ?? 0;
      expect(count).toBeGreaterThan(20);
      expect(count - bucket('0.1')).toBeGreaterThanOrEqual(1);
      expect(bucket('0.02') / count).toBeGreaterThan(0.8);
    } finally {
      await app.close();
    }
  });
});
