import { sessions, userRoles, users } from '@feeddesk/drizzle';
import { createJob } from '@feeddesk/server/jobs/create-job';
import { deleteUser } from '@feeddesk/server/users/delete-user';
import { updateUser } from '@feeddesk/server/users/update-user';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';
import { RawTrpcSocket } from '../support/trpc-ws.ts';
import { expectNoLeak, trySocket } from './helpers.ts';

/**
 * A websocket has no more power than its
 * session has now, a session that ends closes its sockets, and no other site opens one.
 */
describe('live connections and sessions', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp({ env: { ALLOWED_ORIGINS: 'https://desk.example.org' } });
  });
  afterAll(() => t?.close());

  const userWith = async (roles: string[]) => {
    const name = `live-${++n}`;
    const client = await t.clientWithRoles(roles, name);
    const [row] = await t.deps.db.select().from(users).where(eq(users.username, name));
    return { client, id: row!.id, name };
  };
  const socketOf = (client: HttpClient) => new RawTrpcSocket(t.url, { cookie: client.cookieHeader });

  it('serves only subscriptions over the socket: no query or mutation, even for an admin', async () => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const socket = socketOf(admin);
    await socket.opened;
    const list = await socket.call('query', 'users.list');
    expect(list).toMatchObject({ ok: false, code: 'METHOD_NOT_SUPPORTED' });
    const create = await socket.call('mutation', 'users.create', {
      username: 'made-over-socket',
      password: 'a-long-password-1',
      roles: ['admin'],
    });
    expect(create).toMatchObject({ ok: false, code: 'METHOD_NOT_SUPPORTED' });
    expect(await t.deps.db.select().from(users).where(eq(users.username, 'made-over-socket'))).toEqual([]);
    expect(await socket.call('subscription', 'feed.onChange')).toEqual({ ok: true });
    socket.close();
  });

  it('reads the session afresh for every call over an open socket', async () => {
    const { client, id } = await userWith(['view']);
    const socket = socketOf(client);
    await socket.opened;
    expect(await socket.call('subscription', 'feed.onChange')).toEqual({ ok: true });
    // Gone without any announcement (as if expired): the next call finds no session.
    await t.deps.db.delete(sessions).where(eq(sessions.userId, id));
    expect(await socket.call('subscription', 'feed.onChange')).toMatchObject({
      ok: false,
      code: 'UNAUTHORIZED',
    });
    socket.close();
  });

  const endings: [string, (u: { client: HttpClient; id: number; name: string }) => Promise<unknown>][] = [
    ['logout over REST', (u) => u.client.get('/auth/logout')],
    ['logout over tRPC', (u) => u.client.trpc('mutation', 'auth.logout')],
    [
      'a password change',
      (u) =>
        updateUser(t.deps, {
          userId: u.id,
          username: u.name,
          password: 'another-password-2',
          roles: ['view'],
          by: 'admin',
        }),
    ],
    [
      'a role change',
      (u) => updateUser(t.deps, { userId: u.id, username: u.name, roles: ['edit'], by: 'admin' }),
    ],
    ['a deletion', (u) => deleteUser(t.deps, { username: u.name, actingUserId: -1, by: 'admin' })],
  ];
  it.each(endings)('closes the tRPC socket and the /ws socket at %s', async (_what, end) => {
    const user = await userWith(['view', 'gtfs']);
    const socket = socketOf(user.client);
    await socket.opened;
    expect(await socket.call('subscription', 'feed.onChange')).toEqual({ ok: true });
    const live = await connectLive(t.url, user.client.cookieHeader);
    const liveClosed = new Promise<void>((resolve) => live.on('disconnect', () => resolve()));
    await end(user);
    expect(await socket.closed).toBe(4001);
    await liveClosed;
  });

  it.each([
    [
      'REST POST /auth/logout everywhere=true',
      (c: HttpClient) => c.postForm('/auth/logout', { everywhere: 'true' }),
    ],
    [
      'tRPC auth.logout { everywhere: true }',
      (c: HttpClient) => c.trpc('mutation', 'auth.logout', { everywhere: true }),
    ],
  ])(
    'logs out everywhere over %s: every session of the user ends, its sockets close, others stay',
    async (_how, end) => {
      const user = await userWith(['view']);
      const phone = t.client();
      await phone.login(user.name, 'a-long-password-1');
      const bystander = await userWith(['view']);
      const socket = socketOf(phone);
      await socket.opened;
      expect(await socket.call('subscription', 'feed.onChange')).toEqual({ ok: true });
      const res = await end(user.client);
      expect(res.status).toBe(200);
      const me = async (c: HttpClient) => (await c.trpc('query', 'auth.me')).body.result.data;
      expect([await me(user.client), await me(phone)]).toEqual([null, null]);
      expect(await socket.closed).toBe(4001);
      expect(await me(bystander.client)).toMatchObject({ username: bystander.name });
      expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    },
  );

  it('refuses to log out everywhere by GET (a link or an image could send it): 405, every session kept', async () => {
    const user = await userWith(['view']);
    const phone = t.client();
    await phone.login(user.name, 'a-long-password-1');
    const me = async (c: HttpClient) => (await c.trpc('query', 'auth.me')).body.result.data;
    for (const query of ['everywhere=true', 'everywhere=1', 'everywhere=']) {
      const res = await user.client.get(`/auth/logout?${query}`);
      expect(res.status, query).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect((await res.json()).description).toMatch(
        /^Logging out everywhere is a POST: send POST \/auth\/logout/,
      );
    }
    // The tRPC mutation by GET: refused by the method too.
    const input = encodeURIComponent(JSON.stringify({ everywhere: true }));
    expect((await user.client.get(`/trpc/auth.logout?input=${input}`)).status).toBe(405);
    expect(await me(user.client)).toMatchObject({ username: user.name });
    expect(await me(phone)).toMatchObject({ username: user.name });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it('after a role change the reopened socket has the new roles only', async () => {
    const user = await userWith(['view', 'gtfs']);
    const { jobId } = await createJob(t.deps, { kind: 'schedule_upload' });
    await updateUser(t.deps, { userId: user.id, username: user.name, roles: ['view'], by: 'admin' });
    const socket = socketOf(user.client);
    await socket.opened;
    expect(await socket.call('subscription', 'jobs.onMessage', { jobId })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(await socket.call('subscription', 'feed.onChange')).toEqual({ ok: true });
    socket.close();
  });

  it('refuses jobs.onMessage of an upload to a view-only user (finding 5)', async () => {
    const { client } = await userWith(['view', 'excel']);
    const { jobId } = await createJob(t.deps, { kind: 'schedule_upload' });
    const socket = socketOf(client);
    await socket.opened;
    expect(await socket.call('subscription', 'jobs.onMessage', { jobId })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    socket.close();
  });

  it('checks the roles of /ws at every join-room', async () => {
    const user = await userWith(['gtfs']);
    const { jobId } = await createJob(t.deps, { kind: 'schedule_upload' });
    const live = await connectLive(t.url, user.client.cookieHeader);
    // Taken away without any announcement: the join itself must look again.
    await t.deps.db.delete(userRoles).where(eq(userRoles.userId, user.id));
    const answer = await new Promise<{ status: string; message: string }>((resolve) => {
      live.on('error-message', resolve);
      live.on('event', () => resolve({ status: 'joined', message: '' }));
      live.emit('join-room', { room: jobId });
    });
    expect(answer.status).toBe('error');
    expect(answer.message).toMatch(/'gtfs' role/);
    live.close();
  });

  it('answers a /ws room id the database cannot store with a clean message', async () => {
    const user = await userWith(['gtfs']);
    const live = await connectLive(t.url, user.client.cookieHeader);
    const answer = await new Promise<{ message: string }>((resolve) => {
      live.on('error-message', resolve);
      live.emit('join-room', { room: 'job\u0000id' });
    });
    expectNoLeak(answer.message);
    expect(answer.message).not.toMatch(/query|select|params/i);
    expect(answer.message).toMatch(/cannot be stored/);
    live.close();
  });

  it('refuses websocket upgrades from another origin, on /trpc and /ws (finding 3)', async () => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const cookie = admin.cookieHeader;
    const evil = new RawTrpcSocket(t.url, { cookie, origin: 'https://evil.example' });
    expect(await evil.refused).toBe(403);
    const ownHost = new URL(t.url).host;
    for (const origin of [`http://${ownHost}`, 'https://desk.example.org']) {
      const socket = new RawTrpcSocket(t.url, { cookie, origin });
      await socket.opened;
      expect(await socket.call('subscription', 'feed.onChange')).toEqual({ ok: true });
      socket.close();
    }
    const gtfs = await userWith(['gtfs']);
    expect(
      await trySocketWithHeaders(t.url, { cookie: gtfs.client.cookieHeader, origin: 'https://evil.example' }),
    ).toMatchObject({ ok: false });
    expect(
      await trySocketWithHeaders(t.url, { cookie: gtfs.client.cookieHeader, origin: `http://${ownHost}` }),
    ).toEqual({ ok: true });
    expect((await trySocket(t.url, gtfs.client.cookieHeader)).ok).toBe(true);
  });
});

/** A connected Socket.IO client at /ws with this cookie. */
function connectLive(url: string, cookie: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function trySocketWithHeaders(url: string, headers: Record<string, string>): Promise<{ ok: boolean }> {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders: headers,
      reconnection: false,
    });
    socket.once('connect', () => {
      socket.close();
      resolve({ ok: true });
    });
    socket.once('connect_error', () => {
      socket.close();
      resolve({ ok: false });
    });
  });
}
