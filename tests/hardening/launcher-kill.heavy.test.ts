import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { pollUntil } from './helpers.ts';

/**
 * docs/operations.md "Faults the product survives": `npm start`'s launcher (scripts/run.mjs, the
 * process a service manager or a shell knows) killed by SIGKILL, which it cannot pass on. Before,
 * the product it had started served on, orphaned, with its embedded PostgreSQL (one was seen 35
 * minutes later). Now the product notices and shuts down cleanly, its PostgreSQL with it: killed
 * once it is ready, and killed while its PostgreSQL starts. Heavy: real processes, a web build.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('[heavy] npm start killed by SIGKILL', () => {
  const dirs: string[] = [];
  const left: number[] = [];
  afterAll(() => {
    for (const pid of left) if (alive(pid)) process.kill(pid, 'SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  for (const moment of ['once ready', 'while its PostgreSQL starts'] as const) {
    it(`ends the product and its embedded PostgreSQL, the launcher killed ${moment}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'feeddesk-launcher-'));
      chmodSync(dir, 0o755); // as root the server runs as `postgres`, which must reach DATA_DIR
      dirs.push(dir);
      const dataDir = join(dir, 'data');
      const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', DEMO_SCHEDULE: 'false' } as Record<
        string,
        string
      >;
      delete env.DATABASE_URL;
      delete env.NODE_OPTIONS;
      const launcher = spawn(process.execPath, ['scripts/run.mjs', 'start'], {
        cwd: repo,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      launcher.stdout!.on('data', (d) => {
        output += d;
      });
      launcher.stderr!.on('data', (d) => {
        output += d;
      });
      const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
      const postmaster = () => Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      await pollUntil(
        moment === 'once ready' ? 'the product ready' : 'its PostgreSQL starting',
        async () =>
          (
            moment === 'once ready'
              ? output.includes('Feed desk ready')
              : existsSync(pidFile) && postmaster() > 0
          )
            ? true
            : undefined,
        120_000,
        5,
      );
      const children = readFileSync(`/proc/${launcher.pid}/task/${launcher.pid}/children`, 'utf8');
      const product = Number(children.trim().split(/\s+/)[0]);
      const database = postmaster();
      left.push(product, database);
      expect(alive(product) && alive(database), output).toBe(true);
      if (moment === 'once ready') {
        // PORT=0: the ready line names the port the system gave, and it answers there.
        const url = /Feed desk ready at (http:\/\/[\d.]+:\d+)/.exec(output)?.[1] ?? '';
        expect(url, output).not.toMatch(/:0$/);
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
      }

      launcher.kill('SIGKILL');
      // Started meanwhile, it gets ready, then shuts down.
      await pollUntil(
        'the product and its PostgreSQL gone',
        async () => (!alive(product) && !alive(database) ? true : undefined),
        60_000,
      ).catch((error: Error) => {
        throw new Error(
          `${error.message}: product ${alive(product) ? 'alive' : 'gone'}, PostgreSQL ${alive(database) ? 'alive' : 'gone'}\n${output.slice(-3_000)}`,
        );
      });
      // Gone: their pids are no longer this test's to kill (the system reuses pids, 32 768 of
      // them here, within minutes: a later kill could hit another test's browser).
      left.splice(left.indexOf(product), 1);
      left.splice(left.indexOf(database), 1);
      // Stopped cleanly: the server removed its lock itself.
      expect(existsSync(pidFile)).toBe(false);
    }, 240_000);
  }
});
