import { tripCauses } from '@feeddesk/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MON_TO_FRI, nextDateOn, wallTime } from '../support/agency-zone.ts';
import {
  fillDisruption,
  hasChromium,
  logIn,
  openBrowser,
  previewDisruption,
  screenshot,
  seriousAxeViolations,
  type TestBrowser,
} from '../support/browser.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

/** A weekday to come, 05:00 in the agency's zone: train 105 is still to run. */
const date = nextDateOn(MON_TO_FRI);

/** docs/glossary.md "cause", "minutes lost": a controller gives a late train its cause; the dashboard counts it. */
describe.skipIf(!hasChromium)('delay causes in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    await t.clientWithRoles(['view', 'edit', 'excel'], 'controller');
    t.clock.now = wallTime(date, '05:00');
    b = await openBrowser(t.url);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('the controller delays train 105 by 10 minutes for a signal failure; the dashboard shows 10 minutes lost', async () => {
    const { page } = b;
    await page.goto('/trip_update');
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByLabel('Train number').fill('105');
    await page.getByTestId('trip-result').first().click();
    const row = page.locator('table.stop-times tbody tr').nth(2);
    await row.getByLabel(/^Delay in minutes/).fill('10');
    // The location waits for a cause; the catalogue's labels are in the default language.
    const location = page.getByLabel('Incident location');
    expect(await location.isDisabled()).toBe(true);
    await page.getByLabel('Delay attribution').selectOption({ label: 'Signal failure' });
    const stops = await location.locator('option').allTextContents();
    expect(stops[0]).toBe('Not given');
    expect(stops.length).toBeGreaterThan(2);
    await location.selectOption({ index: 3 });
    const stopId = await location.inputValue();
    await screenshot(page, 'trip-update-delay-cause');
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.waitForURL(`${t.url}/`);
    const [kept] = await t.deps.db.select().from(tripCauses);
    expect(kept).toMatchObject({
      code: 'SIGNAL_FAILURE',
      stopId,
      startDate: date.replaceAll('-', ''),
      by: 'controller',
    });

    await page.goto('/dashboard');
    await page.getByLabel('To', { exact: true }).fill(date);
    await page.getByLabel('From', { exact: true }).fill(date);
    const chart = page.getByRole('img', {
      name: `Minutes lost by delay cause on ${date}. Signal failure: On ${date} 10.0, Over the period 10.0`,
    });
    await chart.waitFor();
    await page.getByLabel('Show figures as tables').check();
    const table = page.getByRole('table', { name: `Minutes lost by delay cause on ${date}` });
    expect(await table.getByRole('row').allInnerTexts()).toEqual([
      `Cause\tOn ${date}\tOver the period`,
      'Signal failure\t10.0\t10.0',
    ]);
    await screenshot(page, 'dashboard-minutes-lost');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('an administrator adds a cause on the Settings screen; the trip editor offers it', async () => {
    const { page } = b;
    await b.context.clearCookies();
    await logIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Delay causes' });
    await form.getByRole('button', { name: 'Add a cause' }).click();
    const rows = await form.locator('tbody tr').count();
    await form.getByLabel(`Code of cause ${rows}`).fill('leaf_fall');
    await form.getByLabel(`Label of cause ${rows}`).fill('Leaves on the line');
    await form.getByLabel(`GTFS cause of cause ${rows}`).selectOption('WEATHER');
    await form.getByRole('button', { name: 'Save delay causes' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Delay causes saved.' }).waitFor();
    await screenshot(page, 'settings-delay-causes');
    await b.context.clearCookies();
    await logIn(page, 'controller', 'a-long-password-1');

    await b.page.goto('/trip_update');
    await b.page.getByLabel('Date', { exact: true }).fill(date);
    await b.page.getByLabel('Train number').fill('107');
    await b.page.getByTestId('trip-result').first().click();
    // The causes are read as the editor opens: the list fills once they are in.
    await expect
      .poll(async () =>
        (await b.page.getByLabel('Delay attribution').locator('option').allTextContents()).at(-1),
      )
      .toBe('Leaves on the line');
  });

  it('the controller picks a cause in the disruption form: the alert says its GTFS cause, the trains keep it', async () => {
    const { page } = b;
    await page.goto('/disruptions');
    await fillDisruption(page, {
      serviceDate: date,
      route: { index: 1 },
      from: '06:00',
      until: '09:00',
      reason: 'Cable stolen near Woodstock.',
    });
    await page.getByLabel('Delay attribution').selectOption({ label: 'Cable theft' });
    const preview = await previewDisruption(page);
    await preview.waitFor();
    const count = await preview.locator('tbody tr').count();
    expect(await page.getByLabel('Cause', { exact: true }).inputValue()).toBe('POLICE_ACTIVITY');
    await screenshot(page, 'disruption-delay-cause');
    await page.getByRole('button', { name: `Apply to ${count} trips` }).click();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: `Disruption applied to ${count} trips, alert published.` })
      .waitFor();
    const kept = await t.deps.db.select().from(tripCauses);
    expect(kept.filter((c) => c.code === 'CABLE_THEFT' && c.disruptionId !== null).length).toBe(count);
    const alerts = (await (await fetch(`${t.url}/feed/alerts?format=json`)).json()) as {
      entity?: { alert: { cause?: string } }[];
    };
    expect((alerts.entity ?? []).map((e) => e.alert.cause)).toContain('POLICE_ACTIVITY');
  });
});
