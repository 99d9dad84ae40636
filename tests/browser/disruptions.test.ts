import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MON_TO_FRI, nextDateOn, wallTime } from '../support/agency-zone.ts';
import {
  fillDisruption,
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  previewDisruption,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** 05:00 in the agency's zone on the next weekday from today: the morning trains are still to come. */
function weekdayDawn(): { now: Date; date: string } {
  const date = nextDateOn(MON_TO_FRI);
  return { now: wallTime(date, '05:00'), date };
}

type FeedJson = {
  entity?: { id: string; tripUpdate?: { trip: { tripId: string; scheduleRelationship?: string } } }[];
};
const feed = async (t: TestApp, path: string) =>
  (await (await fetch(`${t.url}${path}?format=json`)).json()) as FeedJson;

describe.skipIf(!hasChromium)('the disruption desk in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  const dawn = weekdayDawn();
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    t.clock.now = dawn.now;
    await t.clientWithRoles(['view', 'edit'], 'controller');
    b = await openBrowser(t.url);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('selects a line’s morning, previews it, cancels it with an alert, sees both in the feed list, lifts it', async () => {
    const { page } = b;
    await openScreen(page, 'Disruptions');
    await page.waitForURL('**/disruptions');
    await fillDisruption(page, {
      serviceDate: dawn.date,
      route: { index: 1 },
      from: '06:00',
      until: '09:00',
      reason: 'Signal fault at Woodstock.',
    });
    const preview = await previewDisruption(page);
    await preview.waitFor();
    const rows = preview.locator('tbody tr');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    const tripIds = await rows.locator('td:nth-child(2)').allTextContents();
    expect(await page.getByRole('heading', { name: /^3\. Preview/ }).textContent()).toBe(
      `3. Preview: ${count} of ${count} trips on ${dawn.date.replaceAll('-', '')}`,
    );
    const header = page.getByLabel('Header (en-ZA)');
    expect(await header.inputValue()).toMatch(/: trains \d.* cancelled/);
    expect((await feed(t, '/feed/updates')).entity ?? []).toEqual([]); // the preview saved nothing
    await header.fill('Morning trains cancelled');
    await screenshot(page, 'disruption-preview');

    await page.getByRole('button', { name: `Apply to ${count} trips` }).click();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: `Disruption applied to ${count} trips, alert published.` })
      .waitFor();
    const list = page.getByRole('table', { name: 'Disruptions' });
    await list.getByText('Active').waitFor();

    const updates = (await feed(t, '/feed/updates')).entity ?? [];
    expect(updates.map((e) => e.tripUpdate?.trip.tripId).sort()).toEqual([...tripIds].sort());
    expect(updates.every((e) => e.tripUpdate?.trip.scheduleRelationship === 'CANCELED')).toBe(true);
    expect((await feed(t, '/feed/alerts')).entity?.length).toBe(1);

    await openScreen(page, 'Feed');
    await page.locator(`tr[data-trip-id="${tripIds[0]}"]`).waitFor();
    await page.locator('label[for="show-alerts"]').click();
    await page.getByTestId('alerts-table').locator('tbody tr[data-state]').first().waitFor();
    expect(await page.getByTestId('alerts-table').locator('tbody tr[data-state]').count()).toBe(1);
    await screenshot(page, 'disruption-in-feed-list');

    await openScreen(page, 'Disruptions');
    await page.getByRole('button', { name: 'Lift' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Disruption lifted' }).waitFor();
    await list.getByText('Lifted').waitFor();
    expect((await feed(t, '/feed/updates')).entity ?? []).toEqual([]);
    expect((await feed(t, '/feed/alerts')).entity ?? []).toEqual([]);
  });

  it('opens the disruption screen from its own address, as after a reload or from a bookmark', async () => {
    const { page } = b;
    const answer = await page.goto(`${t.url}/disruptions`);
    expect(answer?.status()).toBe(200);
    await page.getByLabel('Reason').waitFor();
    const templates = await page.goto(`${t.url}/alert_templates`);
    expect(templates?.status()).toBe(200);
  });
});
