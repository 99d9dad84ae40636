import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openTestDatabase, type TestDatabase } from '../support/databases.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { expectCleanError, pollUntil } from './helpers.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * docs/contract-notes.md "A service nobody can stop": what an anonymous client could do to the
 * real product (`npm start`'s process) on a real port. Each case stalled or ended the process
 * before: bodies of many repeated values (n² parsing), bodies thousands of levels deep (a stack
 * overflow), headers and bodies sent a byte at a time, connections and websockets held by the
 * thousand, and descriptors run out (EMFILE ended the process).
 */

/** The product's event-loop delay samples (one every 10 ms) of at least `seconds`, from /metrics. */
async function loopSamplesOver(url: string, seconds: number): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const bucket = (le: string) =>
    Number(new RegExp(`feeddesk_event_loop_delay_seconds_bucket\\{le="${le}"\\} (\\d+)`).exec(text)?.[1]);
  return bucket('+Inf') - bucket(String(seconds));
}

/** A raw connection from `localAddress`; resolves once connected, with when and how it ended. */
function connect(url: string, localAddress = '127.0.0.1') {
  const { port } = new URL(url);
  const socket = net.connect({ port: Number(port), host: '127.0.0.1', localAddress });
  let received = '';
  socket.on('data', (d) => {
    received += d;
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => {
    const start = Date.now();
    socket.once('close', () => resolve(Date.now() - start));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected, received: () => received };
}

/** GET over a fresh connection from `localAddress` (fetch cannot choose its source address). */
function getFrom(url: string, path: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(url);
    const request = http.get(
      { host: '127.0.0.1', port: Number(port), path, localAddress, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', reject);
  });
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('hostile clients against the real product', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  let csrf: { token: string; cookie: string };

  beforeAll(async () => {
    db = await openTestDatabase();
    server = await startServerProcess({
      databaseUrl: db.url,
      env: {
        MAX_CONNECTIONS_PER_ADDRESS: '40',
        MAX_WEBSOCKETS_PER_ADDRESS: '5',
        HEADERS_TIMEOUT_SECONDS: '2',
      },
    });
    const res = await fetch(`${server.url}/auth/csrf`);
    csrf = { token: await res.text(), cookie: res.headers.get('set-cookie')!.split(';')[0]! };
  });
  afterAll(async () => {
    await server?.kill();
    await db?.drop();
  });

  const post = (path: string, contentType: string, body: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-csrf-token': csrf.token, cookie: csrf.cookie },
      body,
    });

  it('refuses bodies of many values, deep bodies and large ones at once, never stalling the feed', async () => {
    const before = await loopSamplesOver(server.url, 1);
    // 40 000 repeated values took 15 s of the event loop to read (each copied the list so far).
    const many = JSON.stringify({ username: Array(40_000).fill('a'), password: 'x' });
    expect(
      (await expectCleanError(await post('/auth/login', 'application/json', many), 400)).description,
    ).toMatch(/more than 20000 values/);
    const form = Array(40_000).fill('username=a').join('&');
    const formRes = await post('/auth/login', 'application/x-www-form-urlencoded', form);
    expect((await expectCleanError(formRes, 400)).description).toMatch(/more than 1000 fields/);
    // 10 000 levels deep overflowed the stack of what read it (a 500).
    for (const deep of [
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
    ]) {
      const rest = await post('/auth/login', 'application/json', `{"username":${deep},"password":"x"}`);
      expect((await expectCleanError(rest, 400)).description).toMatch(/nests deeper than 32 levels/);
      const trpc = await post('/trpc/auth.login', 'application/json', `{"username":${deep}}`);
      expect(trpc.status).toBe(400);
      expect(await trpc.text()).toMatch(/nests deeper than 32 levels/);
    }
    const large = JSON.stringify({ username: 'a'.repeat(1024 * 1024), password: 'x' });
    await expectCleanError(await post('/auth/login', 'application/json', large), 413);
    // A batch longer than the web app ever sends.
    const batch = await fetch(`${server.url}/trpc/${Array(60).fill('auth.me').join(',')}?batch=1`);
    expect(batch.status).toBe(400);
    expect(await loopSamplesOver(server.url, 1), 'event-loop delay samples over 1 s').toBe(before);
    expect((await fetch(`${server.url}/feed/updates`)).status).toBe(200);
  });

  it('answers a number out of range with 400, not 500', async () => {
    const admin = new HttpClient(server.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const body = await expectCleanError(await admin.get('/audit/entries?offset=1e20'), 400);
    expect(body.description).toMatch(/offset/);
  });

  it('closes a connection whose headers or body trickle in, and keeps one whose body keeps coming', async () => {
    const headers = connect(server.url);
    await headers.connected;
    headers.socket.write('GET /feed/updates HTTP/1.1\r\nHost: x\r\n');
    const headerTimer = setInterval(() => headers.socket.write('X-A: b\r\n'), 300);
    const body = connect(server.url);
    await body.connected;
    body.socket.write(
      'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const bodyTimer = setInterval(() => body.socket.write(' '), 300);
    // A body of 96 KB at 16 KB a second: slow, but it keeps coming (a 2 s window needs 8 KB).
    const steady = connect(server.url);
    await steady.connected;
    const value = 'a'.repeat(96 * 1024);
    const payload = Buffer.from(`{"username":"${value}","password":"x"}`);
    steady.socket.write(
      `POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-CSRF-Token: ${csrf.token}\r\nCookie: ${csrf.cookie}\r\nConnection: close\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    let sent = 0;
    const steadyTimer = setInterval(() => {
      steady.socket.write(payload.subarray(sent, sent + 4096));
      sent += 4096;
      if (sent >= payload.length) clearInterval(steadyTimer);
    }, 250);
    try {
      const [headersMs, bodyMs] = await Promise.all([
        Promise.race([headers.closed, settle(15_000).then(() => Number.NaN)]),
        Promise.race([body.closed, settle(15_000).then(() => Number.NaN)]),
      ]);
      expect(headersMs, 'trickled headers closed').toBeLessThan(15_000);
      expect(bodyMs, 'trickled body closed').toBeLessThan(15_000);
      await Promise.race([steady.closed, settle(20_000)]);
      expect(steady.received(), 'the steady body was answered').toMatch(/^HTTP\/1\.1 401/);
    } finally {
      clearInterval(headerTimer);
      clearInterval(bodyTimer);
      clearInterval(steadyTimer);
      for (const c of [headers, body, steady]) c.socket.destroy();
    }
  });

  it('caps the connections of one address; other addresses are still served', async () => {
    const held = Array.from({ length: 60 }, () => connect(server.url, '127.0.0.1'));
    try {
      await Promise.all(held.map((c) => Promise.race([c.connected, c.closed])));
      await settle(500);
      const refused = held.filter((c) => c.socket.destroyed || c.socket.readableEnded).length;
      expect(refused, 'connections above the cap of 40 closed').toBeGreaterThanOrEqual(20);
      expect(await getFrom(server.url, '/feed/updates', '127.0.0.2')).toBe(200);
      expect(await getFrom(server.url, '/healthz', '127.0.0.3')).toBe(200);
    } finally {
      for (const c of held) c.socket.destroy();
    }
  });

  it('caps the websockets of one address, anonymous ones included', async () => {
    const origin = server.url;
    // Its own source address: the 60 connections of the test before may still count against
    // 127.0.0.1 for a moment after they are destroyed, and a connection over that cap is reset.
    const localAddress = '127.0.0.5';
    const sockets = Array.from(
      { length: 8 },
      () => new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { origin, localAddress }),
    );
    try {
      const outcomes = await Promise.all(
        sockets.map(
          (ws) =>
            new Promise<string>((resolve) => {
              ws.once('open', () => resolve('open'));
              ws.once('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
              ws.once('error', () => resolve('error'));
            }),
        ),
      );
      expect(outcomes.filter((o) => o === 'open')).toHaveLength(5);
      expect(outcomes.filter((o) => o === '503')).toHaveLength(3);
      expect(await getFrom(server.url, '/feed/updates', '127.0.0.2')).toBe(200);
    } finally {
      for (const ws of sockets) ws.terminate();
    }
    // Closed websockets free their places.
    await pollUntil('a websocket place again', async () => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { origin, localAddress });
      const ok = await new Promise<boolean>((resolve) => {
        ws.once('open', () => resolve(true));
        ws.once('unexpected-response', () => resolve(false));
        ws.once('error', () => resolve(false));
      });
      ws.terminate();
      return ok || undefined;
    });
  });
});

describe('descriptors run out', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    db = await openTestDatabase();
    // 300 descriptors, the vitals line every second (its memory reading opened a file: EMFILE
    // there ended the process), and no per-address cap, as if the clients came from many places.
    server = await startServerProcess({
      databaseUrl: db.url,
      prefix: ['prlimit', '--nofile=300:300'],
      env: { LOG_SUMMARY_SECONDS: '1', MAX_CONNECTIONS_PER_ADDRESS: '100000', LOG_LEVEL: 'info' },
    });
  });
  afterAll(async () => {
    await server?.kill();
    await db?.drop();
  });

  it('keeps the process up with more connections than descriptors, and serves again once they go', async () => {
    const held = Array.from({ length: 400 }, () => connect(server.url));
    try {
      await Promise.all(held.map((c) => Promise.race([c.connected, c.closed])));
      await settle(2_500); // two vitals ticks
      expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
      expect(server.child.signalCode).toBeNull();
    } finally {
      for (const c of held) c.socket.destroy();
    }
    expect(
      await pollUntil('the feed again', async () => {
        const res = await fetch(`${server.url}/feed/updates`);
        return res.status === 200 ? res.status : undefined;
      }),
    ).toBe(200);
    expect(server.output()).toMatch(/MAX_CONNECTIONS 8000 lowered to 44/);
  });
});
