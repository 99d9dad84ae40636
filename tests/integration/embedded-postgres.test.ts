import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@feeddesk/drizzle/embedded-postgres';
import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../hardening/server-process.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-embedded-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const sql = connectPostgres(url, { max: 1, onnotice: () => {} });
  try {
    return [...(await sql.unsafe<T[]>(text))];
  } finally {
    await sql.end();
  }
}

describe('the embedded PostgreSQL', () => {
  const dir = tempDir();
  const pidFile = join(dir, 'postgres', 'postmaster.pid');

  it('starts in a new folder, stops cleanly, and keeps its data across restarts', async () => {
    const first = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    expect(first.url).toMatch(/^postgres:\/\/postgres:[0-9a-f]+@127\.0\.0\.1:\d+\/postgres$/);
    await query(first.url, 'create table kept (v text); insert into kept values ($$across restarts$$)');
    // The product's own connections go through the Unix socket in the cluster folder (no server address).
    expect(first.localUrl).toContain(`host=${encodeURIComponent(join(dir, 'postgres'))}`);
    expect(await query(first.localUrl, 'select inet_server_addr() as addr, v from kept')).toEqual([
      { addr: null, v: 'across restarts' },
    ]);
    await first.stop();
    expect(existsSync(pidFile)).toBe(false);
    await expect(query(first.url, 'select 1')).rejects.toThrow(/ECONNREFUSED/);

    const second = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'across restarts' }]);
    await second.stop();
  });

  it('starts over a stale postmaster.pid of a dead server', async () => {
    const dead = spawnSync('true').pid;
    writeFileSync(pidFile, `${dead}\n${join(dir, 'postgres')}\n0\n5432\n`);
    const server = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    expect(await query(server.url, 'select v from kept')).toHaveLength(1);
    await server.stop();
  });

  // A copy of DATA_DIR taken while its server runs names that live server in postmaster.pid: the
  // lock is not the copy's, and PostgreSQL would refuse it ("lock file already exists").
  it('starts a copy of a running folder, whose postmaster.pid names the original’s live server', async () => {
    const running = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    try {
      const copy = tempDir();
      expect(
        spawnSync('cp', ['-a', join(dir, 'postgres'), join(dir, 'postgres.password'), copy]).status,
      ).toBe(0);
      expect(existsSync(join(copy, 'postgres', 'postmaster.pid'))).toBe(true);
      const started = Date.now();
      const second = await startEmbeddedPostgres({ dataDir: copy, durable: false });
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(await query(second.url, 'select v from kept')).toHaveLength(1);
      // The original's lock is its own: still there, its server still answers.
      expect(existsSync(pidFile)).toBe(true);
      expect(await query(running.url, 'select v from kept')).toHaveLength(1);
      await second.stop();
    } finally {
      await running.stop();
    }
  });

  it('still refuses a folder whose server runs (another feed desk on the same DATA_DIR)', async () => {
    const running = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    try {
      await expect(
        startEmbeddedPostgres({ dataDir: dir, durable: false, previousServerWaitMs: 1_000 }),
      ).rejects.toThrow(/another feed desk runs on this DATA_DIR/);
    } finally {
      await running.stop();
    }
  });

  it('says so when its port is taken', async () => {
    const holder: Server = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    const port = (holder.address() as { port: number }).port;
    const warnings: string[] = [];
    try {
      await expect(
        startEmbeddedPostgres({ dataDir: dir, durable: false, port, warn: (l) => warnings.push(l) }),
      ).rejects.toThrow(new RegExp(`127\\.0\\.0\\.1:${port}: the port is taken`));
    } finally {
      holder.close();
    }
    // A refusal is not tried again: its sentence says what to do.
    expect(warnings.filter((w) => w.includes('starting it again'))).toEqual([]);
  });

  /** Kills (SIGKILL) each server that writes its postmaster.pid, up to `times`; returns the count so far. */
  function killEachStart(times: number): { stop(): number } {
    const killed = new Set<number>();
    const timer = setInterval(() => {
      if (killed.size >= times || !existsSync(pidFile)) return;
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (!pid || killed.has(pid)) return;
      killed.add(pid);
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }, 2);
    return {
      stop() {
        clearInterval(timer);
        return killed.size;
      },
    };
  }

  it('starts again a server killed while it starts, a bounded number of times (docs/backup.md)', async () => {
    const warnings: string[] = [];
    const once = killEachStart(1);
    const server = await startEmbeddedPostgres({
      dataDir: dir,
      durable: false,
      warn: (l) => warnings.push(l),
    });
    expect(once.stop()).toBe(1);
    expect(warnings).toContain(
      'The embedded PostgreSQL was ended while it started (signal SIGKILL); starting it again (attempt 2 of 4)',
    );
    expect(await query(server.url, 'select v from kept')).toHaveLength(1);
    await server.stop();

    // Killed at every start: the start ends after 4, saying what to do.
    warnings.length = 0;
    const always = killEachStart(100);
    await expect(
      startEmbeddedPostgres({ dataDir: dir, durable: false, warn: (l) => warnings.push(l) }),
    ).rejects.toThrow(
      /was ended by a signal at each of its 4 starts \(last: signal SIGKILL\): something on this machine ends it/,
    );
    expect(always.stop()).toBe(4);
    expect(warnings.filter((w) => w.includes('starting it again'))).toHaveLength(3);
    // The next start, unhindered, serves the folder.
    const next = await startEmbeddedPostgres({ dataDir: dir, durable: false });
    expect(await query(next.url, 'select v from kept')).toHaveLength(1);
    await next.stop();
  }, 60_000);

  it('refuses a folder of another PostgreSQL version and the first release’s PGlite folder', async () => {
    const other = tempDir();
    mkdirSync(join(other, 'postgres'));
    writeFileSync(join(other, 'postgres', 'PG_VERSION'), '16\n');
    await expect(startEmbeddedPostgres({ dataDir: other })).rejects.toThrow(
      /holds PostgreSQL 16 data.*pg_upgrade/,
    );

    const first = tempDir();
    mkdirSync(join(first, 'db'));
    writeFileSync(join(first, 'db', 'PG_VERSION'), '17\n');
    await expect(startEmbeddedPostgres({ dataDir: first })).rejects.toThrow(/first release \(PGlite\).*mv /s);
  });

  it.runIf(process.getuid?.() === 0)(
    'as root, says which folder the postgres user cannot pass through to DATA_DIR',
    async () => {
      const closed = tempDir(); // mkdtemp: mode 0700, owned by root
      const dataDir = join(closed, 'inner', 'data');
      await expect(startEmbeddedPostgres({ dataDir, durable: false })).rejects.toThrow(
        new RegExp(`cannot pass through ${closed} \\(mode 700\\).*chmod o\\+x ${closed}`),
      );
    },
  );
});

describe('the product on its embedded PostgreSQL (npm start)', () => {
  const dir = tempDir();
  let server: ServerProcess | undefined;
  afterAll(() => server?.kill());
  const printedUrl = (s: ServerProcess) => /DATABASE_URL=(postgres:\/\/\S+?)\)?$/m.exec(s.output())?.[1];

  it('prints its URL for other processes, recovers after SIGKILL, and stops with SIGTERM', async () => {
    server = await startServerProcess({ dataDir: dir, env: { DEMO_SCHEDULE: 'false' } });
    const url = printedUrl(server);
    expect(url).toBeDefined();
    // A second process shares the database through the printed URL.
    expect(await query(url!, 'select username from users')).toEqual([{ username: ADMIN.username }]);
    await query(url!, `insert into users (username, password_hash) values ('shared', 'x')`);

    await server.kill();
    server = await startServerProcess({ dataDir: dir, env: { DEMO_SCHEDULE: 'false' } });
    const admin = new HttpClient(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const users = (await (await admin.get('/auth/list_users')).json()) as { username: string }[];
    expect(users.map((u) => u.username).sort()).toEqual([ADMIN.username, 'shared']);

    const again = printedUrl(server)!;
    const exited = new Promise<number | null>((done) => server!.child.once('exit', (code) => done(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
    await expect(query(again, 'select 1')).rejects.toThrow(/ECONNREFUSED/);
  }, 180_000);
});
