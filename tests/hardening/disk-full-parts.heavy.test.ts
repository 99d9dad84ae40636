import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeedEntity } from '@feeddesk/proto';
import postgres from 'postgres';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { approve, pendingList, postAlert, setApproval } from '../support/approvals.ts';
import { postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { linkOf, Mailbox } from '../support/mailbox.ts';
import { ADMIN } from '../support/test-app.ts';
import { canMountTmpfs, expectCleanError, pollUntil, type SmallDisk, smallDisk } from './helpers.ts';
import { printedUrl, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * The disk of the database full under the parts added after disk-full.heavy.test.ts: the approval
 * queue (an alert held for approval, an approve, an emergency publish), webhook deliveries, a
 * planned-works publish and the SIRI feeds (heavy: a real product process whose DATA_DIR, and so
 * its embedded PostgreSQL, is on a tmpfs of 256 MB the test fills). Each save is answered 503
 * `disk_full` with the sentence, or taken (a small write may still find room in a page); whatever
 * was answered 200 is kept and, once space is freed, everything works again by itself: what was
 * held is approved, every published alert reaches the webhook's receiver, the planned works
 * publish (docs/operations.md "Faults the product survives"), and no refusal wrote megabytes into
 * the log. Mounting needs root (as in CI).
 */

const DISK_FULL = 'The disk of the database is full; nothing was saved.';
if (!canMountTmpfs)
  console.log('disk-full-parts.heavy.test.ts skipped: mounting a tmpfs needs root on Linux');

/** An alert about a route with 10 000 random characters: pages the database must add, not fill. */
function bigAlert(id: string, routeId: string): FeedEntity {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    alert: {
      activePeriod: [{ start: now - 60, end: now + 3600 }],
      informedEntity: [{ routeId }],
      cause: 3,
      effect: 3,
      headerText: { translation: [{ language: 'en-ZA', text: `Alert ${id}` }] },
      descriptionText: { translation: [{ language: 'en-ZA', text: randomBytes(7_500).toString('base64') }] },
    },
  };
}

/**
 * Saves made one after the other on a full disk until one is refused (at most `tries`): the ids
 * answered 200, and the refusal, which must be 503 disk_full with its sentence.
 */
async function saveUntilRefused(
  what: string,
  save: (i: number) => Promise<{ id: string; res: Response }>,
  tries = 30,
): Promise<string[]> {
  const taken: string[] = [];
  for (let i = 0; i < tries; i++) {
    const { id, res } = await save(i);
    if (res.status === 200) {
      taken.push(id);
      continue;
    }
    const body = await expectCleanError(res, 503);
    expect(body.description, what).toBe(DISK_FULL);
    return taken;
  }
  throw new Error(`${what}: no save was refused on a full disk in ${tries} tries`);
}

describe.skipIf(!canMountTmpfs)(
  '[heavy] the disk of the database full, under the approval queue, webhooks, planned works and SIRI',
  () => {
    let disk: SmallDisk | undefined;
    let server: ServerProcess | undefined;
    let receiver: HttpServer | undefined;
    const received: string[] = [];
    afterAll(async () => {
      await server?.kill();
      receiver?.closeAllConnections();
      await new Promise<void>((done) => (receiver ? receiver.close(() => done()) : done()));
      disk?.dispose();
    });

    it('answers each save 503 disk_full or keeps it, lives on, and is back once space is freed', async () => {
      receiver = createHttpServer((req, res) => {
        let body = '';
        req.on('data', (c) => {
          body += c;
        });
        req.on('end', () => {
          received.push(body);
          res.writeHead(200).end('ok');
        });
      });
      await new Promise<void>((done) => receiver!.listen(0, '127.0.0.1', done));
      disk = smallDisk(256);
      server = await startServerProcess({
        dataDir: disk.dataDir,
        env: { WEBHOOK_CHECK_MS: '200', PUBLISH_AT_CHECK_MS: '200' },
      });
      const s = server;
      onTestFailed(() => console.log(`product output (end):\n${s.output().slice(-8_000)}`));
      const t0 = Date.now();
      const step = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
      const admin = new HttpClient(s.url);
      await admin.login(ADMIN.username, ADMIN.password);
      const anon = new HttpClient(s.url);
      for (const [username, roles] of [
        ['controller', ['edit']],
        ['approver', ['view', 'approve']],
      ] as const) {
        const res = await admin.postForm('/auth/add_user', {
          username,
          password: 'a-long-password-1',
          roles: [...roles],
        });
        expect(res.status, await res.clone().text()).toBe(200);
      }
      const controller = new HttpClient(s.url);
      await controller.login('controller', 'a-long-password-1');
      const approver = new HttpClient(s.url);
      await approver.login('approver', 'a-long-password-1');
      const port = (receiver.address() as AddressInfo).port;
      const hook = await admin.fetch('/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ['alert.published'] }),
      });
      expect([200, 201], await hook.clone().text()).toContain(hook.status);
      const routes = Object.values(
        (await (await admin.get('/db/trips_to_routes')).json()) as Record<string, string>,
      );
      const routeId = routes[0]!;
      const trips = Object.keys(
        (await (await admin.get('/db/trips_to_routes')).json()) as Record<string, string>,
      );
      const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
      const works = (reason: string, tripId: string) =>
        admin.fetch('/feed/disruptions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            publishAs: 'schedule',
            serviceDate: day,
            select: { tripIds: [tripId] },
            action: { type: 'cancel' },
            reason,
            alert: { headerText: { en: `Works: ${reason}` } },
          }),
        });
      // Planned works publish on this schedule (the same kind of save is refused below).
      const worksBefore = await works('works before', trips[0]!);
      expect(worksBefore.status, await worksBefore.clone().text()).toBe(200);

      await setApproval(admin, 'alerts');
      const heldBefore = await (await postAlert(controller, bigAlert('held-before', routeId))).json();
      expect(heldBefore.state).toBe('pending');
      const siriBefore = await anon.get('/siri/situation-exchange');
      expect(siriBefore.status).toBe(200);
      expect(await siriBefore.text()).toContain('works before');
      step('ready');

      const filled = disk.fill();
      step(`filled ${Math.round(filled / 1024 / 1024)} MB`);
      expect((await anon.get('/readyz')).status).toBe(503);

      // An alert held for approval: refused with the sentence, or held.
      const held = await saveUntilRefused('an alert held for approval', async (i) => {
        const id = `held-full-${i}`;
        return { id, res: await postAlert(controller, bigAlert(id, routeId)) };
      });
      step(`held on the full disk: ${held.length}`);
      // An approve: refused (the item stays pending), or published.
      const approving = await approve(approver, heldBefore.pendingId);
      if (approving.status !== 200)
        expect((await expectCleanError(approving, 503)).description).toBe(DISK_FULL);
      step(`approve on the full disk: ${approving.status}`);
      // An emergency publish (past the queue; a webhook delivery queued with it).
      const emergencies = await saveUntilRefused('an emergency alert', async (i) => {
        const id = `emergency-full-${i}`;
        return { id, res: await postAlert(controller, bigAlert(id, routeId), { emergency: true }) };
      });
      step(`emergencies published on the full disk: ${emergencies.length}`);
      // A planned-works publish (a whole schedule version): refused.
      const worksFull = await works('works on a full disk', trips[1]!);
      expect((await expectCleanError(worksFull, 503)).description).toBe(DISK_FULL);
      // SIRI serves what it served.
      const siriFull = await anon.get('/siri/situation-exchange');
      expect(siriFull.status).toBe(200);
      expect(await siriFull.text()).toContain('works before');
      await new Promise((r) => setTimeout(r, 2_000));
      expect(s.child.exitCode, 'the product exited').toBeNull();

      // Space freed: back by itself.
      disk.free();
      await pollUntil(
        '/readyz 200',
        async () => ((await anon.get('/readyz')).status === 200 ? true : undefined),
        30_000,
      );
      step('/readyz 200');
      // The planned works publish again (their alert held for approval as any).
      const worksAfter = await works('works after', trips[1]!);
      expect(worksAfter.status, await worksAfter.clone().text()).toBe(200);
      // Nothing taken is lost: every held item waits, and is approved now.
      const pending = await pendingList(approver);
      const waiting = pending.filter((p) => p.state === 'pending').map((p) => p.entityId);
      expect(waiting).toEqual(
        expect.arrayContaining([...held, ...(approving.status === 200 ? [] : ['held-before'])]),
      );
      for (const item of pending.filter((p) => p.state === 'pending')) {
        const res = await approve(approver, item.id);
        expect(res.status, await res.clone().text()).toBe(200);
      }
      // Every published alert reaches the webhook's receiver.
      const published = ['held-before', ...held, ...emergencies];
      await pollUntil(
        'every published alert delivered',
        async () => (published.every((id) => received.some((b) => b.includes(`"${id}"`))) ? true : undefined),
        30_000,
      ).catch((error: Error) => {
        throw new Error(
          `${error.message}; not delivered: ${published.filter((id) => !received.some((b) => b.includes(`"${id}"`))).join(', ')}`,
        );
      });
      step(`delivered ${published.length}`);
      // SIRI follows (the feed cache follows a commit by NOTIFY).
      await pollUntil(
        'SIRI with the works and the approved alert',
        async () => {
          const siri = await (await anon.get('/siri/situation-exchange')).text();
          return siri.includes('works after') && siri.includes('held-before') ? true : undefined;
        },
        10_000,
      );
      expect(s.child.exitCode, 'the product exited').toBeNull();
      // No refusal wrote a schedule's file into the log (a failed load's error used to repeat its
      // insert's parameters: 140 kB of the demo workbook, on a disk already full).
      const longest = Math.max(
        ...s
          .output()
          .split('\n')
          .map((line) => line.length),
      );
      expect(longest, 'the longest line of the log').toBeLessThan(20_000);
    }, 180_000);
  },
);

/**
 * Riders' e-mails on a full disk (docs/rest-api.md "E-mail subscriptions"): mails in flight (the
 * SMTP server holding its answers) as the database stops for want of WAL space, a rider subscribing
 * and an alert saved meanwhile. Each call is refused with the sentence or kept; once space is freed
 * every queued mail is sent exactly once, by itself (a mail the SMTP server took while nothing could
 * be saved stayed claimed, and was sent again 2 minutes later).
 */
describe.skipIf(!canMountTmpfs)('[heavy] the disk of the database full, under the e-mail outbox', () => {
  const mailbox = new Mailbox();
  let disk: SmallDisk | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    await mailbox.stop();
    disk?.dispose();
  });

  it('loses no queued mail and sends none twice, refuses or keeps a subscription, and sends again by itself', async () => {
    await mailbox.start();
    disk = smallDisk(256);
    server = await startServerProcess({
      dataDir: disk.dataDir,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
        SUBSCRIBE_PER_IP_PER_HOUR: '100',
        SUBSCRIPTION_MAILS_PER_HOUR: '100',
      },
    });
    const s = server;
    onTestFailed(() => console.log(`product output (end):\n${s.output().slice(-8_000)}`));
    const t0 = Date.now();
    const step = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
    const admin = new HttpClient(s.url);
    await admin.login(ADMIN.username, ADMIN.password);
    const rider = new HttpClient(s.url);
    const routeId = Object.values(
      (await (await admin.get('/db/trips_to_routes')).json()) as Record<string, string>,
    )[0]!;
    const subscribe = (email: string) =>
      rider.fetch('/subscriptions', {
        method: 'POST',
        csrf: false,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, routes: [routeId] }),
      });
    // More riders than the sender claims at once (10), so mails wait in the outbox as others are sent.
    const riders = Array.from({ length: 12 }, (_, i) => `rider-${String(i).padStart(2, '0')}@example.org`);
    for (const email of riders) {
      const res = await subscribe(email);
      expect(res.status, await res.clone().text()).toBe(202);
      const confirmation = await mailbox.waitFor(email, 'Confirm');
      expect((await rider.get(linkOf(confirmation, 'confirm'))).status).toBe(200);
    }
    step('12 riders confirmed');

    // Mails in flight: the SMTP server holds its answers while an alert's 12 mails are sent.
    const release = mailbox.hold();
    expect((await postEntity(admin, '/feed/service_alert', bigAlert('mail-before', routeId))).status).toBe(
      200,
    );
    await pollUntil('mails held in flight', async () => (mailbox.held >= 10 ? true : undefined), 20_000);
    step(`${mailbox.held} mails in flight`);
    const filled = disk.fill();
    step(`filled ${Math.round(filled / 1024 / 1024)} MB`);
    // The write-ahead log's next segment cannot be made: what a full disk does to a busy database
    // (its server's PANIC, docs/operations.md "Faults the product survives"), brought on at once.
    const direct = postgres(printedUrl(s), { max: 1, onnotice: () => {}, connect_timeout: 5 });
    const panic = await (async () => {
      try {
        for (let i = 0; i < 10; i++)
          await direct`select pg_logical_emit_message(false, 'disk-full-test', ${'x'.repeat(1000)}), pg_switch_wal()`;
        return 'no PANIC after 10 segments';
      } catch (error) {
        return (error as Error).message;
      } finally {
        await direct.end({ timeout: 1 }).catch(() => {});
      }
    })();
    step(`the database: ${panic}`);
    expect((await new HttpClient(s.url).get('/readyz')).status).toBe(503);
    // A rider subscribes on the full disk: refused with the sentence, or kept (and mailed later).
    const during = await subscribe('rider-full@example.org');
    if (during.status !== 202) expect((await expectCleanError(during, 503)).description).toBe(DISK_FULL);
    step(`a subscription on the full disk: ${during.status}`);
    // An alert on the full disk: refused, or published (and mailed later).
    const alertFull = await postEntity(admin, '/feed/service_alert', bigAlert('mail-full', routeId));
    if (alertFull.status !== 200)
      expect((await expectCleanError(alertFull, 503)).description).toBe(DISK_FULL);
    step(`an alert on the full disk: ${alertFull.status}`);
    // The held mails are taken by the SMTP server while nothing can be saved.
    release();
    await pollUntil('the held mails answered', async () => (mailbox.held === 0 ? true : undefined), 10_000);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(s.child.exitCode, 'the product exited').toBeNull();

    // Space freed: back by itself, and every mail sent once.
    disk.free();
    await pollUntil(
      '/readyz 200',
      async () => ((await new HttpClient(s.url).get('/readyz')).status === 200 ? true : undefined),
      30_000,
    );
    step('/readyz 200');
    const expected = [
      ...riders.map((to) => ({ to, subject: 'Confirm' })),
      ...riders.map((to) => ({ to, subject: 'Alert mail-before' })),
      ...(alertFull.status === 200 ? riders.map((to) => ({ to, subject: 'Alert mail-full' })) : []),
      ...(during.status === 202 ? [{ to: 'rider-full@example.org', subject: 'Confirm' }] : []),
    ];
    const received = (m: { to: string; subject: string }) =>
      mailbox.to(m.to).filter((mail) => mail.subject?.includes(m.subject)).length;
    await pollUntil(
      'every queued mail sent',
      async () => (expected.every((m) => received(m) > 0) ? true : undefined),
      60_000,
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}; not sent: ${JSON.stringify(expected.filter((m) => received(m) === 0))}`,
      );
    });
    step(`${expected.length} mails sent`);
    // The outbox empties: a mail sent but not marked would be sent again once its claim (2 min) ends.
    const outbox = postgres(printedUrl(s), { max: 1, onnotice: () => {} });
    try {
      await pollUntil(
        'the outbox emptied',
        async () => {
          const [row] = await outbox<{ n: number }[]>`
            select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null`;
          return row!.n === 0 ? true : undefined;
        },
        150_000,
        500,
      );
    } finally {
      await outbox.end();
    }
    step('the outbox emptied');
    await new Promise((r) => setTimeout(r, 2_000));
    expect(
      expected.filter((m) => received(m) !== 1),
      'mails not sent exactly once',
    ).toEqual([]);
    expect(s.child.exitCode, 'the product exited').toBeNull();
  }, 300_000);
});
