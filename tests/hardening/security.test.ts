import { sessions, users } from '@feeddesk/drizzle';
import { transit_realtime } from '@feeddesk/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';
import { expectCleanError } from './helpers.ts';

describe('security', () => {
  let t: TestApp;
  /** Behind a TLS proxy (TRUST_PROXY=true): cookies must be Secure, addresses from X-Forwarded-For. */
  let proxied: TestApp;
  /** Behind a TLS proxy whose X-Forwarded-Proto is not trusted: COOKIE_SECURE=true. */
  let secureCookies: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    proxied = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    secureCookies = await startTestApp({ env: { COOKIE_SECURE: 'true' } });
  });
  afterAll(async () => {
    await secureCookies?.close();
    await proxied?.close();
    await t?.close();
  });

  it('sends the security headers on pages, API answers, errors and the feed', async () => {
    const anonymous = t.client();
    const editor = await t.clientWithRoles(['view']);
    const responses = [
      await anonymous.get('/auth/csrf'),
      await anonymous.get('/feed/updates'),
      await anonymous.get('/db/get_routes'), // 401
      await anonymous.get('/no/such/page'), // 404
      await editor.trpc('query', 'auth.me').then(() => editor.get('/trpc/auth.me')),
    ];
    for (const res of responses) {
      const h = res.headers;
      const where = `${res.url} (${res.status})`;
      expect(h.get('x-content-type-options'), where).toBe('nosniff');
      expect(h.get('x-frame-options'), where).toMatch(/^(DENY|SAMEORIGIN)$/);
      const csp = h.get('content-security-policy') ?? '';
      expect(csp, where).toMatch(/default-src 'self'/);
      expect(csp, where).toMatch(/frame-ancestors '(none|self)'/);
      expect(csp, where).toMatch(/object-src 'none'/);
      // Websockets to this host only (a bare ws:/wss: allowed any host).
      expect(csp, where).toMatch(/connect-src 'self'(;|$)/);
      expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(h.get('referrer-policy'), where).toBeTruthy();
      expect(h.get('x-powered-by'), where).toBeNull();
      expect(h.get('server'), where).toBeNull();
    }
  });

  it('tells a browser on plain http to fetch nothing over https; over https, upgrade and HSTS', async () => {
    // Over http, `upgrade-insecure-requests` made a browser on http://desk.example:8080 fetch the
    // app's scripts over https: a blank page.
    const page = await t.client().fetch('/', { headers: { host: 'desk.example:8080' } });
    const plainCsp = page.headers.get('content-security-policy') ?? '';
    expect(plainCsp).toMatch(/default-src 'self'/);
    expect(plainCsp).not.toMatch(/upgrade-insecure-requests/);
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const https = await proxied.client().fetch('/auth/csrf', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('content-security-policy') ?? '').toMatch(/upgrade-insecure-requests/);
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('sets HttpOnly, SameSite=Lax, Path=/ cookies; Secure only over https', async () => {
    const plain = t.client();
    await plain.login(ADMIN.username, ADMIN.password);
    for (const name of ['session', 'browser_id']) {
      const raw = plain.cookies.get(name)!.raw;
      expect(raw, name).toMatch(/;\s*HttpOnly/i);
      expect(raw, name).toMatch(/;\s*SameSite=Lax/i);
      expect(raw, name).toMatch(/;\s*Path=\//i);
      expect(raw, name).not.toMatch(/;\s*Secure/i);
    }
    const https = proxied.client();
    const headers = { 'x-forwarded-proto': 'https' };
    https.cookies.clear();
    const csrf = await (await https.fetch('/auth/csrf', { headers })).text();
    const res = await https.postForm(
      '/auth/login',
      { username: ADMIN.username, password: ADMIN.password },
      { headers, csrf },
    );
    expect(res.status).toBe(200);
    for (const name of ['session', 'browser_id'])
      expect(https.cookies.get(name)!.raw, name).toMatch(/;\s*Secure/i);
    // COOKIE_SECURE: Secure on a plain http request too.
    const behindProxy = secureCookies.client();
    await behindProxy.login(ADMIN.username, ADMIN.password);
    for (const name of ['session', 'browser_id'])
      expect(behindProxy.cookies.get(name)!.raw, name).toMatch(/;\s*Secure/i);
  });

  it('never adopts a session token chosen before login (no fixation), over REST and tRPC', async () => {
    for (const via of ['rest', 'trpc'] as const) {
      const browser = t.client();
      const planted = 'attacker-chosen-session-token-000000000000';
      browser.cookies.set('session', { value: planted, raw: '' });
      if (via === 'rest') await browser.login(ADMIN.username, ADMIN.password);
      else {
        const res = await browser.trpc('mutation', 'auth.login', {
          username: ADMIN.username,
          password: ADMIN.password,
        });
        expect(res.status).toBe(200);
      }
      const token = browser.cookies.get('session')!.value;
      expect(token).not.toBe(planted);
      expect(token.length).toBeGreaterThanOrEqual(32);
      // The attacker's copy is worth nothing.
      const attacker = t.client();
      attacker.cookies.set('session', { value: planted, raw: '' });
      expect((await attacker.trpc('query', 'auth.me')).body.result.data).toBeNull();
    }
  });

  it('stores argon2id password hashes and no session token in clear', async () => {
    const browser = t.client();
    await browser.login(ADMIN.username, ADMIN.password);
    const token = browser.cookies.get('session')!.value;
    const rows = await t.deps.db.select().from(users);
    expect(rows.length).toBeGreaterThan(0);
    for (const u of rows) expect(u.passwordHash).toMatch(/^\$argon2id\$/);
    const ids = (await t.deps.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(token);
    expect(ids.some((id) => id.includes(token) || token.includes(id))).toBe(false);
  });

  it('gives one message for an unknown user and a wrong password over tRPC too', async () => {
    const unknown = await t
      .client()
      .trpc('mutation', 'auth.login', { username: 'nobody-zz', password: 'x-long-pw-1' });
    const wrong = await t
      .client()
      .trpc('mutation', 'auth.login', { username: ADMIN.username, password: 'x-long-pw-1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
    expect(unknown.body.error.message).not.toMatch(/unknown|exist|no such|not found/i);
  });

  it('rate-limits a password spray from one address and an attack on one account from many', async () => {
    // One address, a different username each time (REST and tRPC share the count).
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const sprayer = proxied.client();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await sprayer.postForm(
        '/auth/login',
        { username: `spray-${i}`, password: 'Summer2025!!' },
        { headers: from('203.0.113.7') },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await sprayer.postForm(
      '/auth/login',
      { username: ADMIN.username, password: ADMIN.password },
      { headers: from('203.0.113.7') },
    );
    const body = await expectCleanError(blocked, 429);
    expect(body.description).toMatch(/Wait \d+ seconds/);
    const viaTrpc = await sprayer.fetch('/trpc/auth.login', {
      method: 'POST',
      headers: { ...from('203.0.113.7'), 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    expect(viaTrpc.status).toBe(429);
    // Another address is not blocked.
    const other = proxied.client();
    const ok = await other.postForm(
      '/auth/login',
      { username: ADMIN.username, password: ADMIN.password },
      { headers: from('203.0.113.8') },
    );
    expect(ok.status).toBe(200);

    // One account, a new address each time: its logins slow down, but its owner is not locked out.
    const victim = await proxied.clientWithRoles(['view'], 'victim-account');
    for (let i = 0; i < 11; i++) {
      const res = await proxied
        .client()
        .postForm(
          '/auth/login',
          { username: 'victim-account', password: `guess-${i}-xxxx` },
          { headers: from(`198.51.100.${i}`) },
        );
      expect(res.status).toBe(401);
    }
    const owner = await victim.postForm(
      '/auth/login',
      { username: 'victim-account', password: 'a-long-password-1' },
      { headers: from('198.51.100.99') },
    );
    expect(owner.status).toBe(200);
  });

  it('counts a login before checking it: 40 parallel wrong logins from one address give 10 × 401', async () => {
    const from = { 'x-forwarded-for': '192.0.2.40' };
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await proxied
          .client()
          .postForm(
            '/auth/login',
            { username: `burst-${i}`, password: 'wrong-password-1' },
            { headers: from },
          );
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it('refuses an alert URL that is not http or https (422), over REST and tRPC', async () => {
    const editor = await t.clientWithRoles(['edit']);
    const alert = (text: string) => ({
      id: `url-${text.length}`,
      alert: {
        informedEntity: [{ agencyId: 'any' }],
        headerText: { translation: [{ text: 'Line closed' }] },
        url: { translation: [{ text }] },
      },
    });
    for (const text of ['javascript:alert(document.cookie)', 'data:text/html,<script>1</script>']) {
      const viaTrpc = await editor.trpc('mutation', 'feed.saveAlert', { entity: alert(text) });
      expect(viaTrpc.status, text).toBe(422);
      expect(JSON.stringify(viaTrpc.body.error.data.details)).toContain('alert_url_not_web');
      const pb = transit_realtime.FeedEntity.encode(
        transit_realtime.FeedEntity.fromObject(alert(text)),
      ).finish();
      const viaRest = await editor.fetch('/feed/service_alert', {
        method: 'POST',
        headers: { 'content-type': 'application/x-protobuf' },
        body: Buffer.from(pb),
      });
      const body = await expectCleanError(viaRest, 422);
      expect(body.description).toMatch(/http:\/\/ or https:\/\//);
    }
    const feed = await (await t.client().get('/feed/alerts?format=json')).text();
    expect(feed).not.toMatch(/javascript:|data:text/);
  });
});
