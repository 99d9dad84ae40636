import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

/** docs/rest-api.md "API tokens for systems (admin)". */
describe('API tokens for systems', () => {
  let t: TestApp;
  let admin: HttpClient;
  const RATE_LIMIT = 12;

  beforeAll(async () => {
    t = await startTestApp({ env: { TOKEN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
    admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  const createToken = async (name: string, roles: string[]) => {
    const res = await admin.fetch('/auth/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, roles }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { id: number; token: string };
  };
  const system = (token: string) => new HttpClient(t.url, { bearer: token });
  const alert = (id: string) => ({
    id,
    alert: {
      informedEntity: [{ agencyId: 'metro' }],
      headerText: { translation: [{ text: 'Lifts out of order', language: 'en-ZA' }] },
    },
  });

  it('creates a token shown once, and lists it by name, roles and dates without the token', async () => {
    t.clock.now = new Date('2026-03-02T08:00:00Z');
    const created = await createToken('Timetable display', ['view']);
    expect(created).toEqual({ id: expect.any(Number), token: expect.stringMatching(/^fdk_[\w-]{43}$/) });
    const listed = await (await admin.get('/auth/tokens')).json();
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'Timetable display',
        roles: ['view'],
        createdAt: '2026-03-02T08:00:00.000Z',
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    t.clock.now = null;
  });

  it('acts with its roles on REST without cookie or CSRF token, and the history names the token', async () => {
    const { token } = await createToken('AVL system', ['edit']);
    const avl = system(token);
    const saved = await postEntity(avl, '/feed/service_alert', alert('al-avl'));
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(avl.cookies.size).toBe(0);
    const history = await admin.trpc('query', 'feed.history', { kind: 'alert', id: 'al-avl' });
    expect(history.body.result.data.map((h: { by: string; action: string }) => [h.action, h.by])).toEqual([
      ['save', 'token:AVL system'],
    ]);
    const deleted = await avl.fetch('/feed/alerts/delete_feed_entity', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entity_id: 'al-avl' }),
    });
    expect(await deleted.json()).toEqual({ message: 'Successfully deleted.' });
  });

  it('refuses what its roles do not allow: a view token cannot save, a non-admin token cannot list tokens', async () => {
    const { token } = await createToken('Read only', ['view']);
    const reader = system(token);
    const refused = await postEntity(reader, '/feed/service_alert', alert('al-reader'));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 403,
      error: 'Forbidden',
      description: "This needs the 'edit' role. Ask an administrator for it.",
    });
    expect((await reader.get('/feed/consistency')).status).toBe(200);
    expect((await reader.get('/auth/tokens')).status).toBe(403);
    expect((await reader.get('/auth/list_users')).status).toBe(403);
  });

  it('is refused by the web app and tRPC: they are for staff sessions', async () => {
    const { token } = await createToken('Curious system', ['view', 'edit', 'admin']);
    const res = await system(token).trpc('query', 'users.list');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(
      'API tokens work on the REST paths only; the web app and /trpc need a staff login.',
    );
    expect((await system(token).trpc('query', 'auth.me')).status).toBe(401);
    expect((await system(token).trpc('mutation', 'tokens.create', { name: 'x', roles: [] })).status).toBe(
      401,
    );
  });

  it('is refused with 401 at once when revoked, and when unknown', async () => {
    const { id, token } = await createToken('Old AVL', ['edit']);
    const old = system(token);
    expect((await old.get('/db/get_routes')).status).toBe(200);
    const revoked = await admin.delete(`/auth/tokens/${id}`);
    expect(await revoked.json()).toEqual({ message: "Revoked the token 'Old AVL'." });
    const refusal = {
      code: 401,
      error: 'Invalid API token',
      description: 'This API token is unknown or was revoked. Ask an administrator for a new one.',
    };
    for (const res of [
      await old.get('/db/get_routes'),
      await postEntity(old, '/feed/service_alert', alert('al-old')),
      await system('fdk_not-a-token').get('/feed/updates'),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(refusal);
    }
    const again = await admin.delete(`/auth/tokens/${id}`);
    expect(again.status).toBe(404);
    expect((await again.json()).error).toBe('Unknown API token');
    expect(
      ((await (await admin.get('/auth/tokens')).json()) as { name: string }[]).map((x) => x.name),
    ).not.toContain('Old AVL');
  });

  it('records the last use at most once a minute', async () => {
    const { id, token } = await createToken('Poller', ['view']);
    const lastUsed = async () =>
      ((await (await admin.get('/auth/tokens')).json()) as { id: number; lastUsedAt: string | null }[]).find(
        (x) => x.id === id,
      )!.lastUsedAt;
    t.clock.now = new Date('2026-03-02T09:00:00Z');
    await system(token).get('/db/get_services');
    expect(await lastUsed()).toBe('2026-03-02T09:00:00.000Z');
    t.clock.now = new Date('2026-03-02T09:00:59Z');
    await system(token).get('/db/get_services');
    expect(await lastUsed()).toBe('2026-03-02T09:00:00.000Z');
    t.clock.now = new Date('2026-03-02T09:01:00Z');
    await system(token).get('/db/get_services');
    expect(await lastUsed()).toBe('2026-03-02T09:01:00.000Z');
    t.clock.now = null;
  });

  it('limits each token to TOKEN_RATE_LIMIT_PER_MINUTE requests (429), other tokens unaffected', async () => {
    const busy = system((await createToken('Busy system', ['view'])).token);
    const calm = system((await createToken('Calm system', ['view'])).token);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) statuses.push((await busy.get('/feed/updates')).status);
    expect(statuses).toEqual(Array(RATE_LIMIT).fill(200));
    const limited = await busy.get('/feed/updates');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      code: 429,
      error: 'Too many requests',
      description: expect.stringMatching(
        new RegExp(
          `^This API token made more than ${RATE_LIMIT} requests in a minute; try again in \\d+ (seconds?|minute)\\.$`,
        ),
      ),
    });
    expect((await calm.get('/feed/updates')).status).toBe(200);
    // Requests without a token are not counted against anyone.
    expect((await t.client().get('/feed/updates')).status).toBe(200);
  });

  it('refuses a taken name (409) and an unknown role (400); the app screen works over tRPC', async () => {
    await createToken('Twice', ['view']);
    const taken = await admin.fetch('/auth/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: ' Twice ', roles: [] }),
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).description).toBe(
      "A token named 'Twice' exists already. Choose another name, or revoke that token first.",
    );
    const badRole = await admin.fetch('/auth/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Odd', roles: ['root'] }),
    });
    expect(badRole.status).toBe(400);
    expect((await badRole.json()).description).toBe(
      "Unknown role 'root'. Roles are view, edit, gtfs, excel, admin, approve.",
    );
    const created = await admin.trpc('mutation', 'tokens.create', { name: 'From the app', roles: ['gtfs'] });
    expect(created.body.result.data.token).toMatch(/^fdk_/);
    const listed = await admin.trpc('query', 'tokens.list');
    const mine = listed.body.result.data.find((x: { name: string }) => x.name === 'From the app');
    expect(mine.roles).toEqual(['gtfs']);
    const revoked = await admin.trpc('mutation', 'tokens.revoke', { id: mine.id });
    expect(revoked.body.result.data).toEqual({ message: "Revoked the token 'From the app'." });
    expect((await system(created.body.result.data.token).get('/db/get_routes')).status).toBe(401);
  });
});
