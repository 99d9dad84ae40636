import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, nextDateOn, wallTime } from '../support/agency-zone.ts';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** 06:40 in the agency's zone on the next Monday to Thursday from today, so tomorrow is a weekday too. */
function morningBeforeAWeekday(): { now: Date; today: string; tomorrow: string } {
  const date = nextDateOn(['Mon', 'Tue', 'Wed', 'Thu']);
  return { now: wallTime(date, '06:40'), today: date, tomorrow: addDays(date, 1) };
}

describe.skipIf(!hasChromium)('dated trips and consistency findings in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  const morning = morningBeforeAWeekday();
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = morning.now;
    b = await openBrowser(t.url);
    // The browser's clock shows the server's instant too (the editor marks the stops passed by it).
    await b.page.clock.setFixedTime(morning.now);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it("cancels tomorrow's train 105, is warned before saving, and sees the date and the finding in the list", async () => {
    const { page } = b;
    expect(await page.getByTestId('consistency-count').textContent()).toBe('0');
    await openScreen(page, 'New trip update');
    await page.waitForURL('**/trip_update');
    await page.getByLabel('Date', { exact: true }).fill(morning.tomorrow);
    await page.getByLabel('Train number').fill('105');
    const result = page.getByTestId('trip-result').first();
    await result.waitFor();
    expect(await result.textContent()).toMatch(/WD-105.*Yet to start/);
    await result.click();
    expect(await page.getByTestId('selected-date').textContent()).toBe(morning.tomorrow);
    await page.getByLabel('Cancel the whole trip').check();
    const warning = page.getByTestId('change-warnings').locator('[data-code="cancelled_without_alert"]');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('WD-105');
    await screenshot(page, 'trip-update-editor-tomorrow');

    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.waitForURL(`${t.url}/`);
    const row = page.locator('tr[data-trip-id="WD-105"]');
    await row.waitFor();
    expect(await row.getByTestId('trip-date').textContent()).toBe(morning.tomorrow);
    const count = page.getByTestId('consistency-count');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="consistency-count"]')?.textContent === '1',
    );
    await count.click();
    const finding = page.locator('#consistency-findings [data-code="cancelled_without_alert"]');
    await finding.waitFor();
    expect(await finding.textContent()).toContain(
      `Trip WD-105 of ${morning.tomorrow.replaceAll('-', '')} is cancelled`,
    );
    await screenshot(page, 'home-consistency-panel');
  });

  it("marks the stops today's train 103 has passed at 06:40, and none of tomorrow's", async () => {
    const { page } = b;
    const open = async (date: string) => {
      await page.goto('/trip_update');
      await page.getByLabel('Date', { exact: true }).fill(date);
      await page.getByLabel('Train number').fill('103');
      await page.getByTestId('trip-result').first().click();
      await page.getByTestId('selected-date').filter({ hasText: date }).waitFor();
      await page.locator('table.stop-times tbody tr').first().waitFor();
    };
    const position = () =>
      page.locator('table.stop-times tbody tr').evaluateAll((rows) =>
        rows.map((row) => {
          const cell = row.querySelectorAll('td')[1];
          return cell?.querySelector('[aria-label="Train is here"]') ? 'here' : cell?.textContent || '';
        }),
      );
    // Train 103 leaves Cape Town at 06:30: by 06:40 it has passed its first stops.
    await open(morning.today);
    const today = await position();
    expect(today.slice(0, 2)).toEqual(['Passed', 'Passed']);
    expect(today).toContain('here');
    // Tomorrow's run has not started: no stop passed, the train at its first stop.
    await open(morning.tomorrow);
    const tomorrow = await position();
    expect(tomorrow.filter((p) => p === 'Passed')).toEqual([]);
    expect(tomorrow[0]).toBe('here');
    await screenshot(page, 'trip-update-editor-tomorrow-not-passed');
  });
});
