import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeFeedMessage } from '@feeddesk/proto';
import postgres from 'postgres';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { pollUntil, tripAlert } from './helpers.ts';
import { postmasterPid, printedUrl, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * The embedded PostgreSQL asked to stop by something else on the machine (heavy: a real product on
 * its embedded PostgreSQL, about a minute). SIGTERM is PostgreSQL's "smart" shutdown: it refuses
 * new connections and waits for every session to end, and the product's own sessions (its pool,
 * its LISTEN) never end, so the database would refuse new connections for ever while the product
 * waited. Sent to the postmaster alone (`kill`, `killall postgres`) or with the product's watcher
 * process around it (`pkill -f <DATA_DIR>`), the product finishes that stop and starts it again.
 */

/** A new connection to the database works (a database in smart shutdown refuses it). */
async function connects(url: string): Promise<true | undefined> {
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return undefined;
  } finally {
    await sql.end({ timeout: 0 });
  }
}

describe('[heavy] the embedded PostgreSQL sent SIGTERM by another process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-dbterm-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the stop and starts it again, to the postmaster alone and with its watcher', async () => {
    server = await startServerProcess({ dataDir: dir });
    onTestFailed(() => console.log(`product output (end):\n${server?.output().slice(-8_000)}`));
    const admin = new HttpClient(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const anon = new HttpClient(server.url);
    const tripId = Object.keys(await (await admin.get('/db/trips_to_routes')).json())[0]!;
    expect((await postEntity(admin, '/feed/service_alert', tripAlert('before', tripId))).status).toBe(200);

    const kinds = [
      { name: 'the postmaster alone', pids: (pm: number) => [pm] },
      {
        name: 'the postmaster and its watcher',
        pids: (pm: number) => [
          Number(
            execFileSync('ps', ['-o', 'ppid=', '-p', String(pm)])
              .toString()
              .trim(),
          ),
          pm,
        ],
      },
    ];
    for (const [i, kind] of kinds.entries()) {
      const before = postmasterPid(dir);
      for (const pid of kind.pids(before)) process.kill(pid, 'SIGTERM');
      const sentAt = Date.now();
      await pollUntil(
        `a new postmaster after SIGTERM to ${kind.name}`,
        async () => {
          try {
            return postmasterPid(dir) !== before ? true : undefined;
          } catch {
            return undefined; // between two servers: no postmaster.pid
          }
        },
        30_000,
      );
      await pollUntil(
        `new connections after SIGTERM to ${kind.name}`,
        () => connects(printedUrl(server!)),
        30_000,
      );
      await pollUntil(
        '/readyz 200',
        async () => ((await anon.get('/readyz')).status === 200 ? true : undefined),
        30_000,
      );
      console.log(`SIGTERM to ${kind.name}: back in ${Date.now() - sentAt} ms`);
      const saved = await postEntity(admin, '/feed/service_alert', tripAlert(`after-${i}`, tripId));
      expect(saved.status).toBe(200);
    }
    expect(server.output()).toMatch(/asked to stop by another process/);
    const alerts = decodeFeedMessage(new Uint8Array(await (await anon.get('/feed/alerts')).arrayBuffer()));
    expect(alerts.entity.map((e) => e.id).sort()).toEqual(['after-0', 'after-1', 'before']);
  }, 150_000);
});
