import { openDb, users } from '@feeddesk/drizzle';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/databases.ts';
import { ADMIN, startTestApp } from '../support/test-app.ts';

describe('the database', () => {
  it('serves the same admin and sessions after the app restarts on the same database', async () => {
    const database = await openTestDatabase();
    const app1 = await startTestApp({ database });
    const browser = app1.client();
    await browser.login(ADMIN.username, ADMIN.password);
    await app1.close();
    const app2 = await startTestApp({ database });
    const again = app2.client();
    again.cookies.set('session', browser.cookies.get('session')!);
    expect((await again.trpc('query', 'auth.me')).body.result.data.username).toBe(ADMIN.username);
    await app2.close();
    await database.drop();
  });

  it('migrates twice, also from two processes at once', async () => {
    const database = await openTestDatabase();
    const [a, b] = await Promise.all([openDb(database.url), openDb(database.url)]);
    await a.db.insert(users).values({ username: 'both', passwordHash: 'x' });
    expect((await b.db.select().from(users)).length).toBe(1);
    await Promise.all([a.close(), b.close()]);
    await database.drop();
  });
});
