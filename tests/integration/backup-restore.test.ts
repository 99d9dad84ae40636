import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectPostgres } from '@feeddesk/drizzle/postgres-target';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../hardening/server-process.ts';
import { getFeed, postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';

/**
 * `npm run backup` while the product saves, `npm run restore` into a fresh
 * DATA_DIR, `npm start` there: every save answered before the backup began is back, and the
 * database is consistent (each save whole or absent; indexes and tables check out).
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-backup-'));
  chmodSync(dir, 0o755); // as root the server runs as `postgres`, which must reach DATA_DIR
  dirs.push(dir);
  return dir;
}
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `node scripts/run.mjs backup|restore <path>`, as `npm run backup -- <path>` runs it; calls onLine per output line. */
function runTask(
  task: 'backup' | 'restore',
  path: string,
  dataDir: string,
  onLine: (line: string) => void = () => {},
): Promise<{ code: number | null; output: string }> {
  const env = { ...process.env, DATA_DIR: dataDir } as Record<string, string>;
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const child: ChildProcess = spawn(process.execPath, ['scripts/run.mjs', task, path], {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk;
    for (const line of chunk.toString().split('\n')) if (line) onLine(line);
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}

async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const sql = connectPostgres(url, { max: 1, onnotice: () => {} });
  try {
    return [...(await sql.unsafe<T[]>(text))];
  } finally {
    await sql.end();
  }
}
const printedUrl = (s: ServerProcess) => /DATABASE_URL=(postgres:\/\/\S+?)\)?$/m.exec(s.output())!.at(1)!;

const alert = (id: string, routeId: string) => ({
  id,
  alert: {
    informedEntity: [{ routeId }],
    headerText: { translation: [{ text: `saved as ${id}`, language: 'en' }] },
  },
});

describe('backup and restore of the embedded PostgreSQL', () => {
  it('a backup taken while saves are under way restores every save made before it began', async () => {
    const original = await startServerProcess({ dataDir: tempDir(), env: { DEMO_SCHEDULE: 'true' } });
    servers.push(original);
    const dataDir = /embedded PostgreSQL in (\S+),/.exec(original.output())![1]!;
    const admin = new HttpClient(original.url);
    await admin.login(ADMIN.username, ADMIN.password);
    let routes: { route_id: string }[] = [];
    for (const deadline = Date.now() + 60_000; routes.length === 0 && Date.now() < deadline; ) {
      routes = (await (await admin.get('/db/get_routes')).json()) as { route_id: string }[];
      if (routes.length === 0) await new Promise((r) => setTimeout(r, 250));
    }
    const routeId = routes[0]!.route_id;
    expect(
      (
        await admin.postForm('/auth/add_user', {
          username: 'editor',
          password: 'editor-password-1',
          roles: ['edit'],
        })
      ).status,
    ).toBe(200);
    const editor = new HttpClient(original.url);
    await editor.login('editor', 'editor-password-1');

    // Saves of alerts (feed entities and their history) and of users (with their audit entries),
    // four at a time, until the backup has ended; each answered save is noted with when it was answered.
    const answered: { id: string; kind: 'alert' | 'user'; at: number }[] = [];
    let saving = true;
    let n = 0;
    const saver = async (worker: number) => {
      while (saving) {
        const i = n++;
        if (worker === 0 && i % 5 === 0) {
          const username = `user-${i}`;
          const res = await admin.postForm('/auth/add_user', {
            username,
            password: 'a-long-password-1',
            roles: ['view'],
          });
          expect(res.status).toBe(200);
          answered.push({ id: username, kind: 'user', at: performance.now() });
        } else {
          const id = `alert-${i}`;
          const res = await postEntity(editor, '/feed/service_alert', alert(id, routeId));
          expect(res.status).toBe(200);
          answered.push({ id, kind: 'alert', at: performance.now() });
        }
      }
    };
    const workers = [0, 1, 2, 3].map(saver);
    while (answered.length < 40) await new Promise((r) => setTimeout(r, 20));

    const archive = join(tempDir(), 'desk.tar.gz');
    let began = 0;
    let ended = 0;
    const backup = await runTask('backup', archive, dataDir, (line) => {
      if (line.startsWith('Backup started')) began = performance.now();
      if (line.startsWith('Backup stopped')) ended = performance.now();
    });
    saving = false;
    await Promise.all(workers);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written to .*desk\.tar\.gz/);
    expect(began).toBeGreaterThan(0);
    const before = answered.filter((s) => s.at < began);
    const during = answered.filter((s) => s.at >= began && s.at <= ended);
    expect(before.length).toBeGreaterThanOrEqual(40);
    // The copy really ran beside saves.
    expect(during.length).toBeGreaterThan(0);

    const originalUrl = printedUrl(original);
    const versions = await query<{ id: number; status: string }>(
      originalUrl,
      'select id, status from schedule_versions order by id',
    );
    expect(versions.some((v) => v.status === 'current')).toBe(true);
    await original.kill();

    // A fresh machine: an empty DATA_DIR, the archive, `npm run restore`, `npm start`.
    const freshDir = join(tempDir(), 'data');
    const restored = await runTask('restore', archive, freshDir);
    expect(restored.code, restored.output).toBe(0);
    expect(existsSync(join(freshDir, 'postgres', 'backup_label'))).toBe(true);
    // A second restore into the now full folder is refused.
    const again = await runTask('restore', archive, freshDir);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds a database/);

    const copy = await startServerProcess({ dataDir: freshDir, env: { DEMO_SCHEDULE: 'true' } });
    servers.push(copy);
    expect((await fetch(`${copy.url}/readyz`)).status).toBe(200);
    const url = printedUrl(copy);

    // Every save answered before pg_backup_start returned is there: users, audit, entities, history.
    const users = new Set(
      (await query<{ username: string }>(url, 'select username from users')).map((u) => u.username),
    );
    const audited = new Set(
      (
        await query<{ entity_id: string }>(
          url,
          `select entity_id from audit_log where kind = 'user' and action = 'create'`,
        )
      ).map((a) => a.entity_id),
    );
    const logged = new Set(
      (await query<{ entity_id: string }>(url, `select entity_id from feed_log where action = 'save'`)).map(
        (r) => r.entity_id,
      ),
    );
    const live = new Set((await getFeed(new HttpClient(copy.url), '/feed/alerts')).entity.map((e) => e.id));
    for (const save of before) {
      if (save.kind === 'user') {
        expect(users.has(save.id), save.id).toBe(true);
        expect(audited.has(save.id), save.id).toBe(true);
      } else {
        expect(live.has(save.id), save.id).toBe(true);
        expect(logged.has(save.id), save.id).toBe(true);
      }
    }
    expect(users.has(ADMIN.username) && users.has('editor')).toBe(true);
    expect(await query(url, 'select id, status from schedule_versions order by id')).toEqual(versions);

    // Consistent: each save whole or absent (an entity with its history, a user with its audit entry)...
    const entities = (
      await query<{ id: string }>(url, `select id from feed_entities where id like 'alert-%'`)
    ).map((e) => e.id);
    for (const id of entities) expect(logged.has(id), id).toBe(true);
    for (const id of logged) if (id.startsWith('alert-')) expect(entities).toContain(id);
    for (const username of users)
      if (username.startsWith('user-')) expect(audited.has(username), username).toBe(true);
    // ... no save that was never answered nor sent, and the saves made during the copy are a mix at most.
    expect(entities.length).toBeLessThanOrEqual(answered.length);
    console.log(
      `saves answered: ${before.length} before the backup began, ${during.length} during the copy, ${answered.length} in all; restored alerts ${entities.length}`,
    );
    // ... and every table and B-tree index reads back clean (amcheck, shipped with the embedded server;
    // a partitioned table's index is checked on each partition, relkind 'i').
    await query(url, 'create extension if not exists amcheck');
    const checked = await query<{ index: string }>(
      url,
      `select bt_index_check(c.oid, true), c.relname as index
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
       join pg_namespace ns on ns.oid = c.relnamespace
       where am.amname = 'btree' and ns.nspname = 'public' and c.relkind = 'i'`,
    );
    expect(checked.length).toBeGreaterThan(10);
    const heaps = await query<{ relname: string }>(
      url,
      `select c.relname from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
       where ns.nspname = 'public' and c.relkind = 'r'`,
    );
    for (const { relname } of heaps) {
      expect(await query(url, `select count(*) from verify_heapam('public.${relname}')`)).toEqual([
        { count: '0' },
      ]);
    }
  }, 240_000);
});
