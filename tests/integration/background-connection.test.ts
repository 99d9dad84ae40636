import { readFileSync, statSync } from 'node:fs';
import { loadConfig } from '@feeddesk/server/config';
import { createAppDeps } from '@feeddesk/server/create-deps';
import type { AppDeps } from '@feeddesk/server/deps';
import { silentLogger } from '@feeddesk/server/deps';
import { onBackgroundConnection } from '@feeddesk/server/workers/background-connection';
import { LOAD_NICE } from '@feeddesk/server/workers/background-priority';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/databases.ts';

/** A disruption's preview, apply and lift run on a connection of their own, behind serving. */
describe('long acts on a background connection', () => {
  let database: TestDatabase;
  let deps: AppDeps;
  beforeAll(async () => {
    database = await openTestDatabase();
    deps = createAppDeps({
      config: loadConfig({ LOG_LEVEL: 'silent', DEMO_SCHEDULE: 'false' }),
      database: database.database,
      log: silentLogger,
    });
  });
  afterAll(() => database?.drop());

  const backendPid = async (d: Pick<AppDeps, 'db'>) =>
    ((await d.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[])[0]!.pid;
  const connected = async (pid: number) =>
    (
      (await deps.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where pid = ${pid}`,
      )) as unknown as { n: number }[]
    )[0]!.n;

  it('runs on a backend of its own, at background priority when the database runs here, and closes it', async () => {
    const pools = new Set(await Promise.all([1, 2, 3].map(() => backendPid(deps))));
    const pid = await onBackgroundConnection(deps, (own) => {
      expect(own.db).not.toBe(deps.db);
      return backendPid(own);
    });
    expect(pools.has(pid)).toBe(false);
    expect(await connected(pid)).toBe(0);
    const reniced = await onBackgroundConnection(deps, async (own) => {
      const ownPid = await backendPid(own);
      // Only a database process of this machine that this user may renice is (as CI's and the embedded one are).
      const stat = `/proc/${ownPid}`;
      let mayRenice = false;
      try {
        mayRenice =
          readFileSync(`${stat}/comm`, 'utf8').trim() === 'postgres' &&
          (process.getuid?.() === 0 || statSync(stat).uid === process.getuid?.());
      } catch {
        // Not Linux, or the database is elsewhere.
      }
      // Field 19 of /proc/<pid>/stat, counted after the command's closing parenthesis.
      const fields = mayRenice ? readFileSync(`${stat}/stat`, 'utf8').split(') ')[1]!.split(' ') : [];
      return { mayRenice, nice: mayRenice ? Number(fields[16]) : null };
    });
    if (reniced.mayRenice) expect(reniced.nice).toBe(LOAD_NICE);
    // The pool's own backends are untouched.
    for (const poolPid of pools) {
      try {
        expect(
          Number(readFileSync(`/proc/${poolPid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
        ).toBeLessThan(LOAD_NICE);
      } catch (error) {
        if (!(error as NodeJS.ErrnoException).code) throw error;
      }
    }
  });

  it("stays on the caller's transaction, whose writes it must see", async () => {
    await deps.db.transaction(async (tx) => {
      const inner = await onBackgroundConnection({ ...deps, db: tx }, async (own) => own.db);
      expect(inner).toBe(tx);
    });
  });

  it('runs two at once; a third waits for one to end, and a failing act frees its turn', async () => {
    const gates: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const act = (fail = false) =>
      onBackgroundConnection(deps, async (own) => {
        await backendPid(own);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        if (fail) throw new Error('refused');
      });
    const acts = [act(true), act(), act(), act()];
    const settled = Promise.allSettled(acts);
    const until = async (n: number) => {
      while (gates.length < n) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await until(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running).toBe(2);
    gates.shift()!();
    gates.shift()!();
    await until(2);
    gates.shift()!();
    gates.shift()!();
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(most).toBe(2);
    // The turns handed on are all given back: three more find two places again, not more.
    const more = Promise.all([act(), act(), act()]);
    await until(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running).toBe(2);
    gates.shift()!();
    await until(2);
    gates.shift()!();
    gates.shift()!();
    await more;
    expect(most).toBe(2);
  });
});
