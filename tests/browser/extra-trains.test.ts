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
  const today = nextDateOn(['Mon', 'Tue', 'Wed', 'Thu']);
  return { now: wallTime(today, '06:40'), today, tomorrow: addDays(today, 1) };
}

/** Extra trains and platform changes as a controller does it: an extra train tomorrow, and a train moved to platform 3. */
describe.skipIf(!hasChromium)('extra trains and platform changes in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  const morning = morningBeforeAWeekday();
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    await t.clientWithRoles(['view', 'edit'], 'controller');
    t.clock.now = morning.now;
    b = await openBrowser(t.url);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const chooseTrain = async (number: string) => {
    const { page } = b;
    await openScreen(page, 'New trip update');
    await page.waitForURL('**/trip_update');
    await page.getByLabel('Date', { exact: true }).fill(morning.today);
    await page.getByLabel('Train number').fill(number);
    const result = page.getByTestId('trip-result').first();
    await result.waitFor();
    expect(await result.textContent()).toContain(`WD-${number}`);
    await result.click();
  };

  it('adds an extra train of 103 tomorrow at 09:30, previews its times and sees it as Extra in the list', async () => {
    const { page } = b;
    await chooseTrain('103');
    await page.getByRole('button', { name: 'Add an extra train' }).click();
    const form = page.getByRole('region', { name: 'Extra train' });
    await form.getByLabel('Date').fill(morning.tomorrow);
    await form.getByLabel('Start time').fill('09:30');
    const preview = page.getByTestId('extra-train-preview');
    // 06:30 from Cape Town to Fish Hoek at 07:25, three hours later.
    expect(await preview.locator('tbody tr').first().textContent()).toBe('Cape Town Station06:3009:30');
    expect(await preview.locator('tbody tr').last().textContent()).toBe('Fish Hoek Station07:2510:25');
    await screenshot(page, 'extra-train-form');
    await form.getByRole('button', { name: 'Save extra train' }).click();
    await page.waitForURL(`${t.url}/`);
    const row = page.locator('tr[data-trip-id="WD-103"][data-state="extra"]');
    await row.waitFor();
    expect(await row.getByTestId('trip-date').textContent()).toBe(morning.tomorrow);
    expect(await row.textContent()).toContain('Extra');
    expect(await row.textContent()).toContain('09:30');
    expect(await row.getByTestId('trip-effect').textContent()).toBe(
      `Extra train WD-103-extra-${morning.tomorrow.replaceAll('-', '')}-0930 at 09:30`,
    );

    // Opened again from the list, it is the extra train's own form: moved to 10:00, same train.
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/trip_update?id=*');
    const again = page.getByRole('region', { name: 'Extra train' });
    expect(await again.getByLabel('Date').inputValue()).toBe(morning.tomorrow);
    await again.getByLabel('Start time').fill('10:00');
    await again.getByRole('button', { name: 'Save extra train' }).click();
    await page.waitForURL(`${t.url}/`);
    await page.waitForFunction(() =>
      document
        .querySelector('tr[data-state="extra"] [data-testid="trip-effect"]')
        ?.textContent?.endsWith('10:00'),
    );
    expect(await page.locator('tr[data-state="extra"]').count()).toBe(1);
  });

  it('moves train 105 to platform 3 at Cape Town and sees the platform change in the list', async () => {
    const { page } = b;
    await chooseTrain('105');
    const picker = page.getByLabel('Platform at Cape Town Station');
    await picker.waitFor();
    expect(await picker.locator('option').allTextContents()).toEqual([
      'As scheduled',
      'Platform 2',
      'Platform 3',
    ]);
    // Woodstock has no other platform: no picker there.
    expect(await page.getByLabel('Platform at Woodstock Station').count()).toBe(0);
    await picker.selectOption({ label: 'Platform 3' });
    // The editor says it as the list and the boards will.
    expect(await page.getByTestId('platform-change').textContent()).toBe('Platform 3, was Cape Town Station');
    await screenshot(page, 'platform-change');
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.waitForURL(`${t.url}/`);
    const row = page.locator('tr[data-trip-id="WD-105"]');
    await row.waitFor();
    // As riders see it on the boards, once the station's platform names are in.
    await expect
      .poll(() => row.getByTestId('trip-effect').textContent())
      .toBe('On time, Platform 3, was Cape Town Station');
    await row.getByRole('button', { name: 'Details of WD-105' }).click();
    expect(await page.getByTestId('trip-platforms').textContent()).toBe(
      'Platform changes: CAPE TOWN → Platform 3',
    );
  });
});
