import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeFeedMessage, type FeedEntity } from '@feeddesk/proto';
import postgres from 'postgres';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { parsePrometheus, sampleValue } from '../support/prometheus.ts';
import { ADMIN } from '../support/test-app.ts';
import { expectCleanError, pollUntil, tripAlert } from './helpers.ts';
import {
  holdPort,
  postmasterPid,
  printedUrl,
  release,
  type ServerProcess,
  startServerProcess,
} from './server-process.ts';

/**
 * A dead database (heavy: real product and gateway processes on an embedded PostgreSQL, about two
 * minutes): the embedded PostgreSQL killed with SIGKILL under a running product is noticed, said,
 * restarted; meanwhile /readyz says 503, saves get 503 with a sentence and the feeds keep their
 * content without a fresh stamp; the database keeps its port across restarts, so a gateway started
 * beside it with the printed DATABASE_URL finds it again.
 */

const UNREACHABLE = 'The database cannot be reached; nothing was saved. Try again in a moment.';

async function loggedIn(url: string): Promise<HttpClient> {
  const client = new HttpClient(url);
  await client.login(ADMIN.username, ADMIN.password);
  return client;
}

type Poll = { status: number; stamp: number; etag: string | null; lastModified: string | null };

async function pollAlerts(client: HttpClient, headers: Record<string, string> = {}): Promise<Poll> {
  const res = await client.get('/feed/alerts', { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    stamp: res.status === 200 ? Number(decodeFeedMessage(bytes).header.timestamp) : 0,
    etag: res.headers.get('etag'),
    lastModified: res.headers.get('last-modified'),
  };
}

async function alertIds(client: HttpClient): Promise<string[]> {
  const res = await client.get('/feed/alerts');
  return decodeFeedMessage(new Uint8Array(await res.arrayBuffer())).entity.map((e) => e.id);
}

async function status(client: HttpClient, path: string): Promise<number> {
  return (await client.get(path)).status;
}

async function anAlert(admin: HttpClient, id: string): Promise<FeedEntity> {
  const trips = Object.keys(await (await admin.get('/db/trips_to_routes')).json());
  return tripAlert(id, trips[0]!);
}

describe('[heavy] the embedded PostgreSQL killed under a running product', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-dbdown-'));
  let server: ServerProcess | undefined;
  let blocker: Server | undefined;
  afterAll(async () => {
    if (blocker) await release(blocker);
    await server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says so, answers 503, stops re-stamping the feeds, restarts it and recovers', async () => {
    server = await startServerProcess({ dataDir: dir });
    // What the product logged is what tells a failure in CI apart.
    onTestFailed(() => console.log(`product output (end):\n${server?.output().slice(-8_000)}`));
    const admin = await loggedIn(server.url);
    const anon = new HttpClient(server.url);
    expect((await postEntity(admin, '/feed/service_alert', await anAlert(admin, 'before'))).status).toBe(200);
    const port = Number(new URL(printedUrl(server)).port);

    // Killed, and its port taken at once: the restarts fail until the port is let go, so the
    // outage lasts long enough to watch (a free port, and it is back within a second or two).
    process.kill(postmasterPid(dir), 'SIGKILL');
    const killedAt = Date.now();
    blocker = await holdPort(port);
    await pollUntil(
      '/readyz 503',
      async () => ((await status(anon, '/readyz')) === 503 ? true : undefined),
      5_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    await pollUntil(
      'the log saying the database exited',
      async () => (/embedded PostgreSQL exited \(signal SIGKILL\)/.test(server!.output()) ? true : undefined),
      5_000,
    );

    const refused = await postEntity(admin, '/feed/service_alert', await anAlert(admin, 'during'));
    expect((await expectCleanError(refused, 503)).description).toBe(UNREACHABLE);

    // The feed keeps its content, stamped no later than its last confirmation (before the kill),
    // even past the next 15-second slot, where a feed that is known current is re-stamped.
    const frozen = await pollAlerts(anon);
    expect(frozen.status).toBe(200);
    expect(frozen.stamp).toBeLessThanOrEqual(Math.floor(killedAt / 1000));
    await new Promise((r) => setTimeout(r, (15 - ((Date.now() / 1000) % 15) + 6) * 1000));
    const later = await pollAlerts(anon);
    expect(later).toEqual(frozen);
    expect((await pollAlerts(anon, { 'if-none-match': frozen.etag! })).status).toBe(304);
    const metrics = parsePrometheus(await (await anon.get('/metrics')).text());
    const age = sampleValue(metrics, 'feeddesk_feed_confirmed_age_seconds', { feed: 'alerts' });
    expect(age).toBeGreaterThanOrEqual((Date.now() - killedAt) / 1000 - 1);

    // The port let go: back within seconds, the feed confirmed and stamped afresh, saves work.
    await release(blocker);
    blocker = undefined;
    const releasedAt = Date.now();
    await pollUntil(
      '/readyz 200',
      async () => ((await status(anon, '/readyz')) === 200 ? true : undefined),
      30_000,
    );
    console.log(`back ${Date.now() - releasedAt} ms after the port was let go`);
    expect(server.output()).toMatch(/embedded PostgreSQL is back/);
    await pollUntil(
      'a fresh stamp',
      async () => ((await pollAlerts(anon)).stamp > frozen.stamp ? true : undefined),
      10_000,
    );
    expect((await postEntity(admin, '/feed/service_alert', await anAlert(admin, 'after'))).status).toBe(200);
    expect(await alertIds(anon)).toEqual(expect.arrayContaining(['before', 'after']));

    // Killed again with its port left free, while a backend is busy with a query of minutes (it
    // lives on after its postmaster, holding the shared memory, until the query ends): /readyz 200
    // again well within 30 s, on the same port.
    const busy = postgres(printedUrl(server), { max: 2, onnotice: () => {} });
    const query = busy`select count(*) from generate_series(1, 3000000000)`.catch((e: Error) => e);
    await pollUntil('the busy backend', async () => {
      const [row] = await busy`select count(*)::int as n from pg_stat_activity
        where state = 'active' and query like 'select count(*) from generate_series%'`;
      return row!.n > 0 ? true : undefined;
    });
    process.kill(postmasterPid(dir), 'SIGKILL');
    const again = Date.now();
    await pollUntil(
      '/readyz 503',
      async () => ((await status(anon, '/readyz')) === 503 ? true : undefined),
      5_000,
    );
    await pollUntil(
      '/readyz 200',
      async () => ((await status(anon, '/readyz')) === 200 ? true : undefined),
      30_000,
    );
    const recovery = Date.now() - again;
    console.log(`from kill -9 of the postmaster to /readyz 200: ${recovery} ms`);
    expect(server.output()).toMatch(/Ended 1 process\(es\) of the dead PostgreSQL/);
    expect(await query).toBeInstanceOf(Error);
    await busy.end({ timeout: 0 });
    expect(recovery).toBeLessThan(30_000);
    expect(readFileSync(join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]).toBe(String(port));
    expect((await postEntity(admin, '/feed/service_alert', await anAlert(admin, 'again'))).status).toBe(200);
  }, 150_000);
});

describe('[heavy] the embedded PostgreSQL keeps its address across restarts of the product', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-dbport-'));
  let product: ServerProcess | undefined;
  let gateway: ServerProcess | undefined;
  let blocker: Server | undefined;
  afterAll(async () => {
    if (blocker) await release(blocker);
    await gateway?.kill();
    await product?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a gateway started beside it through a restart of the product', async () => {
    product = await startServerProcess({ dataDir: dir });
    const url = printedUrl(product);
    gateway = await startServerProcess({ databaseUrl: url, entry: 'gateway' });
    const beside = new HttpClient(gateway.url);
    expect(await status(beside, '/readyz')).toBe(200);

    // Killed: its watcher stops the database with it; the gateway notices.
    await product.kill();
    await pollUntil(
      'gateway /readyz 503',
      async () => ((await status(beside, '/readyz')) === 503 ? true : undefined),
      10_000,
    );
    product = await startServerProcess({ dataDir: dir });
    expect(printedUrl(product)).toBe(url);
    await pollUntil(
      'gateway /readyz 200',
      async () => ((await status(beside, '/readyz')) === 200 ? true : undefined),
      30_000,
    );
    const admin = await loggedIn(product.url);
    expect((await postEntity(admin, '/feed/service_alert', await anAlert(admin, 'restarted'))).status).toBe(
      200,
    );
    await pollUntil(
      'the save in the gateway',
      async () => ((await alertIds(beside)).includes('restarted') ? true : undefined),
      10_000,
    );

    // Its port taken while the product was down: another one, and the log says so.
    const port = Number(new URL(url).port);
    await product.kill();
    blocker = await holdPort(port);
    product = await startServerProcess({ dataDir: dir, env: { LOG_LEVEL: 'info' } });
    expect(new URL(printedUrl(product)).port).not.toBe(String(port));
    expect(product.output()).toMatch(new RegExp(`port ${port}.*is taken`));
  }, 150_000);
});
