import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_ZONE, dateIn, MON_TO_FRI, nextDateOn, wallTime } from '../support/agency-zone.ts';
import { hasChromium, logIn, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import { getFeed } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// The controller's desk: each test below failed on the screens before the fix.

/** 06:40 in the agency's zone on the next weekday from today (train 103, 06:30 → 07:25, is running). */
const weekdayMorning = (): Date => wallTime(nextDateOn(MON_TO_FRI), '06:40');

function stopRow(page: Page, index: number) {
  return page.locator('table.stop-times tbody tr').nth(index);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The trip id of a demo train by its number, as the app's search gives it. */
async function tripIdOf(client: HttpClient, number: string): Promise<string> {
  const found = await client.trpc('query', 'schedule.trips', { number, service: 'WD' });
  return (found.body as { result: { data: { trip_id: string }[] } }).result.data[0]!.trip_id;
}

describe.skipIf(!hasChromium)("the controller's desk", () => {
  let t: TestApp;
  let b: TestBrowser;
  let colleague: HttpClient;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    t.clock.now = weekdayMorning();
    await t.clientWithRoles(['view', 'edit'], 'controller');
    await t.clientWithRoles(['view'], 'viewer');
    colleague = await t.clientWithRoles(['view', 'edit'], 'colleague');
    b = await openBrowser(t.url);
    // The browser's clock shows the server's instant (the browser itself is in a third zone).
    await b.page.clock.setFixedTime(t.clock.now!);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('7, 8: the cursor starts in the train number; a partial stop name finds trips with departure, origin and terminus', async () => {
    const { page } = b;
    await page.goto('/trip_update');
    await page.getByLabel('Train number').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-number');

    await page.getByLabel('or stop name').fill('Zzyzx');
    await page.getByText('No stop has a name with "Zzyzx"').waitFor();

    await page.getByLabel('or stop name').fill('Bellv');
    const result = page.getByTestId('trip-result').first();
    await result.waitFor();
    // The train under way at 06:40 calling at Bellville Station: 06:05 from Cape Town to Eerste River.
    expect(await result.textContent()).toMatch(/06:05.*In progress.*Cape Town Station.*Eerste River Station/);
    await page.getByLabel('or stop name').fill('');
  });

  it('8: each time field is one Tab stop, Save stays on screen on a short window, Enter saves nothing, the button does', async () => {
    const { page } = b;
    await page.getByLabel('Train number').fill('0103');
    await page.getByTestId('trip-result').filter({ hasText: '-103' }).click();
    await stopRow(page, 2)
      .getByLabel(/^New time/)
      .focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^On time/);

    await page.setViewportSize({ width: 1366, height: 520 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const save = await box(page.getByRole('button', { name: 'Save trip update' }));
    expect(save.y).toBeGreaterThanOrEqual(0);
    expect(save.y + save.height).toBeLessThanOrEqual(520);
    await screenshot(page, 'desk-sticky-save');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Five minutes after the scheduled arrival, typed without a colon.
    const [h, m] = (await stopRow(page, 2).locator('td').first().textContent())!.split(':').map(Number);
    const late = h! * 60 + m! + 5;
    const typed = `${String(Math.floor(late / 60)).padStart(2, '0')}${String(late % 60).padStart(2, '0')}`;
    await stopRow(page, 2)
      .getByLabel(/^New time/)
      .fill(typed);
    expect(
      await stopRow(page, 2)
        .getByLabel(/^Delay in minutes/)
        .inputValue(),
    ).toBe('5');
    await stopRow(page, 4).getByLabel(/^Skip/).check();
    // Enter in a field never saves (docs/spec.md §2 "Editors"): the form stays, nothing is served.
    await stopRow(page, 2)
      .getByLabel(/^Delay in minutes/)
      .press('Enter');
    await page.waitForTimeout(500);
    expect(page.url()).toContain('/trip_update');
    const served = (await getFeed(t.client(), '/feed/updates')).entity;
    expect(served.filter((e) => e.tripUpdate?.trip.tripId?.endsWith('-103'))).toEqual([]);
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.waitForURL(`${t.url}/`);
  });

  it('4, 5: the trip list says what each update does, who changed it, and stays live', async () => {
    const { page } = b;
    const table = page.getByTestId('trips-table');
    const first = table.locator('tbody tr').first();
    await first.waitFor();
    expect(await first.getByTestId('trip-effect').textContent()).toBe('+5 min, 1 stop skipped');
    expect(await first.getByTestId('trip-route').textContent()).toBe('Southern Line');
    expect(await first.getByTestId('trip-changed').textContent()).toMatch(/controller/);
    expect(await page.getByTestId('last-refresh').textContent()).toMatch(/Updated \d\d:\d\d:\d\d/);

    // A colleague cancels train 301 (Northern Line, 05:10): the row appears without Refresh.
    const cancelled = await tripIdOf(colleague, '301');
    const saved = await colleague.trpc('mutation', 'feed.saveTripUpdate', {
      entity: { tripUpdate: { trip: { tripId: cancelled, scheduleRelationship: 'CANCELED' } } },
    });
    expect(saved.status).toBe(200);
    const row = table.locator(`tr[data-trip-id="${cancelled}"]`);
    await row.waitFor();
    expect(await row.getByTestId('trip-effect').textContent()).toBe('Cancelled');
    expect(await row.getByTestId('trip-changed').textContent()).toMatch(/colleague/);

    await page.getByLabel('Sort by').selectOption('departure');
    const ids = await table
      .locator('tbody tr.trip-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-trip-id')));
    expect(ids[0]).toBe(cancelled); // 05:10 before 06:30
    await page.getByLabel('Filter by state').selectOption('cancelled');
    await expect.poll(() => table.locator('tbody tr.trip-row').count()).toBe(1);
    await screenshot(page, 'desk-trip-list');
    await page.getByLabel('Filter by state').selectOption('');
  });

  it('2, 3, 9: an alert starts now, a half-typed date is an error, choosing a route adds it, no end is confirmed', async () => {
    const { page } = b;
    await page.goto('/service_alert');
    const startDate = await page.getByLabel('Start date').inputValue();
    const startTime = await page.getByLabel('Start time').inputValue();
    // Now, on the agency's clock: 06:40 there, whatever the browser's zone.
    expect(startDate).toBe(dateIn(AGENCY_ZONE, t.clock.now!));
    expect(startTime).toBe('06:40');
    await page.getByRole('button', { name: '+1 h' }).click();
    const end = new Date(`${startDate}T${startTime}:00Z`).getTime() + 3_600_000;
    expect(
      `${await page.getByLabel('End date').inputValue()}T${await page.getByLabel('End time').inputValue()}`,
    ).toBe(new Date(end).toISOString().slice(0, 16));

    await page.getByLabel('Header (English)').fill('Northern Line delays');
    // Nothing chosen: the form says so, nothing is sent.
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByText('Choose at least one route, stop or trip').first().waitFor();
    expect(await page.getByTestId('banner-error').count()).toBe(0);

    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Northern Line' });
    await page.getByTestId('affected-list').getByText('Route:Northern Line').waitFor();

    // Half-typed end date (the month only): an error next to the field, no save.
    await page.getByLabel('End date').fill('');
    await page.getByLabel('End date').click();
    await page.keyboard.type('06');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByText('Incomplete date').waitFor();
    await screenshot(page, 'desk-alert-half-date');
    expect(page.url()).toContain('/service_alert');

    // No end at all: asked first; Cancel keeps the form.
    await page.getByLabel('End date').fill('');
    await page.getByLabel('End time').fill('');
    b.dismissNextDialog();
    await page.getByRole('button', { name: 'Save alert' }).click();
    expect(b.dialogs.at(-1)).toMatch(/no end/);
    expect(page.url()).toContain('/service_alert');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.waitForURL(`${t.url}/?show=alerts`);

    const row = page.getByTestId('alerts-table').locator('tbody tr').first();
    await row.waitFor();
    expect(await row.getByTestId('alert-times').textContent()).toMatch(/no end/);
    expect(await row.getByTestId('alert-header').textContent()).toBe('Northern Line delays');
    expect(await row.getByTestId('alert-languages').textContent()).toBe('English');
    expect(await row.getByTestId('alert-author').textContent()).toMatch(/controller/);
    await screenshot(page, 'desk-alert-list');
  });

  it('10: a refused save shows its error once, and banners cover no control', async () => {
    const { page } = b;
    await page.goto('/trip_update');
    await page.getByLabel('Train number').fill('0105');
    await page.getByTestId('trip-result').filter({ hasText: '-105' }).click();
    await stopRow(page, 2)
      .getByLabel(/^Delay in minutes/)
      .fill('10');
    await stopRow(page, 3)
      .getByLabel(/^Delay in minutes/)
      .fill('-15');
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.getByTestId('stop-notice').first().waitFor();
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
    expect(await page.getByText(/times must increase/).count()).toBe(1);
    await screenshot(page, 'desk-refused-save');
    const banners = page.locator('.banners .alert');
    for (const control of [
      page.getByRole('button', { name: 'Create new' }),
      page.getByRole('button', { name: 'Cancel', exact: true }),
    ]) {
      const controlBox = await box(control);
      for (let i = 0; i < (await banners.count()); i++)
        expect(overlaps(await box(banners.nth(i)), controlBox)).toBe(false);
    }
  });

  it('11: a viewer sees editors read-only and a screen of another role says which role it needs', async () => {
    const { page } = b;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Username').waitFor();
    await logIn(page, 'viewer', 'a-long-password-1');
    await page.goto('/trip_update');
    await page.getByText('Read only: saving needs the edit role.').waitFor();
    expect(await page.getByLabel('Train number').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save trip update' }).count()).toBe(0);
    await screenshot(page, 'desk-viewer-editor');

    await page.goto('/upload_gtfs');
    await page.getByText('This screen needs the gtfs role').waitFor();
    expect(await page.getByLabel('Username').count()).toBe(0);
    await screenshot(page, 'desk-needs-role');
  });
});
