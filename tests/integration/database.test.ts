import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, users } from '@feeddesk/drizzle';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, postgresUrl } from '../support/databases.ts';
import { ADMIN, startTestApp } from '../support/test-app.ts';

describe('the database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps data across a restart on a PGlite folder, and migrations run twice without error', async () => {
    const first = await openDb(`file:${dir}`);
    await first.db.insert(users).values({ username: 'kept', passwordHash: 'x' });
    await first.close();
    const second = await openDb(`file:${dir}`);
    expect((await second.db.select().from(users)).map((u) => u.username)).toEqual(['kept']);
    await second.close();
  });

  it('serves the same admin and sessions after the app restarts on the same folder', async () => {
    const database = await openTestDatabase('pglite');
    const app1 = await startTestApp('pglite', { database });
    const browser = app1.client();
    await browser.login(ADMIN.username, ADMIN.password);
    await app1.close();
    const app2 = await startTestApp('pglite', { database });
    const again = app2.client();
    again.cookies.set('session', browser.cookies.get('session')!);
    expect((await again.trpc('query', 'auth.me')).body.result.data.username).toBe(ADMIN.username);
    await app2.close();
    await database.drop();
  });

  it.skipIf(!postgresUrl)('migrates PostgreSQL twice, also from two processes at once', async () => {
    const database = await openTestDatabase('postgres');
    const url = (database.database.raw as { sql: { options: { database: string } } }).sql.options.database;
    const base = new URL(postgresUrl!);
    base.pathname = `/${url}`;
    const [a, b] = await Promise.all([openDb(base.toString()), openDb(base.toString())]);
    await a.db.insert(users).values({ username: 'both', passwordHash: 'x' });
    expect((await b.db.select().from(users)).length).toBe(1);
    await Promise.all([a.close(), b.close()]);
    await database.drop();
  });
});
