import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, MON_TO_FRI, nextDateOn, wallTime } from '../support/agency-zone.ts';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  seriousAxeViolations,
  type TestBrowser,
} from '../support/browser.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const DESCRIPTION = 'Signal fault at Woodstock: expect delays of up to 20 minutes on all trains.';

/** 06:40 in the agency's zone on the next weekday from today: train 103 (06:30, 55 min) is running. */
function weekdayMorning(): { now: Date; date: string; nextDate: string } {
  const date = nextDateOn(MON_TO_FRI);
  return { now: wallTime(date, '06:40'), date, nextDate: addDays(date, 1) };
}

type FeedJson = {
  entity?: {
    id: string;
    tripUpdate?: {
      trip: { tripId: string; scheduleRelationship?: string };
      stopTimeUpdate?: {
        stopSequence: number;
        arrival?: { delay?: number };
        scheduleRelationship?: string;
      }[];
    };
  }[];
};

async function feedUpdates(t: TestApp): Promise<FeedJson> {
  return (await (await fetch(`${t.url}/feed/updates?format=json`)).json()) as FeedJson;
}

function stopRow(page: Page, index: number) {
  return page.locator('table.stop-times tbody tr').nth(index);
}

describe.skipIf(!hasChromium)('trip updates and alerts in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  let tripId = '';
  const morning = weekdayMorning();
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    t.clock.now = morning.now;
    await t.clientWithRoles(['view', 'edit'], 'controller');
    b = await openBrowser(t.url);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('finds a train by number, delays a stop by 5 minutes, skips another and publishes it', async () => {
    const { page } = b;
    await openScreen(page, 'New trip update');
    await page.waitForURL('**/trip_update');
    // The search fills in today's date and service once the schedule info has loaded.
    await expect.poll(() => page.getByLabel('Service').inputValue()).toBe('WD');
    await page.getByLabel('Train number').fill('0103');
    const result = page.getByTestId('trip-result').first();
    await result.waitFor();
    expect(await result.textContent()).toMatch(/-103.*In progress/);
    await result.click();
    tripId = (await page.getByTestId('selected-trip').textContent())!;
    expect(tripId).toMatch(/-103\d*$/);

    await stopRow(page, 2)
      .getByLabel(/^Delay in minutes/)
      .fill('5');
    await stopRow(page, 4).getByLabel(/^Skip/).check();
    expect(
      await stopRow(page, 4)
        .getByLabel(/^New time/)
        .isDisabled(),
    ).toBe(true);
    expect(
      await stopRow(page, 4)
        .getByLabel(/^Delay in minutes/)
        .isDisabled(),
    ).toBe(true);
    expect(await stopRow(page, 5).getByTestId('total-delay').textContent()).toBe('5 min');
    const delayed = Number(await stopRow(page, 2).getAttribute('data-stop-sequence'));
    const skipped = Number(await stopRow(page, 4).getAttribute('data-stop-sequence'));
    await screenshot(page, 'trip-update-editor');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: '✅ Sucessfully saved Trip Update' })
      .waitFor();
    await page.waitForURL(`${t.url}/`);
    const row = page.locator(`tr[data-trip-id="${tripId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('in_progress');
    expect(await row.getAttribute('class')).toContain('table-success');
    await screenshot(page, 'home-trip-updates');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const entity = (await feedUpdates(t)).entity?.find((e) => e.tripUpdate?.trip.tripId === tripId);
    expect(entity?.tripUpdate?.stopTimeUpdate).toEqual([
      expect.objectContaining({ stopSequence: delayed, arrival: expect.objectContaining({ delay: 300 }) }),
      expect.objectContaining({ stopSequence: skipped, scheduleRelationship: 'SKIPPED' }),
    ]);
  });

  it('opens the saved trip update again from the list and changes the delay', async () => {
    const { page } = b;
    await page.locator(`tr[data-trip-id="${tripId}"]`).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/trip_update?id=*');
    expect(
      await stopRow(page, 2)
        .getByLabel(/^Delay in minutes/)
        .inputValue(),
    ).toBe('5');
    expect(await stopRow(page, 4).getByLabel(/^Skip/).isChecked()).toBe(true);
    await stopRow(page, 2)
      .getByLabel(/^Delay in minutes/)
      .fill('7');
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: 'Sucessfully saved Trip Update' })
      .first()
      .waitFor();
    await page.waitForURL(`${t.url}/`);
    const entity = (await feedUpdates(t)).entity?.find((e) => e.tripUpdate?.trip.tripId === tripId);
    expect(entity?.tripUpdate?.stopTimeUpdate?.[0]?.arrival?.delay).toBe(420);
  });

  it('cancels the trip from the list with a double click on its row', async () => {
    const { page } = b;
    const row = page.locator(`tr[data-trip-id="${tripId}"]`);
    await row.dblclick();
    const details = page.getByTestId('trip-details');
    await details.waitFor();
    expect(await details.getByTestId('trip-total-delay').textContent()).toBe('7 min');
    await details.getByLabel('Trip cancelled').check();
    await screenshot(page, 'home-trip-details');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (await feedUpdates(t)).entity?.find((e) => e.tripUpdate?.trip.tripId === tripId)?.tripUpdate?.trip,
        // The save goes through the server: vitest's 1 s default is too short on a busy machine.
        { timeout: 15_000 },
      )
      .toEqual(expect.objectContaining({ scheduleRelationship: 'CANCELED' }));
  });

  it('deletes the trip update after the confirmation', async () => {
    const { page } = b;
    const row = page.locator(`tr[data-trip-id="${tripId}"]`);
    b.dismissNextDialog();
    await row.getByRole('button', { name: 'Delete' }).click();
    expect(b.dialogs.at(-1)).toMatch(/^Delete the update of train \d+\?$/);
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Successfully deleted.' }).waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await feedUpdates(t)).entity ?? []).toEqual([]);
  });

  it('creates an alert on a route in two languages with an active period, shown active with its scope', async () => {
    const { page } = b;
    await page.goto('/service_alert');
    await page.getByLabel('Start date').fill(morning.date);
    await page.getByLabel('Start time').fill('05:00');
    await page.getByLabel('End date').fill(morning.nextDate);
    expect(await page.getByLabel('Cause').inputValue()).toBe('UNKNOWN_CAUSE');
    await page.getByLabel('Effect').selectOption('SIGNIFICANT_DELAYS');
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Southern Line' });
    await page.getByTestId('affected-list').getByText('Route:Southern Line').waitFor();
    await page.getByLabel('Header (English)').fill('Southern Line delays');
    await page.getByLabel('Description (English)').fill(DESCRIPTION);
    await page.getByLabel('Language to add').selectOption('af-ZA');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByLabel('Header (Afrikaans)').fill('Suidelike lyn vertragings');
    await page.getByLabel('Description (Afrikaans)').fill('Seinfout by Woodstock.');
    await page.getByLabel(/URL/).fill('not a url');
    await page.getByText('Alert URL is invalid').waitFor();
    await page.getByLabel(/URL/).fill('https://www.metrorail.co.za/notices');
    await screenshot(page, 'service-alert-editor');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByTestId('banner-success').filter({ hasText: '✅ Successfully saved Alert!' }).waitFor();
    await page.waitForURL(`${t.url}/?show=alerts`);
    const row = page.getByTestId('alerts-table').locator('tbody tr').first();
    await row.getByTestId('alert-scope').filter({ hasText: 'Route:Southern Line' }).waitFor();
    expect(await row.getAttribute('data-state')).toBe('active');
    expect(await row.getAttribute('class')).toContain('table-success');
    expect(await row.textContent()).toContain(`${DESCRIPTION.slice(0, 60)}…`);
    await screenshot(page, 'home-alerts');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const alerts = (await (await fetch(`${t.url}/feed/alerts?format=json`)).json()) as {
      entity: { alert: { headerText: { translation: { language: string }[] }; url: unknown } }[];
    };
    expect(alerts.entity[0]!.alert.headerText.translation.map((tr) => tr.language)).toEqual([
      'en-ZA',
      'af-ZA',
    ]);
    expect(alerts.entity[0]!.alert.url).toEqual({
      translation: [{ text: 'https://www.metrorail.co.za/notices', language: 'en-ZA' }],
    });
  });
});
