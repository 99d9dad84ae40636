import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_ZONE, CHROMIUM, hasChromium, screenshot, seriousAxeViolations } from '../support/browser.ts';
import { linkOf, Mailbox } from '../support/mailbox.ts';
import { setUpRiderNetwork } from '../support/rider-network.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A rider subscribes to alerts by e-mail from the status page on a phone (docs/rest-api.md
 * "E-mail subscriptions"): the form's fields have labels, nothing scrolls sideways, axe finds no
 * serious WCAG 2.1 AA violation, and the confirmation mail comes in the language chosen.
 */
describe.skipIf(!hasChromium)('subscribing on the status page, on a phone', () => {
  const mailbox = new Mailbox();
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    await mailbox.start();
    t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${mailbox.port}` } });
    await setUpRiderNetwork(t);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await mailbox.stop();
  });

  it('fills the form, gets a page saying so, and a mail in Afrikaans whose link confirms', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: true,
      timezoneId: BROWSER_ZONE,
    });
    try {
      const page = await context.newPage();
      await page.goto(`${t.url}/status?lang=en-ZA`);
      const form = page.getByRole('region', { name: 'Alerts by e-mail' });
      await form.getByLabel('E-mail address').fill('phone@example.org');
      await form.getByLabel('North line').check();
      await form.getByLabel('Language of the e-mails').selectOption('af-ZA');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'status-subscribe-form');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toContain('Ons het ’n skakel na phone@example.org gestuur');
      expect(await page.locator('html').getAttribute('lang')).toBe('af');
      const mail = await mailbox.waitFor('phone@example.org', 'Bevestig');
      expect(mail.text).toContain('roetes N');
      await page.goto(`${t.url}${linkOf(mail, 'confirm')}`);
      expect(await page.getByRole('status').textContent()).toContain('U e-poskennisgewings is aan');
    } finally {
      await context.close();
    }
  });
});
