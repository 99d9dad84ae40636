import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN } from '../support/test-app.ts';
import { pollUntil } from './helpers.ts';
import {
  holdPort,
  postmasterPid,
  printedUrl,
  release,
  type ServerProcess,
  startServerProcess,
} from './server-process.ts';

describe('[heavy] webhook deliveries through a dead database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feeddesk-webhooks-dbkill-'));
  let server: ServerProcess | undefined;
  let blocker: Server | undefined;
  let receiver: HttpServer | undefined;
  /** What the receiver was sent, and the status it answered each with. */
  const received: { body: string; status: number }[] = [];
  let answer = 500;

  beforeAll(async () => {
    receiver = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ body, status: answer });
        res.writeHead(answer).end('ok');
      });
    });
    await new Promise<void>((done) => receiver!.listen(0, '127.0.0.1', done));
    // The product with the demo network (alerts name its trips), before the test's own bound.
    server = await startServerProcess({ dataDir: dir, env: { WEBHOOK_CHECK_MS: '200' } });
  });
  afterAll(async () => {
    if (blocker) await release(blocker);
    await server?.kill();
    receiver?.closeAllConnections();
    await new Promise<void>((done) => (receiver ? receiver.close(() => done()) : done()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the worker alive while the database is dead, and sends every delivery once it is back', async () => {
    const s = server!;
    onTestFailed(() => console.log(`product output (end):\n${s.output().slice(-6_000)}`));
    const admin = new HttpClient(s.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const port = (receiver!.address() as AddressInfo).port;
    const added = await admin.fetch('/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ['alert.published'] }),
    });
    expect([200, 201], await added.clone().text()).toContain(added.status);
    const trips = Object.keys(await (await admin.get('/db/trips_to_routes')).json());
    const ids = ['before-kill-1', 'before-kill-2', 'before-kill-3'];
    for (const id of ids) {
      const res = await postEntity(admin, '/feed/service_alert', {
        id,
        alert: {
          informedEntity: [{ trip: { tripId: trips[0]! } }],
          headerText: { translation: [{ text: `Alert ${id}`, language: 'en' }] },
        },
      });
      expect(res.status).toBe(200);
    }
    // Each was tried once and refused (500): all three wait for their retry, 5 s later.
    await pollUntil(
      'a first attempt of each',
      async () => (ids.every((id) => received.some((r) => r.body.includes(id))) ? true : undefined),
      10_000,
    );

    // The database killed and kept down past the retries' time; the receiver is fine meanwhile.
    const dbPort = Number(new URL(printedUrl(s)).port);
    process.kill(postmasterPid(dir), 'SIGKILL');
    const logBefore = s.output().length;
    blocker = await holdPort(dbPort);
    answer = 200;
    await new Promise((r) => setTimeout(r, 7_000));
    expect(s.child.exitCode, 'the product exited').toBeNull();
    expect(received.filter((r) => r.status === 200)).toEqual([]);
    const outage = s.output().slice(logBefore);
    expect(outage).toMatch(/webhook deliveries skipped: the database cannot be reached/);
    expect(outage).not.toMatch(/could not look for due webhook deliveries/);
    await release(blocker);
    blocker = undefined;
    await pollUntil(
      '/readyz 200',
      async () => ((await new HttpClient(s.url).get('/readyz')).status === 200 ? true : undefined),
      30_000,
    );

    // Once it is back, every delivery reaches the receiver.
    await pollUntil(
      'each delivery answered 200',
      async () =>
        ids.every((id) => received.some((r) => r.status === 200 && r.body.includes(id))) ? true : undefined,
      30_000,
    );
    expect(s.child.exitCode, 'the product exited').toBeNull();
  }, 90_000);
});
