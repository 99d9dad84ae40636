import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { storeFile } from '@feeddesk/server/files/store-file';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/databases.ts';
import { pollUntil } from './helpers.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Slow readers ate memory. Every GET of a download loaded the whole stored file
 * (a 304 too) and handed it to the socket at once, so a client that never read held a copy of
 * the file in the server: 150 of them took the product from 350 MB to 3 GB. Downloads are now
 * streamed a chunk at a time as the socket drains, and a matching conditional GET is answered
 * from the file's metadata alone (docs/contract-notes.md "A service nobody can stop").
 */

// Other figures for a measurement (not for CI): SLOW_READERS=150 SLOW_READER_MB=16 npx vitest run …
const FILE_BYTES = Number(process.env.SLOW_READER_MB ?? 16) * 1024 * 1024;
const READERS = Number(process.env.SLOW_READERS ?? 60);

let testDb: TestDatabase;
let server: ServerProcess;
let sql: postgres.Sql;
let bytes: Buffer;

beforeAll(async () => {
  testDb = await openTestDatabase();
  server = await startServerProcess({ databaseUrl: testDb.url });
  sql = postgres(testDb.url, { max: 2, onnotice: () => {} });
  await pollUntil('the demo schedule', async () =>
    (await fetch(`${server.url}/static/shared/gtfs.zip`)).status === 200 ? true : undefined,
  );
  // The current schedule's zip becomes a file of several MB (random: nothing compresses it).
  bytes = randomBytes(FILE_BYTES);
  const id = await storeFile(
    { db: testDb.database.db, now: () => new Date() },
    {
      kind: 'schedule_zip',
      name: 'gtfs.zip',
      contentType: 'application/zip',
      bytes,
      createdBy: 'test',
    },
  );
  await sql`update schedule_versions set zip_file_id = ${id} where status = 'current'`;
});

afterAll(async () => {
  await server?.kill();
  await sql?.end({ timeout: 5 });
  await testDb?.drop();
});

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** The highest RSS of the server over `ms` (memory is sampled, not waited for). */
async function peakRss(pid: number, ms: number): Promise<number> {
  let peak = rssBytes(pid);
  for (const end = Date.now() + ms; Date.now() < end; ) {
    await new Promise((r) => setTimeout(r, 100));
    peak = Math.max(peak, rssBytes(pid));
  }
  return peak;
}

/** A client that sends a GET, takes the first bytes of the answer and then never reads again. */
function stalledReader(path: string): Promise<Socket> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const timer = setTimeout(() => reject(new Error('no answer in 60 s')), 60_000);
    socket.once('error', reject);
    socket.once('data', () => {
      clearTimeout(timer);
      socket.pause();
      resolve(socket);
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

async function timedGet(path: string): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const res = await fetch(`${server.url}${path}`);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - start };
}

describe('downloads to clients that do not read', () => {
  it('hold a bounded amount of memory per connection, and the feed still answers at once', async () => {
    const pid = server.child.pid!;
    // Warm up: the code of a download compiled, the pools filled, before the baseline is taken.
    await timedGet('/feed/updates');
    await timedGet('/static/shared/gtfs.zip');
    for (const socket of await Promise.all(
      Array.from({ length: 5 }, () => stalledReader('/static/shared/gtfs.zip')),
    ))
      socket.destroy();
    const before = await peakRss(pid, 500);
    const sockets: Socket[] = [];
    try {
      // Ten at a time: the old code answered each only after loading the whole file.
      for (let i = 0; i < READERS; i += 10) {
        const batch = Array.from({ length: Math.min(10, READERS - i) }, () =>
          stalledReader('/static/shared/gtfs.zip'),
        );
        sockets.push(...(await Promise.all(batch)));
      }
      const polls = [];
      for (let i = 0; i < 5; i++) polls.push(await timedGet('/feed/updates'));
      const during = await peakRss(pid, 2000);
      const grown = during - before;
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      console.log(
        `RSS ${mb(before)} -> ${mb(during)} (+${mb(grown)}) with ${READERS} stalled readers of ${mb(FILE_BYTES)}; feed polls ${polls.map((p) => p.ms.toFixed(0)).join(', ')} ms`,
      );
      // Each stalled download may keep a few chunks in the server, never the file: a tenth of
      // what one copy of the file per connection would cost (that copy is what the old code held).
      expect(grown, `RSS grew by ${mb(grown)}`).toBeLessThan((FILE_BYTES * READERS) / 10);
      for (const poll of polls) {
        expect(poll.status).toBe(200);
        expect(poll.ms).toBeLessThan(1000);
      }
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    // The abandoned downloads hold no database connection: a whole download still comes, intact.
    const res = await fetch(`${server.url}/static/shared/gtfs.zip`);
    expect(res.status).toBe(200);
    const got = Buffer.from(await res.arrayBuffer());
    expect(got.length).toBe(FILE_BYTES);
    expect(createHash('sha256').update(got).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
  });

  it('answers a matching conditional GET (and a HEAD) from the metadata, without reading the file', async () => {
    const url = `${server.url}/static/shared/gtfs.zip`;
    const full = await fetch(url);
    expect(full.status).toBe(200);
    const etag = full.headers.get('etag')!;
    const lastModified = full.headers.get('last-modified')!;
    expect(etag).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
    expect(full.headers.get('content-length')).toBe(String(FILE_BYTES));
    expect(Buffer.compare(Buffer.from(await full.arrayBuffer()), bytes)).toBe(0);

    // While a transaction holds the chunks' table locked, any read of a file's bytes waits: what
    // answers meanwhile read none. (No timing: the lock makes a read wait for as long as it holds.)
    const locker = await sql.reserve();
    let unconditional: Promise<Response> | undefined;
    try {
      await locker`begin`;
      await locker`lock table stored_file_chunks in access exclusive mode`;
      let answered = false;
      unconditional = fetch(url).then((res) => {
        answered = true;
        return res;
      });
      const conditional = (headers: Record<string, string>, method = 'GET') =>
        fetch(url, { method, headers, signal: AbortSignal.timeout(20_000) });
      const conditions: Record<string, string>[] = [
        { 'if-none-match': etag },
        { 'if-none-match': `"elsewhere", W/${etag}` },
        { 'if-modified-since': lastModified },
        { 'if-none-match': etag, 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
      ];
      for (const headers of conditions) {
        const res = await conditional(headers);
        expect(res.status, JSON.stringify(headers)).toBe(304);
        expect(res.headers.get('etag')).toBe(etag);
        expect((await res.arrayBuffer()).byteLength).toBe(0);
      }
      const head = await conditional({}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(FILE_BYTES));
      // The unconditional GET is still waiting for the bytes the lock holds back.
      expect(answered).toBe(false);
    } finally {
      await locker`rollback`;
      locker.release();
    }
    const res = await unconditional!;
    expect(res.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), bytes)).toBe(0);
    // A different ETag, or an older date, gets the file.
    const stale = await fetch(url, {
      headers: { 'if-none-match': '"elsewhere"', 'if-modified-since': lastModified },
    });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(FILE_BYTES);
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await fetch(url, { headers: { 'if-modified-since': older } })).status).toBe(200);
  });
});
