import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { decodeFeedMessage, encodeFeedEntity } from '@feeddesk/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, type StaticServer, startNginxCache } from '../bench/support/nginx.ts';
import { openTestDatabase, type TestDatabase } from '../support/databases.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * deploy/nginx/feeddesk-cache.conf, the optional nginx of compose.yaml's `cache` profile, in front
 * of the real product (docs/scaling.md "A cache in front"): the public feeds are kept a second and
 * revalidated with the product's ETag, and served stale while the product is stopped or gone.
 */
const hasNginx = NGINX !== 'nginx';
// Skipped on a laptop without nginx, never in CI (.ci/run installs it).
if (!hasNginx && process.env.CI)
  throw new Error('CI needs nginx at /usr/sbin/nginx (apt-get install -y nginx).');

/** A poll on a connection of its own (fetch keeps its connections alive), as planners poll. */
function pollOnNewConnection(url: string): Promise<Poll> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // Asking for gzip as fetch does: the same copy as poll()'s.
    const request = get(url, { agent: false, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          etag: (res.headers.etag as string | undefined) ?? null,
          cache: (res.headers['x-cache-status'] as string | undefined) ?? null,
          bytes: res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body,
        });
      });
    });
    request.on('error', reject);
  });
}

type Poll = { status: number; ms: number; etag: string | null; cache: string | null; bytes: Buffer };
async function poll(url: string, headers: Record<string, string> = {}): Promise<Poll> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    ms: performance.now() - started,
    etag: res.headers.get('etag'),
    cache: res.headers.get('x-cache-status'),
    bytes,
  };
}

describe.skipIf(!hasNginx)('an nginx micro-cache in front of the public feeds', () => {
  let db: TestDatabase;
  let product: ServerProcess;
  let nginx: StaticServer | undefined;
  let cached: string;
  beforeAll(async () => {
    db = await openTestDatabase();
    product = await startServerProcess({ databaseUrl: db.url });
    // The shipped files as they are (writeShippedCacheSite), in an nginx of their own.
    nginx = await startNginxCache(product.url);
    cached = nginx.url;
  }, 180_000);
  afterAll(async () => {
    await nginx?.stop();
    if (product?.child.pid) {
      try {
        process.kill(product.child.pid, 'SIGCONT');
      } catch {
        // gone already
      }
    }
    await product?.kill();
    await db?.drop();
  });

  it('serves the product’s bytes, keeps them a second, answers 304 to its ETag and follows a change', async () => {
    // The feeds are stamped afresh every 15 s: a pair that straddles a stamp is taken again.
    let direct = await poll(`${product.url}/feed/positions`);
    let first = await poll(`${cached}/feed/positions`);
    for (let i = 0; i < 3 && first.etag !== direct.etag; i++) {
      await new Promise((r) => setTimeout(r, 1_100));
      direct = await poll(`${product.url}/feed/positions`);
      first = await poll(`${cached}/feed/positions`);
    }
    expect(first.status).toBe(200);
    expect(first.etag).toBe(direct.etag);
    expect(first.bytes.equals(direct.bytes)).toBe(true);
    const again = await poll(`${cached}/feed/positions`);
    expect(again.cache).toBe('HIT');
    expect((await poll(`${cached}/feed/positions`, { 'if-none-match': first.etag! })).status).toBe(304);
    // gzip and plain are kept apart.
    const gzip = await poll(`${cached}/feed/positions`, { 'accept-encoding': 'gzip' });
    expect(gzip.status).toBe(200);

    // A position saved on the product is served through the cache within about a second.
    const admin = new HttpClient(product.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const saved = await admin.fetch('/feed/vehicle_position', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: encodeFeedEntity({
        id: 'unit-7',
        vehicle: {
          vehicle: { id: 'unit-7' },
          position: { latitude: -33.9, longitude: 18.4 },
          timestamp: Math.floor(Date.now() / 1000),
        },
      }) as BodyInit,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const changed = (await poll(`${product.url}/feed/positions`)).etag;
    expect(changed).not.toBe(first.etag);
    // Through the cache: the change (or a later stamp of the same content) within about a second.
    const deadline = Date.now() + 3_000;
    let seen = await poll(`${cached}/feed/positions`);
    while (seen.etag === first.etag && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await poll(`${cached}/feed/positions`);
    }
    expect(seen.etag).not.toBe(first.etag);
    expect(decodeFeedMessage(new Uint8Array(seen.bytes)).entity.map((e) => e.id)).toContain('unit-7');
  });

  it('serves the last answer at once while the product is stopped, and after it is gone', async () => {
    const last = await poll(`${cached}/feed/positions`);
    expect(last.status).toBe(200);
    process.kill(product.child.pid!, 'SIGSTOP');
    // Journey planners, each poll on a connection of its own, and one client polling ten times a
    // second on one kept-alive connection.
    const stopped: Poll[] = [];
    const sameConnection: Poll[] = [];
    for (let i = 0; i < 30; i++) {
      stopped.push(await pollOnNewConnection(`${cached}/feed/positions`));
      sameConnection.push(await poll(`${cached}/feed/positions`));
      await new Promise((r) => setTimeout(r, 100));
    }
    process.kill(product.child.pid!, 'SIGCONT');
    for (const p of [...stopped, ...sameConnection]) {
      expect(p.status).toBe(200);
      expect(p.bytes.equals(last.bytes)).toBe(true);
    }
    // Answered from the copy at once; only a request on the connection whose request started a
    // refresh waits for that refresh to time out (250 ms for the feeds).
    const said = (polls: Poll[]) => polls.map((p) => `${Math.round(p.ms)} ${p.cache}`).join(', ');
    const ms = stopped.map((p) => p.ms).sort((a, b) => a - b);
    expect(ms[Math.floor(ms.length / 2)], said(stopped)).toBeLessThan(100);
    expect(ms.at(-1), said(stopped)).toBeLessThan(1_000);
    expect(Math.max(...sameConnection.map((p) => p.ms)), said(sameConnection)).toBeLessThan(1_000);
    expect(new Set(stopped.map((p) => p.cache))).not.toContain('MISS');

    // Gone: once the copy's second is over (a refresh the stopped product answered on SIGCONT
    // may have renewed it), every poll gets it, marked stale.
    await product.kill();
    const gone: Poll[] = [];
    for (let i = 0; i < 30 && gone.at(-1)?.cache !== 'STALE'; i++) {
      gone.push(await poll(`${cached}/feed/positions`));
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const p of gone) {
      expect(p.status).toBe(200);
      expect(p.bytes.equals(last.bytes)).toBe(true);
    }
    expect(gone.at(-1)?.cache, said(gone)).toBe('STALE');
  }, 60_000);
});
