import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  seriousAxeViolations,
  type TestBrowser,
} from '../support/browser.ts';
import { postEntity } from '../support/feed.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

describe.skipIf(!hasChromium)('the webhook screen in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  let receiver: Server;
  const bodies: { headers: Record<string, string>; body: string }[] = [];
  let url = '';

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    b = await openBrowser(t.url);
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        bodies.push({ headers: req.headers as Record<string, string>, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
    receiver?.closeAllConnections();
    await new Promise((done) => receiver?.close(done));
  });

  it('adds a webhook showing its secret once, lists its deliveries, and deletes it', async () => {
    const { page } = b;
    await logIn(page, ADMIN.username, ADMIN.password);
    await openScreen(page, 'Webhooks');
    await page.waitForURL('**/webhooks');
    await page.getByText('No webhooks yet.').waitFor();

    await page.getByLabel('Receiver URL').fill(url);
    await page.getByLabel('alert.ended').uncheck();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const shown = page.getByLabel('Signing secret');
    await shown.waitFor();
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByRole('row', { name: /alert\.published/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(url);
    expect(await row.textContent()).not.toContain('alert.ended');

    // An alert published: the receiver gets it signed with the secret shown.
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const saved = await postEntity(admin, '/feed/service_alert', {
      id: 'al-lifts',
      alert: {
        informedEntity: [{ agencyId: 'metro' }],
        headerText: { translation: [{ text: 'Lifts out of order', language: 'en-ZA' }] },
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await expect.poll(() => bodies.length, { timeout: 5000 }).toBe(1);
    const [got] = bodies;
    expect(new Webhook(secret).verify(got!.body, got!.headers)).toMatchObject({ type: 'alert.published' });

    await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
    const log = page.getByRole('table', { name: 'Deliveries' });
    await log.waitFor();
    const delivery = log.getByRole('row', { name: /alert\.published/ });
    await delivery.waitFor();
    expect(await delivery.textContent()).toMatch(/delivered.*HTTP 204/);
    await screenshot(page, 'webhooks');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Shown once: after a reload the secret is nowhere on the page.
    await page.reload();
    await row.waitFor();
    expect(await page.getByLabel('Signing secret').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: `Delete the webhook to ${url}` }).click();
    await page.getByText(`Deleted the webhook to ${url}.`).waitFor();
    expect(b.dialogs.at(-1)).toBe(`Delete the webhook to ${url}? Nothing more is sent to it.`);
    await page.getByText('No webhooks yet.').waitFor();
  });
});
