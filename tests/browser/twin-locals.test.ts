import { buildTwinLocalsWorkbook, TWIN_LOCALS_ZONE } from '@feeddesk/server/gtfs/index';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, logIn, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * In the browser: Caltrain's L1 and L2 are both "Local", and Palo Alto's two platforms are
 * both "Palo Alto Caltrain Station". Every route select named "Local" twice; searching "Palo Alto"
 * found the station, at which no train calls, and said "No trips found". Agency in Los Angeles,
 * browser in Tokyo.
 */
const BROWSER_ZONE = 'Asia/Tokyo';

/** 08:45 of the next Saturday in Los Angeles: weekend train 421 (08:00 → 09:10) is under way. */
function saturdayMorning(): Date {
  const day = new Date();
  for (;;) {
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: TWIN_LOCALS_ZONE, weekday: 'short' }).format(
      day,
    );
    if (weekday === 'Sat') break;
    day.setUTCDate(day.getUTCDate() + 1);
  }
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: TWIN_LOCALS_ZONE }).format(day);
  const noonUtc = new Date(`${date}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: TWIN_LOCALS_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(noonUtc)
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return new Date(`${date}T08:45:00${offset}`);
}

const optionTexts = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator('option').allTextContents();

const tripIds = async (page: Page) =>
  (await page.getByTestId('trip-result').locator('.font-monospace').allTextContents()).sort();

describe.skipIf(!hasChromium)('two routes and two platforms of one name', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    t.clock.now = saturdayMorning();
    const planner = await t.clientWithRoles(['view', 'edit', 'gtfs'], 'planner');
    const { final } = await uploadSchedule(planner, await buildTwinLocalsWorkbook(), 'twin-locals.xlsx');
    expect(final.status).toBe('done');
    b = await openBrowser(t.url, { timezoneId: BROWSER_ZONE });
    await logIn(b.page, 'planner', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('the trip search tells "Local (L1)" from "Local (L2)" and lists the weekend trains of L2', async () => {
    const { page } = b;
    await page.goto('/trip_update');
    await page
      .getByLabel('Route', { exact: true })
      .locator('option', { hasText: 'Local (L2)' })
      .waitFor({ state: 'attached' });
    expect(await optionTexts(page, 'Route')).toEqual(['Any route', 'Local (L1)', 'Local (L2)']);
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Local (L2)' });
    await page.getByTestId('trip-result').first().waitFor();
    expect(await tripIds(page)).toEqual(['WE-421', 'WE-423']);
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Local (L1)' });
    await page.getByText('No trips found for this search.').waitFor();
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Any route' });
  });

  it('the station "Palo Alto" finds the trains calling at its platforms', async () => {
    const { page } = b;
    await page.getByLabel('or stop name').fill('Palo Alto');
    await page.getByTestId('trip-result').first().waitFor();
    expect(await tripIds(page)).toEqual(['WE-421', 'WE-423']);
    expect(await page.getByText('No trips found for this search.').count()).toBe(0);
  });

  it('offers the two platforms by distinct labels, and one of them finds its trains', async () => {
    const { page } = b;
    await page.getByLabel('or stop name').fill('Palo Alto Caltrain');
    const choices = page.locator('button', { hasText: 'Palo Alto Caltrain Station' });
    await choices.nth(1).waitFor();
    expect(await choices.allTextContents()).toEqual([
      'Palo Alto Caltrain Station (70171)',
      'Palo Alto Caltrain Station (70172)',
    ]);
    await screenshot(page, 'twin-locals-which-stop');
    await choices.first().click();
    await page.getByTestId('trip-result').first().waitFor();
    expect(await tripIds(page)).toEqual(['WE-421', 'WE-423']);
    expect(await page.getByLabel('or stop name').inputValue()).toBe('Palo Alto Caltrain Station (70171)');
  });

  it('the disruptions screen names both Local routes apart, and offers the platforms, not the station', async () => {
    const { page } = b;
    await page.goto('/disruptions');
    await page
      .getByLabel('Route', { exact: true })
      .locator('option', { hasText: 'Local (L2)' })
      .waitFor({ state: 'attached' });
    expect(await optionTexts(page, 'Route')).toEqual(['Any route', 'Local (L1)', 'Local (L2)']);
    await page.getByLabel('Stop (window on its departure)').fill('Palo Alto');
    const stopFound = page.getByLabel('Stop found');
    await stopFound.locator('option', { hasText: '70172' }).waitFor({ state: 'attached' });
    expect(await optionTexts(page, 'Stop found')).toEqual([
      'No stop',
      'Palo Alto Caltrain Station (70171)',
      'Palo Alto Caltrain Station (70172)',
    ]);
  });
});
