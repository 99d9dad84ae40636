import { auditLog, users } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Walks a sign-in as a browser does: the desk's redirect, the provider's development login and
 * consent pages (any password signs in as the account typed), back to the desk's callback.
 * Returns the desk's answer to the callback.
 */
async function signIn(
  desk: HttpClient,
  account: string,
  options: { returnTo?: string; beforeCallback?: (url: URL) => URL } = {},
): Promise<Response> {
  const start = await desk.fetch(
    `/auth/oidc/login${options.returnTo ? `?return_to=${encodeURIComponent(options.returnTo)}` : ''}`,
  );
  expect(start.status).toBe(302);
  const jar = new Map<string, string>();
  const op = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const raw of res.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = start.headers.get('location')!;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(desk.baseUrl)) break;
    const res = await op(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const page = await res.text();
    const action = new URL(page.split('action="')[1]!.split('"')[0]!, url).href;
    const form = page.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login: account, password: 'any-password' })
      : new URLSearchParams({ prompt: 'consent' });
    const posted = await op(action, { method: 'POST', body: form });
    expect(posted.status).toBeGreaterThanOrEqual(300);
    url = new URL(posted.headers.get('location')!, action).href;
  }
  const callback = options.beforeCallback ? options.beforeCallback(new URL(url)) : new URL(url);
  expect(callback.pathname).toBe('/auth/oidc/callback');
  return desk.fetch(callback.pathname + callback.search);
}

describe('single sign-on by OpenID Connect (docs/single-sign-on.md)', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider();
    t = await startTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Metrorail Directory',
      },
    });
    provider.register(`${t.url}/auth/oidc/callback`);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('offers "Sign in with" beside the password form', async () => {
    const res = await t.client().get('/auth/sign_in_options');
    expect(await res.json()).toEqual({
      localLogin: true,
      singleSignOn: { name: 'Metrorail Directory', url: '/auth/oidc/login' },
    });
    const { body } = await t.client().trpc('query', 'auth.signInOptions');
    expect(body.result.data.singleSignOn.name).toBe('Metrorail Directory');
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, and a sealed cookie', async () => {
    const desk = t.client();
    const res = await desk.get('/auth/oidc/login');
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(`${t.url}/auth/oidc/callback`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('oidc_sign_in='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('makes a new controller with the role the directory gives, and follows the directory at each sign-in', async () => {
    provider.accounts.set('thandi.m', { preferred_username: 'thandi.m', roles: ['edit', 'not-a-desk-role'] });
    const desk = t.client();
    const done = await signIn(desk, 'thandi.m', { returnTo: '/feed' });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/feed');
    expect(desk.cookies.get('roles')?.value).toBe('edit');
    expect(desk.cookies.get('username')?.value).toBe('thandi.m');
    const me = (await desk.trpc('query', 'auth.me')).body.result.data;
    expect(me).toMatchObject({ username: 'thandi.m', roles: ['edit'] });
    // A directory account never logs in with a password.
    const [row] = await t.deps.db.select().from(users).where(eq(users.username, 'thandi.m'));
    expect(row!.oidcSubject).toBe(`${provider.issuer} thandi.m`);
    expect(
      (await t.client().postForm('/auth/login', { username: 'thandi.m', password: row!.passwordHash }))
        .status,
    ).toBe(401);

    // Promoted in the directory: an admin at the next sign-in, said in the audit trail.
    provider.accounts.set('thandi.m', { preferred_username: 'thandi.m', roles: 'edit admin' });
    const again = t.client();
    expect((await signIn(again, 'thandi.m')).headers.get('location')).toBe('/');
    expect((await again.get('/auth/list_users')).status).toBe(200);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, 'thandi.m'));
    expect(audit.map((a) => a.summary)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('first single sign-on, with roles edit'),
        expect.stringContaining('set by the directory at sign-in: edit, admin (were edit)'),
      ]),
    );

    // Removed from every desk group: refused, and the sessions she still has lose every right at once.
    provider.accounts.set('thandi.m', { preferred_username: 'thandi.m', roles: [] });
    const refused = await signIn(t.client(), 'thandi.m');
    expect(refused.headers.get('location')).toBe('/?sign_in_error=no_role');
    expect((await again.get('/auth/list_users')).status).toBe(403);
  });

  it('never takes over a local account of the same name', async () => {
    provider.accounts.set(ADMIN.username, { preferred_username: ADMIN.username, roles: ['view'] });
    const res = await signIn(t.client(), ADMIN.username);
    expect(res.headers.get('location')).toBe('/?sign_in_error=username_taken');
    const [admin] = await t.deps.db.select().from(users).where(eq(users.username, ADMIN.username));
    expect(admin!.oidcSubject).toBeNull();
    await t.client().login(ADMIN.username, ADMIN.password);
  });

  it('refuses a callback without its cookie, with a forged state or after the provider said no, signing no one in', async () => {
    provider.accounts.set('sipho.k', { preferred_username: 'sipho.k', roles: ['view'] });
    // Another browser's callback (login CSRF): no sealed cookie here.
    const victim = t.client();
    const bare = await victim.get('/auth/oidc/callback?code=abc&state=def');
    expect(bare.headers.get('location')).toBe('/?sign_in_error=expired');
    expect(victim.cookies.has('session')).toBe(false);

    // The state changed on the way back: the code is not redeemed.
    const forged = t.client();
    const res = await signIn(forged, 'sipho.k', {
      beforeCallback: (url) => {
        url.searchParams.set('state', 'forged-state');
        return url;
      },
    });
    expect(res.headers.get('location')).toBe('/?sign_in_error=provider');
    expect(forged.cookies.has('session')).toBe(false);

    const denied = t.client();
    await denied.get('/auth/oidc/login');
    const no = await denied.get('/auth/oidc/callback?error=access_denied&state=x');
    expect(no.headers.get('location')).toBe('/?sign_in_error=denied');
  });

  it('lands only on a path of the desk, never another site', async () => {
    provider.accounts.set('lerato.d', { preferred_username: 'lerato.d', roles: ['view'] });
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await signIn(t.client(), 'lerato.d', { returnTo });
      expect(res.headers.get('location')).toBe('/');
    }
  });

  it('stores nothing for a stranger who only starts sign-ins', async () => {
    const before = await t.deps.db.select({ id: users.id }).from(users);
    const stranger = t.client();
    for (let i = 0; i < 50; i++) expect((await stranger.get('/auth/oidc/login')).status).toBe(302);
    expect(await t.deps.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });
});

describe('single sign-on only (LOCAL_LOGIN=false), and a provider that is down', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startOidcProvider();
    await provider.close(); // its port answers nothing: the provider is down
    t = await startTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        LOCAL_LOGIN: 'false',
      },
    });
  });
  afterAll(() => t?.close());

  it('hides and refuses the password login, saying how to sign in', async () => {
    expect(await (await t.client().get('/auth/sign_in_options')).json()).toMatchObject({ localLogin: false });
    const rest = await t.client().postForm('/auth/login', ADMIN);
    expect(rest.status).toBe(403);
    expect((await rest.json()).description).toBe(
      'Local accounts are off on this desk: sign in with your organisation.',
    );
    const trpc = await t.client().trpc('mutation', 'auth.login', ADMIN);
    expect(trpc.status).toBe(403);
  });

  it('answers 503 with a sentence while the provider cannot be reached, and the feeds keep serving', async () => {
    const res = await t.client().get('/auth/oidc/login');
    expect(res.status).toBe(503);
    expect((await res.json()).description).toContain('cannot be reached');
    expect((await t.client().get('/feed/alerts')).status).toBe(200);
  });
});
