import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyDay, agencySeconds } from '../support/agency-zone.ts';
import { hasChromium, logIn, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const day = agencyDay;

type AlertsJson = {
  entity: {
    id: string;
    alert: { headerText: { translation: { text: string }[] } } & Record<
      string,
      { start: number; end: number }[]
    >;
  }[];
};

describe.skipIf(!hasChromium)('an upcoming alert: written as a draft, published in one act', () => {
  let t: TestApp;
  let b: TestBrowser;
  const [today, tomorrow] = [day(0), day(1)];
  const HEADER = 'Stadium concert: extra crowds';
  const publicAlerts = async () =>
    ((await (await fetch(`${t.url}/feed/alerts?format=json`)).json()) as AlertsJson).entity.filter(
      (e) => e.alert.headerText.translation[0]?.text === HEADER,
    );

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    await t.clientWithRoles(['view', 'edit'], 'controller');
    b = await openBrowser(t.url);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('sets the impact tomorrow evening with an estimated duration, is told why a too short communication fails, saves a draft, publishes it', async () => {
    const { page } = b;
    await page.goto('/service_alert');
    await page.getByLabel('Start date').fill(tomorrow);
    await page.getByLabel('Start time').fill('18:00');

    // "Until end of service": the last train of tomorrow's service, not a fixed 23:59.
    await page.getByLabel('Estimated duration').selectOption('end_of_service');
    await page.getByRole('button', { name: 'Set the end' }).click();
    await expect.poll(() => page.getByLabel('End time').inputValue()).not.toBe('');
    expect(await page.getByLabel('End time').inputValue()).not.toBe('23:59');
    // "For 3 hours" from the impact's start.
    await page.getByLabel('Estimated duration').selectOption('hours');
    await page.getByLabel('Hours').fill('3');
    await page.getByRole('button', { name: 'Set the end' }).click();
    await expect.poll(() => page.getByLabel('End time').inputValue()).toBe('21:00');
    expect(await page.getByLabel('End date').inputValue()).toBe(tomorrow);

    await page.getByRole('button', { name: '+ Add communication period' }).click();
    await page.getByLabel('Tell riders from (date)').fill(today);
    await page.getByLabel('Tell riders from (time)').fill('00:00');
    await page.getByLabel('Tell riders until (date)').fill(tomorrow);
    await page.getByLabel('Tell riders until (time)').fill('20:00');
    await page.getByLabel('Cause').selectOption('SPECIAL_EVENT');
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Southern Line' });
    await page.getByTestId('affected-list').getByText('Route:Southern Line').waitFor();
    await page.getByLabel('Header (English)').fill(HEADER);
    await page.getByText('Spoken texts, reason and consequence in detail (English)').click();
    await page.getByLabel('Reason in detail (English)').fill('Concert at the stadium');

    // Riders would stop being told at 20:00 while service is affected until 21:00: said at the periods.
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page
      .getByTestId('period-errors')
      .getByText('Impact period 1 is not inside a communication period')
      .waitFor();
    await screenshot(page, 'alert-impact-outside-communication');
    expect(page.url()).toContain('/service_alert');

    await page.getByLabel('Tell riders until (time)').fill('22:00');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.waitForURL(`${t.url}/?show=alerts`);
    await page.getByTestId('banner-success').filter({ hasText: 'Draft saved' }).waitFor();
    const row = page.getByTestId('alerts-table').locator('tbody tr', { hasText: HEADER });
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('draft');
    expect(await publicAlerts()).toEqual([]);
    await page.getByLabel('Filter alerts').selectOption('upcoming');
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Filter alerts').selectOption('draft');
    await row.waitFor();

    await row.getByRole('button', { name: 'Publish' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Alert published' }).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Filter alerts').selectOption('upcoming');
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('upcoming');
    expect(await row.getAttribute('class')).toContain('table-warning');
    expect(await row.getByTestId('alert-state').textContent()).toContain('Upcoming');
    expect(await row.getByTestId('alert-told').textContent()).toMatch(/told/);
    await screenshot(page, 'alert-upcoming-published');

    const [served] = await publicAlerts();
    const at = agencySeconds;
    const impact = [{ start: at(tomorrow, '18:00'), end: at(tomorrow, '21:00') }];
    expect(served?.alert.impactPeriod).toEqual(impact);
    expect(served?.alert.activePeriod).toEqual(impact);
    expect(served?.alert.communicationPeriod).toEqual([
      { start: at(today, '00:00'), end: at(tomorrow, '22:00') },
    ]);
    expect(served?.alert.cause).toBe('SPECIAL_EVENT');
    expect(served?.alert.causeDetail).toEqual({
      translation: [{ text: 'Concert at the stadium', language: 'en-ZA' }],
    });
  });
});
