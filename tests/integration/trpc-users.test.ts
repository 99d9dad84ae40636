import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

describe('tRPC auth and users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('logs in, tells who is logged in, and logs out', async () => {
    const browser = t.client();
    expect((await browser.trpc('query', 'auth.me')).body.result.data).toBeNull();
    const login = await browser.trpc('mutation', 'auth.login', {
      username: ADMIN.username,
      password: ADMIN.password,
      rememberMe: false,
    });
    expect(login.body.result.data).toEqual({
      username: ADMIN.username,
      roles: ['view', 'edit', 'gtfs', 'excel', 'admin'],
    });
    expect((await browser.trpc('query', 'auth.me')).body.result.data.username).toBe(ADMIN.username);
    await browser.trpc('mutation', 'auth.logout');
    expect((await browser.trpc('query', 'auth.me')).body.result.data).toBeNull();
  });

  it('enforces the admin role on every users procedure', async () => {
    const viewer = await t.clientWithRoles(['view']);
    const anonymous = t.client();
    const calls = [
      ['query', 'users.list', undefined],
      ['mutation', 'users.create', { username: 'x-user', password: 'long-enough-1', roles: ['view'] }],
      ['mutation', 'users.update', { id: 1, username: 'x', roles: ['view'] }],
      ['mutation', 'users.delete', { username: 'x' }],
    ] as const;
    for (const [kindOfCall, path, input] of calls) {
      expect((await anonymous.trpc(kindOfCall, path, input)).status).toBe(401);
      expect((await viewer.trpc(kindOfCall, path, input)).status).toBe(403);
    }
  });

  it('creates, updates and deletes users through the same services', async () => {
    const admin = t.client();
    await admin.trpc('mutation', 'auth.login', { username: ADMIN.username, password: ADMIN.password });
    const created = await admin.trpc('mutation', 'users.create', {
      username: 'lerato',
      password: 'lerato-password',
      roles: ['view', 'excel'],
    });
    expect(created.body.result.data).toEqual({ message: 'Successfully added this user.' });
    const short = await admin.trpc('mutation', 'users.create', {
      username: 'lerato2',
      password: 'short',
      roles: [],
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('Your password must have atleast 10 characters.');
    const list = (await admin.trpc('query', 'users.list')).body.result.data as {
      id: number;
      username: string;
      roles: string[];
    }[];
    const lerato = list.find((u) => u.username === 'lerato')!;
    expect(lerato.roles).toEqual(['view', 'excel']);
    await admin.trpc('mutation', 'users.update', { id: lerato.id, username: 'lerato', roles: ['view'] });
    const after = (await admin.trpc('query', 'users.list')).body.result.data as {
      username: string;
      roles: string[];
    }[];
    expect(after.find((u) => u.username === 'lerato')!.roles).toEqual(['view']);
    const del = await admin.trpc('mutation', 'users.delete', { username: 'lerato' });
    expect(del.body.result.data).toEqual({ message: 'Successfully deleted user lerato' });
  });

  it('refuses a tRPC mutation without the CSRF token', async () => {
    const browser = t.client();
    const res = await browser.fetch('/trpc/auth.login', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    expect(res.status).toBe(403);
  });
});
