import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MON_TO_FRI, nextDateOn, wallTime } from '../support/agency-zone.ts';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** 05:00 in the agency's zone on the next weekday from today: train 105 is still to run, an hour before the next. */
function weekdayDawn(): { now: Date; date: string } {
  const date = nextDateOn(MON_TO_FRI);
  return { now: wallTime(date, '05:00'), date };
}

type FeedJson = {
  entity?: {
    id: string;
    tripUpdate?: { trip: { tripId: string; scheduleRelationship?: string } };
    alert?: {
      informedEntity?: { trip?: { tripId?: string } }[];
      headerText?: { translation: { text: string }[] };
    };
  }[];
};

describe.skipIf(!hasChromium)('telling riders of one cancelled train from the trip update editor', () => {
  let t: TestApp;
  let b: TestBrowser;
  const dawn = weekdayDawn();
  const feed = async (path: string) =>
    ((await (await fetch(`${t.url}${path}?format=json`)).json()) as FeedJson).entity ?? [];
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = dawn.now;
    b = await openBrowser(t.url);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('cancels train 105 with the drafted alert, sees both and no finding, then un-cancels it and ends the alert', async () => {
    const { page } = b;
    await openScreen(page, 'New trip update');
    await page.waitForURL('**/trip_update');
    await page.getByLabel('Date', { exact: true }).fill(dawn.date);
    await page.getByLabel('Train number').fill('105');
    await page.getByTestId('trip-result').first().click();
    await page.getByLabel('Cancel the whole trip').check();
    const warning = page.getByTestId('change-warnings').locator('[data-code="cancelled_without_alert"]');
    await warning.waitFor();
    await page.getByRole('button', { name: 'Tell riders' }).click();
    await warning.waitFor({ state: 'detached' }); // the alert saved with it covers the cancellation
    const header = page.getByLabel('Header (en-ZA)');
    expect(await header.inputValue()).toMatch(/: trains \d.* cancelled/);
    expect(await page.getByLabel('Description (en-ZA)').inputValue()).toMatch(
      /^Trains 105 of .+ between \d\d:\d\d and \d\d:\d\d are cancelled\.$/,
    );
    expect(await page.getByLabel('Effect').inputValue()).toBe('NO_SERVICE');
    await header.fill('Train 105 cancelled');
    await page.getByLabel('Cause').selectOption('TECHNICAL_PROBLEM');
    await screenshot(page, 'trip-update-tell-riders');
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Alert published.' }).waitFor();
    await page.waitForURL(`${t.url}/`);

    await page.locator('tr[data-trip-id="WD-105"]').waitFor();
    await page.locator('label[for="show-alerts"]').click();
    const alertRows = page.getByTestId('alerts-table').locator('tbody tr[data-state]');
    await alertRows.first().waitFor();
    expect(await alertRows.count()).toBe(1);
    expect(await alertRows.first().textContent()).toContain('Train 105 cancelled');
    const [alert] = await feed('/feed/alerts');
    expect(alert?.alert?.informedEntity).toEqual([
      { trip: { tripId: 'WD-105', startDate: dawn.date.replaceAll('-', '') } },
    ]);
    const findings = (await page.evaluate(async () => (await fetch('/feed/consistency')).json())) as {
      code: string;
    }[];
    expect(findings.map((f) => f.code)).not.toContain('cancelled_without_alert');
    expect(await page.getByTestId('consistency-count').textContent()).toBe('0');
    await screenshot(page, 'trip-and-alert-in-feed-list');

    await page.getByTestId('alerts-table').getByRole('link', { name: 'Edit' }).click();
    const links = page.getByTestId('alert-links');
    await links.waitFor();
    expect(await links.textContent()).toContain(
      `Published with the trip update of train 105 on ${dawn.date.replaceAll('-', '')}`,
    );
    await page.goBack();
    await page.locator('label[for="show-trips"]').click();
    await page.locator('tr[data-trip-id="WD-105"]').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/trip_update**');
    await page.getByLabel('Cancel the whole trip').uncheck();
    await page
      .locator('table.stop-times tbody tr')
      .nth(1)
      .getByLabel(/^Delay in minutes/)
      .fill('5');
    await page.getByRole('button', { name: 'End the alert' }).click();
    await page.getByText('The alert ends when you save.').waitFor();
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Alert ended.' }).waitFor();
    expect(await feed('/feed/alerts')).toEqual([]);
    const updates = await feed('/feed/updates');
    expect(updates.map((u) => [u.tripUpdate?.trip.tripId, u.tripUpdate?.trip.scheduleRelationship])).toEqual([
      ['WD-105', undefined],
    ]);
  });
});
