import { openDb } from '@feeddesk/drizzle';
import { listUsers } from '@feeddesk/server/users/list-users';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/databases.ts';
import { startTestApp } from '../support/test-app.ts';

describe('several processes starting at once on one PostgreSQL', () => {
  it('create one first admin and one demo schedule between them', async () => {
    const first = await openTestDatabase();
    const others = await Promise.all([openDb(first.url, { max: 3 }), openDb(first.url, { max: 3 })]);
    const env = { DEMO_SCHEDULE: 'true' };
    const apps = await Promise.all([
      startTestApp({ database: first, env }),
      ...others.map((database) =>
        startTestApp({
          database: { database, url: first.url, drop: () => database.close() },
          env,
        }),
      ),
    ]);
    const users = await listUsers(apps[0]!.deps);
    expect(users.filter((u) => u.roles.includes('admin')).map((u) => u.username)).toEqual(['admin']);
    const versions = await apps[0]!.client().get('/gtfs/time_since_last_schedule');
    expect(Number(await versions.text())).toBeGreaterThan(0);
    const { scheduleVersions } = await import('@feeddesk/drizzle');
    expect(await apps[0]!.deps.db.select().from(scheduleVersions)).toHaveLength(1);
    for (const app of apps.reverse()) await app.close();
    for (const database of others) await database.close();
    await first.drop();
  });
});
