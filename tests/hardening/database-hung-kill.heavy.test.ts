import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '@feeddesk/drizzle/embedded-postgres';
import { decodeFeedMessage } from '@feeddesk/proto';
import { afterAll, describe, expect, it, onTestFailed, onTestFinished } from 'vitest';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { tripAlert } from './helpers.ts';
import { postgresProcesses, type ServerProcess, signalAll, startServerProcess } from './server-process.ts';

/**
 * The product killed (SIGKILL) while its database hangs (every PostgreSQL process stopped with
 * SIGSTOP), then PostgreSQL continued and the product started again (heavy: real product processes,
 * about a minute each): the next start is clean and keeps everything saved before. With the
 * embedded PostgreSQL a start while the dead product's server is still stopped does not wait for
 * ever: it ends, non-zero, with a sentence naming the stopped server and what to do. With
 * DATABASE_URL a start does not hang on the stopped server once it is continued, even when it
 * began while the server was stopped (docs/operations.md "Faults the product survives").
 */

let tripId = '';
const alert = (id: string) => tripAlert(id, tripId);

/** The alerts' ids the feed serves. */
async function alertIds(url: string): Promise<string[]> {
  const res = await new HttpClient(url).get('/feed/alerts');
  expect(res.status).toBe(200);
  return decodeFeedMessage(new Uint8Array(await res.arrayBuffer())).entity.map((e) => e.id);
}

/** Saves `id` (200), stops every process of the PostgreSQL in `dataDir`, then kills the product mid-save. */
async function killWhileHung(server: ServerProcess, dataDir: string, id: string): Promise<number[]> {
  const admin = new HttpClient(server.url);
  await admin.login(ADMIN.username, ADMIN.password);
  tripId ||= Object.keys(await (await admin.get('/db/trips_to_routes')).json())[0]!;
  const saved = await postEntity(admin, '/feed/service_alert', alert(id));
  expect(saved.status, await saved.clone().text()).toBe(200);
  const stopped = postgresProcesses(dataDir);
  signalAll(stopped, 'SIGSTOP');
  // Continued whatever the test's end: a stopped server left behind holds its port and memory.
  onTestFinished(() => signalAll(stopped, 'SIGCONT'));
  // A save in flight as it dies.
  void postEntity(admin, '/feed/service_alert', alert(`${id}-in-flight`)).catch(() => {});
  await new Promise((r) => setTimeout(r, 1_500));
  await server.kill();
  return stopped;
}

/** Logs in and saves: the database works. */
async function expectWorking(server: ServerProcess, id: string): Promise<void> {
  const admin = new HttpClient(server.url);
  await admin.login(ADMIN.username, ADMIN.password);
  const res = await postEntity(admin, '/feed/service_alert', alert(id));
  expect(res.status, await res.clone().text()).toBe(200);
}

describe.skipIf(process.platform !== 'linux')(
  '[heavy] the product killed while its database hangs, then started again',
  () => {
    const dirs: string[] = [];
    const servers: ServerProcess[] = [];
    let stopped: number[] = [];
    let external: EmbeddedPostgres | undefined;
    afterAll(async () => {
      for (const server of servers) await server.kill();
      await external?.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });
    const tempDir = () => {
      // Directly under /tmp: the embedded server's user must pass through the folder above it.
      const dir = mkdtempSync(join(tmpdir(), 'feeddesk-hungkill-'));
      dirs.push(dir);
      return dir;
    };
    const start = async (options: Parameters<typeof startServerProcess>[0]) => {
      const server = await startServerProcess(options);
      servers.push(server);
      return server;
    };

    it('embedded: a start beside the stopped server ends with a sentence; once continued, it starts and keeps all', {
      timeout: 240_000,
    }, async () => {
      const dataDir = tempDir();
      const first = await start({ dataDir });
      onTestFailed(() => console.log(servers.map((s) => s.output().slice(-4_000)).join('\n----\n')));
      stopped = await killWhileHung(first, dataDir, 'saved-before');

      // Started while the dead product's PostgreSQL is still stopped: no wait for ever.
      const startedAt = Date.now();
      const beside = await startServerProcess({ dataDir }).then(
        (server) => {
          servers.push(server);
          return 'ready';
        },
        (error: Error) => error.message,
      );
      const ms = Date.now() - startedAt;
      console.log(`a start beside the stopped server, after ${ms} ms: ${beside.split('\n')[0]}`);
      if (beside !== 'ready') {
        expect(beside).not.toMatch(/did not start in 90 s/);
        expect(beside).toMatch(/exited at start \(exit code [1-9]/);
        expect(beside).toMatch(new RegExp(`PostgreSQL pid ${stopped[0]} .*is stopped`));
        expect(beside).toContain(`kill -CONT ${stopped[0]}`);
      } else await servers.at(-1)!.kill();

      // Continued: the dead product's server goes, and the next start is clean.
      signalAll(stopped, 'SIGCONT');
      stopped = [];
      const again = await start({ dataDir });
      expect(await alertIds(again.url)).toContain('saved-before');
      await expectWorking(again, 'saved-after');
      expect(await alertIds(again.url)).toEqual(expect.arrayContaining(['saved-before', 'saved-after']));
    });

    it('DATABASE_URL: once the stopped server is continued, a start does not hang, and keeps all', {
      timeout: 240_000,
    }, async () => {
      // A PostgreSQL server of this test's own (the shared one is not stopped under others).
      const pgDir = tempDir();
      external = await startEmbeddedPostgres({ dataDir: pgDir, durable: false });
      const databaseUrl = external.url;
      const first = await start({ databaseUrl });
      onTestFailed(() => console.log(servers.map((s) => s.output().slice(-4_000)).join('\n----\n')));
      stopped = await killWhileHung(first, pgDir, 'url-before');
      signalAll(stopped, 'SIGCONT');
      stopped = [];
      const second = await start({ databaseUrl });
      expect(await alertIds(second.url)).toContain('url-before');
      await expectWorking(second, 'url-second');

      // Killed again while stopped, and started while it is still stopped: continued 5 s later,
      // the start goes on and gets ready.
      stopped = await killWhileHung(second, pgDir, 'url-again');
      const starting = startServerProcess({ databaseUrl });
      await new Promise((r) => setTimeout(r, 5_000));
      signalAll(stopped, 'SIGCONT');
      stopped = [];
      const continuedAt = Date.now();
      const third = await starting;
      servers.push(third);
      console.log(`ready ${Date.now() - continuedAt} ms after the continue`);
      expect(Date.now() - continuedAt).toBeLessThan(30_000);
      expect(await alertIds(third.url)).toEqual(
        expect.arrayContaining(['url-before', 'url-second', 'url-again']),
      );
      await expectWorking(third, 'url-after');
    });
  },
);
