import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { pollUntil } from './helpers.ts';
import { postmasterPid, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * docs/backup.md and docs/operations.md "Faults the product survives": the embedded PostgreSQL
 * killed (SIGKILL of its postmaster) midway through `npm run backup` of a running product (heavy:
 * real product and backup processes). The backup ends failed with a sentence saying what happened
 * and what to do, leaves no archive nor half-written file behind, the product lives on and gets
 * its database back by itself, and the next backup is restored into a fresh DATA_DIR. Its first
 * start, the embedded PostgreSQL killed while it replays the backup's WAL, starts it again and
 * gets ready (saying so); the next start serves the restored database too.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run backup|restore` as its script runs it. */
function runTask(
  task: 'backup' | 'restore',
  path: string,
  dataDir: string,
  onLine: (line: string, child: ChildProcess) => void = () => {},
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string }> {
  const env = { ...process.env, DATA_DIR: dataDir } as Record<string, string>;
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'drizzle/src/backup-command.ts', task, path], {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk;
    for (const line of chunk.toString().split('\n')) if (line) onLine(line, child);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  // A backup that hangs is a failure too: ended after `timeoutMs`, its output says where it was.
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    }),
  );
}

/** Products started by firstStart, ended by the suite's afterAll should a test time out meanwhile. */
const starting = new Set<ChildProcess>();

/** The product started on `dataDir` until it is ready (then stopped) or exits: its output and how it ended. */
async function firstStart(dataDir: string): Promise<string> {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    DEMO_SCHEDULE: 'false',
    LOG_LEVEL: 'warn',
  } as Record<string, string>;
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main-product.ts'], {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  starting.add(child);
  child.once('exit', () => starting.delete(child));
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
    if (output.includes('Feed desk ready')) child.kill('SIGTERM');
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const [code, signal] = await new Promise<[number | null, string | null]>((done) =>
    child.once('exit', (c, sig) => done([c, sig])),
  );
  if (output.includes('Feed desk ready')) return `ready: ${output.slice(-3000)}`;
  // Its last words may come after the exit event.
  await new Promise((r) => setTimeout(r, 500));
  return `exit ${code} ${signal}: ${output.slice(-3000)}`;
}

describe('[heavy] the embedded PostgreSQL killed during a backup', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'feeddesk-backup-kill-'));
    chmodSync(dir, 0o755); // as root the server runs as `postgres`, which must reach DATA_DIR
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const child of starting) child.kill('SIGTERM');
    for (const server of servers) await server.kill();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  let dataDir = '';
  let product: ServerProcess;
  // The product started before the test's own bound (a cold start took 20 s on a loaded machine).
  beforeAll(async () => {
    dataDir = join(tempDir(), 'data');
    product = await startServerProcess({ dataDir, env: { DEMO_SCHEDULE: 'false' } });
    servers.push(product);
  });

  it('fails the backup with a sentence and nothing written, the product lives on, and the next backup restores and starts', async () => {
    onTestFailed(() => console.log(`product output (end):\n${product.output().slice(-6_000)}`));
    const backups = tempDir();
    const t0 = Date.now();
    const archive = join(backups, 'desk.tar.gz');

    let killed = false;
    const failed = await runTask('backup', archive, dataDir, (line) => {
      if (killed || !line.startsWith('Backup started')) return;
      killed = true;
      process.kill(postmasterPid(dataDir), 'SIGKILL');
    });
    const step = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
    step(`the backup ended ${failed.code}`);
    expect(killed, failed.output).toBe(true);
    expect(failed.code, failed.output).toBe(1);
    expect(failed.output).toMatch(
      /The database went away during the backup \(.+\); nothing was written to .*desk\.tar\.gz\. Once it answers again \(the product starts its embedded PostgreSQL again by itself\), run the backup again\./,
    );
    // Nothing half written is left to be taken for a backup.
    expect(existsSync(archive)).toBe(false);
    expect(readdirSync(backups)).toEqual([]);
    expect(product.child.exitCode, 'the product exited').toBeNull();

    // The product's database is back by itself, and the next backup works.
    await pollUntil(
      '/readyz 200',
      async () => ((await new HttpClient(product.url).get('/readyz')).status === 200 ? true : undefined),
      30_000,
    );
    step('the database is back');
    const next = await runTask('backup', archive, dataDir);
    step('backed up');
    expect(next.code, next.output).toBe(0);
    expect(next.output).toMatch(/Backup written to .*desk\.tar\.gz/);

    // Restored into a fresh DATA_DIR, it starts.
    const fresh = join(tempDir(), 'data');
    const restored = await runTask('restore', archive, fresh);
    expect(restored.code, restored.output).toBe(0);
    step('restored');
    // Its first start replays the backup's WAL: the embedded PostgreSQL killed as soon as it runs.
    let recoveryKilled = false;
    const watcher = setInterval(() => {
      if (recoveryKilled || !existsSync(join(fresh, 'postgres', 'postmaster.pid'))) return;
      const pid = postmasterPid(fresh);
      if (!pid) return;
      recoveryKilled = true;
      process.kill(pid, 'SIGKILL');
    }, 2);
    const first = await firstStart(fresh);
    clearInterval(watcher);
    step(`first start, its database killed (${recoveryKilled}): ${first.slice(0, 300)}`);
    expect(recoveryKilled).toBe(true);
    // Killed while it started (replaying the backup's WAL): that start starts it again and goes on
    // (a kill that came after it was ready is what the supervisor survives:
    // database-outage.heavy.test.ts).
    expect(first).toMatch(/^ready: /);
    expect(first).toMatch(
      /The embedded PostgreSQL was ended while it started \(signal SIGKILL\); starting it again \(attempt 2 of 4\)|The embedded PostgreSQL exited \(signal SIGKILL\); restarting it/,
    );
    const copy = await startServerProcess({ dataDir: fresh, env: { DEMO_SCHEDULE: 'false' } });
    servers.push(copy);
    expect((await new HttpClient(copy.url).get('/readyz')).status).toBe(200);
    // The restored database whole: its administrator signs in.
    expect((await new HttpClient(copy.url).login(ADMIN.username, ADMIN.password)).status).toBe(200);
    step('the restored copy started');
  }, 90_000);
});
