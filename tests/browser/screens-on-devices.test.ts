import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, logIn, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import type { HttpClient } from '../support/http-client.ts';
import { unreachableControls } from '../support/reachable.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const ZONE = 'Africa/Johannesburg';

/** 06:40 in Johannesburg on the next weekday from today: the demo's weekday trains run. */
function weekdayMorning(): Date {
  const day = new Date();
  for (;;) {
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(day);
    if (weekday !== 'Sat' && weekday !== 'Sun') break;
    day.setUTCDate(day.getUTCDate() + 1);
  }
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(day);
  return new Date(`${date}T06:40:00+02:00`);
}

/** A phone, a tablet on its side and a laptop. */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;

async function tripIdOf(client: HttpClient, number: string): Promise<string> {
  const found = await client.trpc('query', 'schedule.trips', { number, service: 'WD' });
  return (found.body as { result: { data: { trip_id: string }[] } }).result.data[0]!.trip_id;
}

describe.skipIf(!hasChromium)('the desk on a phone, a tablet and a laptop', () => {
  let t: TestApp;
  let b: TestBrowser;
  let tripUpdateId: string;
  let alertId: string;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, env: { DEMO_SCHEDULE: 'true' } });
    t.clock.now = weekdayMorning();
    const controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    const tripId = await tripIdOf(controller, '105');
    const saved = await controller.trpc('mutation', 'feed.saveTripUpdate', {
      entity: {
        tripUpdate: { trip: { tripId }, stopTimeUpdate: [{ stopSequence: 2, arrival: { delay: 300 } }] },
      },
      baseRevision: 0,
    });
    tripUpdateId = saved.body.result.data.id;
    const now = Math.floor(t.clock.now.getTime() / 1000);
    const alert = await controller.trpc('mutation', 'feed.saveAlert', {
      entity: {
        alert: {
          activePeriod: [{ start: now, end: now + 3600 }],
          informedEntity: [{ routeId: 'STH' }],
          headerText: {
            translation: [
              { text: 'Lifts out of order at Cape Town Station until the afternoon', language: 'en' },
            ],
          },
          descriptionText: {
            translation: [
              { text: 'Use the ramp at the north entrance; staff on the platform can help.', language: 'en' },
            ],
          },
        },
      },
      baseRevision: 0,
    });
    alertId = alert.body.result.data.id;
    b = await openBrowser(t.url);
    await logIn(b.page, ADMIN.username, ADMIN.password);
    // Starting the app and loading the schedule is slow on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const open = async (page: Page, path: string, ready: string) => {
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    // Lists and checks that answer after the first paint.
    await page.waitForLoadState('networkidle');
  };

  for (const size of SIZES) {
    it(`every input and action of the feed list, the trip editor and the alert editor is reachable at ${size.width} × ${size.height}`, async () => {
      const { page } = b;
      await page.setViewportSize({ width: size.width, height: size.height });
      const found: Record<string, string[]> = {};

      await open(page, '/', '[data-testid="trips-table"] tr[data-trip-id]');
      const row = page.locator('[data-testid="trips-table"] tr[data-trip-id]').first();
      for (const name of ['History', 'Edit', 'Delete'])
        expect(await row.getByRole(name === 'Edit' ? 'link' : 'button', { name }).isVisible()).toBe(true);
      expect(await row.getByTestId('trip-effect').isVisible()).toBe(true);
      found.trips = await unreachableControls(page);
      await screenshot(page, `devices-${size.name}-trips`);

      await open(page, '/?show=alerts', '[data-testid="alerts-table"] tbody tr');
      const alertRow = page.getByTestId('alerts-table').locator('tbody tr').first();
      expect(await alertRow.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
      found.alerts = await unreachableControls(page);
      await screenshot(page, `devices-${size.name}-alerts`);

      await open(page, `/trip_update?id=${encodeURIComponent(tripUpdateId)}`, 'table.stop-times tbody tr');
      const stops = page.locator('table.stop-times tbody tr');
      expect(await stops.count()).toBeGreaterThan(2);
      for (const label of [
        'Skip Cape Town Station',
        'Dwell in minutes at Woodstock Station',
        'Platform at Cape Town Station',
      ])
        expect(await page.getByLabel(label).isVisible(), label).toBe(true);
      found.tripEditor = await unreachableControls(page);
      await screenshot(page, `devices-${size.name}-trip-editor`);

      await open(page, `/service_alert?id=${encodeURIComponent(alertId)}`, 'form');
      found.alertEditor = await unreachableControls(page);
      await screenshot(page, `devices-${size.name}-alert-editor`);

      expect(found).toEqual({ trips: [], alerts: [], tripEditor: [], alertEditor: [] });
    }, 400_000);
  }

  it('gives an administrator a one-line bar of jobs at 1366 × 768, used with the keyboard', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    expect(await nav.getByRole('button').allTextContents()).toEqual([
      'Live desk',
      'Schedule',
      'Reports',
      'Administration',
    ]);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    // One line: the brand, the jobs, the user and the logout buttons share one row of the bar.
    const middles = await page
      .locator(
        '.navbar .navbar-brand, .navbar [aria-label="Main"] > *, .navbar [data-testid="current-user"], .navbar button',
      )
      .evaluateAll((els) =>
        els
          .filter((e) => e.getClientRects().length > 0)
          .map((e) => {
            const r = e.getBoundingClientRect();
            return Math.round(r.top + r.height / 2);
          }),
      );
    expect(middles.length).toBeGreaterThan(6);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4);
    expect((await page.locator('.navbar').boundingBox())!.height).toBeLessThan(70);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1366);

    const admin = nav.getByRole('button', { name: 'Administration' });
    expect(await admin.getAttribute('aria-expanded')).toBe('false');
    await admin.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => admin.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.locator('.dropdown-menu a[href]:visible').allTextContents()).toEqual([
      'Users',
      'Alert templates',
      'API tokens',
      'Webhooks',
      'Settings',
    ]);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Users');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Alert templates');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/alert_templates');
    await expect.poll(() => admin.getAttribute('aria-expanded')).toBe('false');
    // The job of the open screen is marked in the bar.
    // Marked as the new screen renders, which may come a frame after the menu has closed.
    await expect.poll(() => admin.evaluate((el) => el.classList.contains('active'))).toBe(true);
    await page.keyboard.press('Escape');
    await screenshot(page, 'devices-laptop-bar');
  }, 60_000);

  it('gives a phone one menu with the screens by job, opened and used with the keyboard', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getAttribute('aria-controls')).toBe('main-nav');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    // The menu slides open (Bootstrap's .collapsing, then .show): measure it once it has.
    await page.locator('#main-nav.show').waitFor();
    await nav.getByRole('button', { name: 'Administration' }).waitFor();
    expect(await nav.getByRole('button').allTextContents()).toEqual([
      'Live desk',
      'Schedule',
      'Reports',
      'Administration',
    ]);
    const schedule = nav.getByRole('button', { name: 'Schedule' });
    await schedule.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => schedule.getAttribute('aria-expanded')).toBe('true');
    const versions = nav.locator('a[href]').filter({ hasText: /^Schedule versions$/ });
    await versions.waitFor();
    expect(await unreachableControls(page, '.navbar')).toEqual([]);
    await screenshot(page, 'devices-phone-menu');
    await versions.click();
    await page.waitForURL('**/schedule_versions');
    // A chosen screen closes the menu: the screen is what the phone shows.
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => nav.isVisible()).toBe(false);
  }, 60_000);
});
