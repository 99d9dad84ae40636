import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallTime } from '../support/agency-zone.ts';
import { BROWSER_ZONE, CHROMIUM, hasChromium, screenshot } from '../support/browser.ts';
import { postEntity } from '../support/feed.ts';
import { publishAlert, setUpRiderNetwork } from '../support/rider-network.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * GET /status on a phone (docs/contract-notes.md "Riders' pages"): readable at 390 px wide with no
 * sideways scrolling, and no WCAG 2.1 A or AA violation that axe-core finds, in either language,
 * with every status shown. The page needs no script and no web app build.
 */
describe.skipIf(!hasChromium)('the status page on a phone', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp();
    await setUpRiderNetwork(t);
    const day = '2026-12-04';
    t.clock.now = wallTime(day, '23:50');
    const editor = await t.clientWithRoles(['view', 'edit'], 'controller');
    const saved = await postEntity(editor, '/feed/trip_update', {
      id: 'tu-N1',
      tripUpdate: {
        trip: { tripId: 'N1', startDate: '20261204' },
        stopTimeUpdate: [{ stopSequence: 2, stopId: 'C1', arrival: { delay: 600 } }],
      },
    });
    expect(saved.status).toBe(200);
    await publishAlert(editor, {
      id: 'works',
      informed: [{ stopId: 'C2' }],
      effect: 1,
      en: 'No trains at Central on Saturday morning',
      af: 'Geen treine by Sentraal Saterdagoggend nie',
      impact: { start: wallTime('2026-12-05', '01:00'), end: wallTime('2026-12-05', '05:00') },
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const lang of ['en-ZA', 'af-ZA']) {
    it(`is readable and passes axe's WCAG 2.1 AA rules (${lang})`, async () => {
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
        await page.goto(`${t.url}/status?lang=${lang}`);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(lang === 'af-ZA' ? 'Diensstatus' : 'Service status');
        expect(await page.getByRole('main').count()).toBe(1);
        const north = page.locator('#route-N');
        expect(await north.getByRole('heading', { level: 3 }).textContent()).toBe('North line');
        // Nothing wider than the phone: no sideways scrolling.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await page.evaluate(axeSource);
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: { run(c: unknown, o: unknown): Promise<{ violations: Violation[] }> };
            }
          ).axe;
          const result = await axe.run(document, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          });
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target })),
          }));
        });
        expect(violations).toEqual([]);
        await screenshot(page, `status-phone-${lang}`);
      } finally {
        await context.close();
      }
    });
  }
});
