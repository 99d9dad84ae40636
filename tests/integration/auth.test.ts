import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

describe('auth and users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('logs the first admin in with the five roles', async () => {
    const browser = t.client();
    const res = await browser.login(ADMIN.username, ADMIN.password);
    expect(await res.json()).toEqual(['view', 'edit', 'gtfs', 'excel', 'admin']);
  });

  it('answers the CSRF token as text and accepts it before and after login', async () => {
    const browser = t.client();
    const res = await browser.get('/auth/csrf');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const token = await res.text();
    expect(token.length).toBeGreaterThan(20);
    await browser.login(ADMIN.username, ADMIN.password);
    expect(await (await browser.get('/auth/csrf')).text()).toBe(token);
  });

  it('gives one message for an unknown user and a wrong password', async () => {
    const a = await t.client().postForm('/auth/login', { username: 'nobody-here', password: 'whatever-123' });
    const b = await t
      .client()
      .postForm('/auth/login', { username: ADMIN.username, password: 'wrong-password' });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    const [bodyA, bodyB] = [await a.json(), await b.json()];
    expect(bodyA).toEqual(bodyB);
    expect(bodyA).toEqual({
      code: 401,
      error: 'Login failed',
      description: 'Wrong username or password. Check both and try again.',
    });
  });

  const routes = [
    { method: 'GET', path: '/auth/list_users' },
    {
      method: 'POST',
      path: '/auth/add_user',
      form: { username: 'r-new', password: 'long-enough-1', roles: 'view' },
    },
    {
      method: 'PUT',
      path: '/auth/modify_user',
      form: { user_id: '1', username: ADMIN.username, roles: ['view', 'edit', 'gtfs', 'excel', 'admin'] },
    },
    { method: 'DELETE', path: '/auth/delete_user/somebody-else' },
  ] as const;

  it.each(routes)('$method $path gives 401 without a session and 403 without admin', async (route) => {
    const anonymous = t.client();
    const viewer = await t.clientWithRoles(['view', 'edit', 'gtfs', 'excel']);
    for (const [browser, status] of [
      [anonymous, 401],
      [viewer, 403],
    ] as const) {
      const res =
        route.method === 'GET'
          ? await browser.get(route.path)
          : route.method === 'POST'
            ? await browser.postForm(route.path, 'form' in route ? route.form : {})
            : route.method === 'PUT'
              ? await browser.putForm(
                  route.path,
                  'form' in route ? (route.form as unknown as Record<string, string[]>) : {},
                )
              : await browser.delete(route.path);
      expect(res.status).toBe(status);
      expect((await res.json()).code).toBe(status);
    }
  });

  it('lets an admin add, list, modify and delete a user with the spec messages', async () => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const add = await admin.postForm('/auth/add_user', {
      username: 'thandi',
      password: 'thandi-password',
      'roles[]': ['view', 'edit'],
    });
    expect(add.status).toBe(200);
    expect(await add.json()).toEqual({ message: 'Successfully added this user.' });

    const users = (await (await admin.get('/auth/list_users')).json()) as {
      id: number;
      username: string;
      roles: string[];
      user_id: number;
    }[];
    const thandi = users.find((u) => u.username === 'thandi')!;
    expect(thandi).toEqual({
      id: thandi.id,
      user_id: thandi.id,
      username: 'thandi',
      roles: ['view', 'edit'],
    });

    const dup = await admin.postForm('/auth/add_user', {
      username: 'thandi',
      password: 'thandi-password',
      roles: 'view',
    });
    expect(dup.status).toBe(409);

    const modify = await admin.putForm('/auth/modify_user', {
      user_id: String(thandi.id),
      username: 'thandi',
      password: '',
      roles: ['view', 'gtfs'],
    });
    expect(modify.status).toBe(200);
    const thandiBrowser = t.client();
    const login = await thandiBrowser.login('thandi', 'thandi-password');
    expect(await login.json()).toEqual(['view', 'gtfs']);

    const del = await admin.delete('/auth/delete_user/thandi');
    expect(await del.json()).toEqual({ message: 'Successfully deleted user thandi' });
    expect((await admin.delete('/auth/delete_user/thandi')).status).toBe(404);
  });

  it.each([
    [{ username: '', password: 'long-enough-1' }, 'Please enter a username.'],
    [{ username: 'someone', password: '' }, 'Please enter a password.'],
    [{ username: 'someone', password: 'short' }, 'Your password must have atleast 10 characters.'],
  ])('refuses %o with "%s"', async (form, message) => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const res = await admin.postForm('/auth/add_user', { ...form, roles: 'view' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error: 'Invalid input', description: message });
  });

  it('refuses to delete yourself or the last admin (409)', async () => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    expect((await admin.delete(`/auth/delete_user/${ADMIN.username}`)).status).toBe(409);
    const users = (await (await admin.get('/auth/list_users')).json()) as { id: number; username: string }[];
    const me = users.find((u) => u.username === ADMIN.username)!;
    const demote = await admin.putForm('/auth/modify_user', {
      user_id: String(me.id),
      username: ADMIN.username,
      roles: ['view'],
    });
    expect(demote.status).toBe(409);
    expect((await demote.json()).description).toMatch(/last administrator/);
  });

  it('refuses a write without or with a wrong CSRF token and changes nothing', async () => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    for (const csrf of [false, 'wrong-token'] as const) {
      const res = await admin.postForm(
        '/auth/add_user',
        { username: 'csrf-victim', password: 'long-enough-1', roles: 'view' },
        { csrf },
      );
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe('Invalid CSRF token');
    }
    const other = t.client();
    const foreignToken = await other.csrfToken();
    const res = await admin.postForm(
      '/auth/add_user',
      { username: 'csrf-victim', password: 'long-enough-1', roles: 'view' },
      { csrf: foreignToken },
    );
    expect(res.status).toBe(403);
    const users = (await (await admin.get('/auth/list_users')).json()) as { username: string }[];
    expect(users.map((u) => u.username)).not.toContain('csrf-victim');
  });

  it('sets a persistent cookie with remember_me and a browser-session cookie without', async () => {
    const remembered = t.client();
    await remembered.login(ADMIN.username, ADMIN.password, true);
    const persistent = remembered.cookies.get('session')!;
    expect(persistent.raw).toMatch(/HttpOnly/);
    expect(persistent.raw).toMatch(/SameSite=Lax/);
    const days = (new Date(persistent.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    const forgotten = t.client();
    await forgotten.login(ADMIN.username, ADMIN.password, false);
    const session = forgotten.cookies.get('session')!;
    expect(session.raw).not.toMatch(/Expires|Max-Age/i);
  });

  it('ends the session at logout and issues a new token at each login', async () => {
    const browser = t.client();
    await browser.login(ADMIN.username, ADMIN.password);
    const first = browser.cookies.get('session')!.value;
    const stolen = t.client();
    stolen.cookies.set('session', { value: first, raw: '' });
    await browser.login(ADMIN.username, ADMIN.password);
    expect(browser.cookies.get('session')!.value).not.toBe(first);
    expect((await stolen.get('/auth/list_users')).status).toBe(401);

    const copy = t.client();
    copy.cookies.set('session', { value: browser.cookies.get('session')!.value, raw: '' });
    expect((await browser.get('/auth/logout')).status).toBe(200);
    expect((await browser.get('/auth/list_users')).status).toBe(401);
    expect((await copy.get('/auth/list_users')).status).toBe(401);
  });

  it("ends a user's sessions at once on password change and on deletion", async () => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    await admin.postForm('/auth/add_user', {
      username: 'sipho',
      password: 'sipho-password',
      roles: ['view'],
    });
    const sipho = t.client();
    await sipho.login('sipho', 'sipho-password');
    expect((await sipho.trpc('query', 'auth.me')).body.result.data.username).toBe('sipho');
    const users = (await (await admin.get('/auth/list_users')).json()) as { id: number; username: string }[];
    const id = users.find((u) => u.username === 'sipho')!.id;
    await admin.putForm('/auth/modify_user', {
      user_id: String(id),
      username: 'sipho',
      password: 'a-new-password',
      roles: ['view'],
    });
    expect((await sipho.trpc('query', 'auth.me')).body.result.data).toBeNull();

    await sipho.login('sipho', 'a-new-password');
    await admin.delete('/auth/delete_user/sipho');
    expect((await sipho.trpc('query', 'auth.me')).body.result.data).toBeNull();
  });

  it('answers the 11th failed login in a minute with 429', async () => {
    // Earlier tests failed logins from this address too: start a fresh window.
    t.clock.now = new Date(Date.now() + 120_000);
    const browser = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await browser.postForm('/auth/login', { username: 'rate-limited', password: 'wrong-password' }))
          .status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const blocked = await browser.postForm('/auth/login', {
      username: ADMIN.username,
      password: ADMIN.password,
    });
    expect(blocked.status).toBe(429);
    t.clock.now = new Date(Date.now() + 240_000);
    expect(
      (await browser.postForm('/auth/login', { username: ADMIN.username, password: ADMIN.password })).status,
    ).toBe(200);
    t.clock.now = null;
  });
});
