import { mailAlertState, mailOutbox, mailSubscriptions, openDb } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/databases.ts';
import type { HttpClient } from '../support/http-client.ts';
import { linkOf, Mailbox } from '../support/mailbox.ts';
import { publishAlert, setUpRiderNetwork } from '../support/rider-network.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * E-mail subscriptions of riders (docs/rest-api.md "E-mail subscriptions") against a real SMTP
 * server: confirm, the alerts of the followed route in the rider's language with a working
 * unsubscribe link, a dead SMTP server that slows nothing and loses nothing, and the bounds an
 * attacker meets.
 */
describe('riders subscribe to alerts by e-mail', () => {
  const mailbox = new Mailbox();
  let t: TestApp;
  let editor: HttpClient;
  let rider: HttpClient;

  beforeAll(async () => {
    await mailbox.start();
    t = await startTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
        MAIL_FROM: 'Far Rail <alerts@far-rail.example>',
        SUBSCRIBE_PER_IP_PER_HOUR: '13',
        SUBSCRIPTION_MAILS_PER_HOUR: '5',
        SUBSCRIPTION_CONFIRMATIONS_PER_HOUR: '3',
        SUBSCRIPTIONS_PER_ADDRESS: '3',
      },
    });
    await setUpRiderNetwork(t);
    editor = await t.clientWithRoles(['view', 'edit'], 'controller');
    rider = t.client();
  });
  afterAll(async () => {
    await t?.close();
    await mailbox.stop();
  });

  const subscribe = (body: Record<string, unknown>) =>
    rider.fetch('/subscriptions', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const subscribeAndConfirm = async (email: string, body: Record<string, unknown>) => {
    const res = await subscribe({ email, ...body });
    expect(res.status, await res.clone().text()).toBe(202);
    const confirmation = await mailbox.waitFor(email, body.lang === 'af' ? 'Bevestig' : 'Confirm');
    const page = await rider.get(linkOf(confirmation, 'confirm'));
    expect(page.status).toBe(200);
    return page.text();
  };

  it('the status page offers the form, with labels', async () => {
    const res = await rider.get('/status?lang=af');
    const html = await res.text();
    expect(html).toContain('<form method="post" action="/subscriptions">');
    expect(html).toContain('<label for="email">E-posadres</label>');
    expect(html).toContain('name="routes" value="N"');
  });

  it('confirmed, a rider gets the alerts of the route followed, in their language, until they unsubscribe', async () => {
    const confirmed = await subscribeAndConfirm('rider@example.org', { routes: ['N'], lang: 'af' });
    expect(confirmed).toContain('U e-poskennisgewings is aan');
    // The link works once.
    const again = await rider.get(linkOf(mailbox.to('rider@example.org')[0]!, 'confirm'));
    expect(again.status).toBe(404);

    await publishAlert(editor, {
      id: 'south-works',
      informed: [{ routeId: 'S' }],
      en: 'South line works',
      af: 'Suidlyn werk',
    });
    await publishAlert(editor, {
      id: 'north-delay',
      informed: [{ routeId: 'N' }],
      en: 'North line delayed',
      af: 'Noordlyn vertraag',
    });
    const published = await mailbox.waitFor('rider@example.org', 'Nuwe kennisgewing: Noordlyn vertraag');
    expect(published.from?.text).toContain('alerts@far-rail.example');
    expect(published.text).toContain('Noordlyn vertraag.');
    const listUnsubscribe = published.headerLines.find((h) => h.key === 'list-unsubscribe');
    expect(listUnsubscribe?.line).toContain('/subscriptions/unsubscribe?token=');

    await publishAlert(editor, {
      id: 'north-delay',
      informed: [{ routeId: 'N' }],
      en: 'North line delayed 20 minutes',
      af: 'Noordlyn 20 minute vertraag',
    });
    await mailbox.waitFor('rider@example.org', 'Kennisgewing verander: Noordlyn 20 minute vertraag');

    const ended = await editor.delete('/feed/alerts/delete_feed_entity?entity_id=north-delay');
    expect(ended.status, await ended.clone().text()).toBe(200);
    const endMail = await mailbox.waitFor('rider@example.org', 'Kennisgewing beëindig');
    expect(endMail.text).toContain('Hierdie kennisgewing geld nie meer nie.');
    // The South line is not followed.
    expect(mailbox.to('rider@example.org').some((m) => m.subject?.includes('Suidlyn'))).toBe(false);

    const off = await rider.get(linkOf(endMail, 'unsubscribe'));
    expect(off.status).toBe(200);
    expect(await off.text()).toContain('geen e-poskennisgewings meer');
    const count = mailbox.to('rider@example.org').length;
    await publishAlert(editor, {
      id: 'north-again',
      informed: [{ routeId: 'N' }],
      en: 'North line again',
      af: 'Noordlyn weer',
    });
    await new Promise((r) => setTimeout(r, 3000));
    expect(mailbox.to('rider@example.org').length).toBe(count);
    const [left] = await t.deps.db
      .select()
      .from(mailSubscriptions)
      .where(eq(mailSubscriptions.emailKey, 'rider@example.org'));
    expect(left).toBeUndefined();
  });

  it('a browser’s form subscribes without a CSRF token and gets a page', async () => {
    const res = await rider.postForm(
      '/subscriptions',
      { email: 'form@example.org', routes: ['N', 'S'], lang: 'en-ZA' },
      { csrf: false },
    );
    expect(res.status).toBe(202);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('We sent a link to form@example.org');
    const mail = await mailbox.waitFor('form@example.org', 'Confirm your service alerts');
    expect(mail.text).toContain('routes N, S');
  });

  it('a dead SMTP server slows no save; the mail arrives once it is back', async () => {
    await subscribeAndConfirm('everything@example.org', { lang: 'en' });
    await mailbox.stop();
    const started = performance.now();
    await publishAlert(editor, {
      id: 'network-wide',
      informed: [{ agencyId: 'AG' }],
      en: 'Strike across the network',
      af: 'Staking oor die netwerk',
    });
    expect(performance.now() - started).toBeLessThan(1000);
    // Tried and failed while the server is away, never lost.
    const until = Date.now() + 10_000;
    let tried = false;
    while (!tried && Date.now() < until) {
      const rows = await t.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'everything@example.org'));
      tried = rows.some((r) => r.attempts > 0 && r.sentAt === null && r.lastError !== null);
      if (!tried) await new Promise((r) => setTimeout(r, 200));
    }
    expect(tried).toBe(true);
    await mailbox.start();
    const mail = await mailbox.waitFor(
      'everything@example.org',
      'New alert: Strike across the network',
      30_000,
    );
    expect(mail.text).toContain('Strike across the network.');
  });

  it('a flapping alert mails an address at most SUBSCRIPTION_MAILS_PER_HOUR times an hour; the rest are counted', async () => {
    await subscribeAndConfirm('flap@example.org', { routes: ['S'], lang: 'en' });
    for (let i = 0; i < 8; i++) {
      const en = `South line flaps ${i}`;
      await publishAlert(editor, { id: 'flap', informed: [{ routeId: 'S' }], en, af: `Suidlyn ${i}` });
      // Each save is seen on its own (saves closer together are one change: a digest by itself).
      await expect
        .poll(async () => {
          const [row] = await t.deps.db
            .select()
            .from(mailAlertState)
            .where(eq(mailAlertState.alertId, 'flap'));
          return JSON.stringify(row?.json ?? null).includes(en);
        })
        .toBe(true);
    }
    await mailbox.waitFor('flap@example.org', 'South line flaps 4');
    await new Promise((r) => setTimeout(r, 1500));
    const got = mailbox.to('flap@example.org').filter((m) => m.subject?.includes('South line flaps'));
    expect(got).toHaveLength(5);
    const [row] = await t.deps.db
      .select()
      .from(mailSubscriptions)
      .where(eq(mailSubscriptions.emailKey, 'flap@example.org'));
    expect(row?.skippedMails).toBe(3);
    const metrics = await (await rider.get('/metrics')).text();
    expect(metrics).toMatch(/feeddesk_mails_total\{kind="alert",result="skipped"\} \d+/);
  });

  it('refuses a bad address with a sentence', async () => {
    for (const email of [
      'not-an-email',
      'two@@example.org',
      `${'a'.repeat(70)}@example.org`,
      'rider@localhost',
    ]) {
      const res = await subscribe({ email, lang: 'en' });
      expect(res.status, email).toBe(400);
      const body = (await res.json()) as { description: string };
      expect(body.description).toMatch(/\./);
    }
    // Linear whatever it holds: a long run of what a backtracking pattern chokes on answers at once.
    const started = performance.now();
    const res = await subscribe({ email: `${'a.'.repeat(120)}@${'b-'.repeat(5)}`, lang: 'en' });
    expect(res.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(500);
    const many = await subscribe({
      email: 'many@example.org',
      routes: Array.from({ length: 51 }, (_, i) => `R${i}`),
    });
    expect(many.status).toBe(400);
  });

  it('bounds one address and one client', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await subscribe({ email: 'Victim@Example.org', routes: [`R${i}`], lang: 'en' });
      expect(res.status, await res.clone().text()).toBe(202);
    }
    const fourth = await subscribe({ email: 'victim@example.org', lang: 'en' });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { description: string }).description).toContain('confirmation e-mails');
    let refused: Response | undefined;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await subscribe({ email: `flood${i}@example.org`, lang: 'en' });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(202);
    }
    expect(refused).toBeDefined();
    expect(((await refused!.json()) as { description: string }).description).toContain(
      'subscription requests in an hour',
    );
  });
});

/** What was queued survives its process; several processes on one database send each mail once. */
describe('the outbox across a restart and two processes', () => {
  const mailbox = new Mailbox();
  let first: TestDatabase;
  const apps: TestApp[] = [];

  const start = async () => {
    const pool = await openDb(first.url, { max: 5 });
    const app = await startTestApp({
      database: { database: pool, url: first.url, drop: () => pool.close() },
      trpc: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${mailbox.port}` },
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    await mailbox.start();
    first = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
      await app.db.drop();
    }
    await first?.drop();
    await mailbox.stop();
  });

  it('a mail queued by a process that stopped is sent by the next; two processes send each once', async () => {
    const a = await start();
    await setUpRiderNetwork(a);
    const rider = a.client();
    const res = await rider.fetch('/subscriptions', {
      method: 'POST',
      csrf: false,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restart@example.org', stops: ['CEN'], lang: 'en' }),
    });
    expect(res.status).toBe(202);
    const confirmation = await mailbox.waitFor('restart@example.org', 'Confirm');
    expect((await rider.get(linkOf(confirmation, 'confirm'))).status).toBe(200);

    await mailbox.stop();
    const editor = await a.clientWithRoles(['view', 'edit'], 'controller');
    // Informs platform C1 of station CEN: a rider following the station is told.
    await publishAlert(editor, {
      id: 'c1-closed',
      informed: [{ stopId: 'C1' }],
      en: 'Platform 1 closed',
      af: 'Platform 1 gesluit',
    });
    const until = Date.now() + 10_000;
    for (;;) {
      const rows = await a.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, 'restart@example.org'));
      if (rows.some((r) => r.kind === 'alert' && r.lastError !== null && r.claimedUntil === null)) break;
      expect(Date.now()).toBeLessThan(until);
      await new Promise((r) => setTimeout(r, 200));
    }
    await a.close();
    apps.splice(apps.indexOf(a), 1);
    await a.db.drop();

    const [b, c] = await Promise.all([start(), start()]);
    await mailbox.start();
    await mailbox.waitFor('restart@example.org', 'New alert: Platform 1 closed', 30_000);
    const editorB = await b!.clientWithRoles(['view', 'edit'], 'controller-b');
    await publishAlert(editorB, {
      id: 'cen-lifts',
      informed: [{ stopId: 'CEN' }],
      en: 'Lifts out of order',
      af: 'Hysers buite werking',
    });
    await mailbox.waitFor('restart@example.org', 'New alert: Lifts out of order');
    await new Promise((r) => setTimeout(r, 3000));
    const subjects = mailbox.to('restart@example.org').map((m) => m.subject);
    expect(subjects.filter((s) => s?.includes('Platform 1 closed'))).toHaveLength(1);
    expect(subjects.filter((s) => s?.includes('Lifts out of order'))).toHaveLength(1);
    expect(c).toBeDefined();
  });
});
