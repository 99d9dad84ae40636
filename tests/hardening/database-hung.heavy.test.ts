import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { startPollerProcess } from '../bench/support/poller-process.ts';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { expectPromptPolls, pollUntil, tripAlert } from './helpers.ts';
import { postgresProcesses, type ServerProcess, signalAll, startServerProcess } from './server-process.ts';

/**
 * A database that hangs without going away (heavy: a real product process on its embedded
 * PostgreSQL, whose processes are all stopped with SIGSTOP for 17 s, about 40 s in all): the public
 * feeds, polled from another process, answer from memory at once; every call that needs the
 * database answers 503 within 5 s; after SIGCONT everything works again without a restart
 * (docs/operations.md "Faults the product survives").
 */

const HUNG_MS = 17_000;

const ANSWER_WITHIN_MS = 5_000;

/** The answer's status and how long it took, or 'hung' past `limitMs` (the request is left to end). */
async function timed(call: () => Promise<Response>, limitMs = 20_000) {
  const started = performance.now();
  const outcome = await Promise.race([
    call().then(
      async (res) => ({ res, body: await res.text() }),
      (error: Error) => ({ res: undefined, body: error.message }),
    ),
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), limitMs)),
  ]);
  const ms = performance.now() - started;
  if (outcome === 'hung') return { status: 'hung' as const, ms, body: '' };
  return { status: outcome.res?.status ?? 'failed', ms, body: outcome.body };
}

let tripId = '';
const alert = (id: string) => tripAlert(id, tripId);

describe.skipIf(process.platform !== 'linux')('[heavy] the embedded PostgreSQL stopped (SIGSTOP)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-hung-'));
  let server: ServerProcess | undefined;
  let stoppedPids: number[] = [];
  afterAll(async () => {
    signalAll(stoppedPids, 'SIGCONT');
    await server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the feeds answering at once, answers 503 within 5 s, and recovers after SIGCONT', async () => {
    server = await startServerProcess({ dataDir: dir });
    onTestFailed(() => console.log(`product output (end):\n${server?.output().slice(-6_000)}`));
    const admin = new HttpClient(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    tripId = Object.keys(await (await admin.get('/db/trips_to_routes')).json())[0]!;
    expect((await postEntity(admin, '/feed/service_alert', alert('before'))).status).toBe(200);
    expect((await admin.get('/static/shared/gtfs.zip')).status).toBe(200);

    // Clients that will log in while it is stopped, their CSRF token taken now.
    const fresh = [new HttpClient(server.url), new HttpClient(server.url)];
    for (const client of fresh) await client.csrfToken();
    const login = (client: HttpClient) =>
      client.postForm('/auth/login', { username: ADMIN.username, password: ADMIN.password });

    const poller = await startPollerProcess(`${server.url}/feed/alerts`, 40);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      stoppedPids = postgresProcesses(dir);
      signalAll(stoppedPids, 'SIGSTOP');
      console.log(`stopped at ${Date.now()}`);
      const stoppedAt = performance.now();

      // Calls in flight as it stops, and calls made while it stays stopped.
      const first = await Promise.all([
        timed(() => login(fresh[0]!)),
        timed(() => admin.get('/static/shared/gtfs.zip')),
        timed(() => postEntity(admin, '/feed/service_alert', alert('during'))),
        timed(() => admin.get('/readyz')),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const later = await Promise.all([
        timed(() => login(fresh[1]!)),
        timed(() => admin.get('/static/shared/gtfs.zip')),
        timed(() => admin.get('/readyz')),
      ]);
      console.log(
        'while stopped:',
        JSON.stringify([...first, ...later].map(({ status, ms }) => ({ status, ms }))),
      );
      for (const call of [...first, ...later]) {
        expect(call.ms, JSON.stringify(call)).toBeLessThan(ANSWER_WITHIN_MS);
        expect(call.status, JSON.stringify(call)).toBe(503);
      }
      expect(JSON.parse(first[0]!.body).description).toBe(
        'The database cannot be reached; nothing was saved. Try again in a moment.',
      );
      const refused = await timed(() => postEntity(admin, '/feed/service_alert', alert('refused')));
      expect(refused.status).toBe(503);

      // Stopped across a 15-second slot: a poll due a new stamp does not wait for the database.
      await new Promise((resolve) => setTimeout(resolve, HUNG_MS - (performance.now() - stoppedAt)));
      signalAll(stoppedPids, 'SIGCONT');
      stoppedPids = [];
      console.log(`continued at ${Date.now()}`);
      const resumedAt = performance.now();
      await pollUntil(
        '/readyz 200',
        async () => ((await admin.get('/readyz')).status === 200 ? true : undefined),
        15_000,
      );
      console.log(`/readyz 200 ${Math.round(performance.now() - resumedAt)} ms after SIGCONT`);
      const result = await poller.stop();
      const { latencies, failures } = result;
      const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
      console.log(
        `polls: ${latencies.length}, failures ${failures.length}, p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
      );
      expect(failures).toEqual([]);
      expect(latencies.length).toBeGreaterThan(HUNG_MS / 25 / 2);
      expectPromptPolls(latencies);
    } finally {
      poller.kill();
    }

    // Everything works again, without a restart.
    expect(server.child.exitCode).toBeNull();
    const again = new HttpClient(server.url);
    await again.login(ADMIN.username, ADMIN.password);
    expect((await postEntity(again, '/feed/service_alert', alert('after'))).status).toBe(200);
    expect((await again.get('/static/shared/gtfs.zip')).status).toBe(200);
  }, 90_000);
});
