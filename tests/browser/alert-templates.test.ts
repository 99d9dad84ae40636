// MobilityData's own bindings read the served bytes, as a journey planner would.
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyDay, agencySeconds } from '../support/agency-zone.ts';
import { hasChromium, logIn, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const dayAfter = agencyDay;
const tomorrow = () => dayAfter(1);
const local = agencySeconds;
const { transit_realtime: rt } = GtfsRealtimeBindings;

type AlertsJson = {
  entity?: {
    alert: {
      cause?: string;
      effect?: string;
      headerText?: { translation: { text: string; language: string }[] };
      descriptionText?: { translation: { text: string; language: string }[] };
      url?: { translation: { text: string; language: string }[] };
    };
  }[];
};

/** Templates kept by an admin, an alert started from one, the linter inline. */
describe.skipIf(!hasChromium)('alert templates and the alert linter in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    b = await openBrowser(t.url);
    await logIn(b.page, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('keeps a template in two languages and shows which languages are missing', async () => {
    const { page } = b;
    await page.goto('/alert_templates');
    await page.getByLabel('Name').fill('Signal fault');
    await page.getByLabel('Cause').selectOption('TECHNICAL_PROBLEM');
    await page.getByLabel('Effect').selectOption('SIGNIFICANT_DELAYS');
    await page.getByLabel('Header (English)').fill('{route}: delays after a signal fault');
    // The markup is a mistake the linter will point out in the editor.
    await page
      .getByLabel('Description (English)')
      .fill('Trains run up to 20 minutes late. <b>Allow extra time.</b>');
    await page.getByLabel('URL (English)').fill('https://www.metrorail.co.za/notices');
    await page.getByRole('tab', { name: 'Afrikaans' }).click();
    await page.getByLabel('Header (Afrikaans)').fill('{route}: vertragings ná ’n seinfout');
    await page.getByLabel('Description (Afrikaans)').fill('Treine is tot 20 minute laat.');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Template saved.' }).waitFor();
    const row = page.locator('tr[data-template="Signal fault"]');
    await row.waitFor();
    const states = await row
      .locator('[data-language]')
      .evaluateAll((badges) =>
        badges.map((el) => `${el.getAttribute('data-language')}:${el.getAttribute('data-state')}`),
      );
    expect(states).toEqual([
      'en-ZA:complete',
      'af-ZA:complete',
      'xh-ZA:missing',
      'zu-ZA:missing',
      'nd:missing',
      'st:missing',
      'ts:missing',
      'tn:missing',
      've:missing',
    ]);
    await screenshot(page, 'alert-templates');
  });

  it('starts an alert from the template, sees a linter warning as it types, fixes it and saves', async () => {
    const { page } = b;
    await page.goto('/service_alert');
    await page.getByLabel('End date').fill(tomorrow());
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Southern Line' });
    await page.getByTestId('affected-list').getByText('Route:Southern Line').waitFor();
    await page.getByLabel('Start from a template').selectOption({ label: 'Signal fault (2 languages)' });
    await page.getByRole('button', { name: 'Use template' }).click();

    expect(await page.getByLabel('Header (English)').inputValue()).toBe(
      'Southern Line: delays after a signal fault',
    );
    expect(await page.getByLabel('Cause').inputValue()).toBe('TECHNICAL_PROBLEM');
    expect(await page.getByLabel('Effect').inputValue()).toBe('SIGNIFICANT_DELAYS');
    expect(await page.getByLabel(/More information/).inputValue()).toBe(
      'https://www.metrorail.co.za/notices',
    );
    await page.getByRole('tab', { name: 'Afrikaans' }).click();
    expect(await page.getByLabel('Header (Afrikaans)').inputValue()).toBe(
      'Southern Line: vertragings ná ’n seinfout',
    );

    const markup = page.getByTestId('lint-notices').locator('[data-code="alert_text_markup"]');
    await markup.waitFor();
    expect(await markup.textContent()).toContain('The text holds an HTML tag');
    await screenshot(page, 'alert-from-template-lint');

    await page.getByRole('tab', { name: 'English' }).click();
    await page
      .getByLabel('Description (English)')
      .fill('Trains run up to 20 minutes late. Allow extra time.');
    await markup.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByTestId('banner-success').filter({ hasText: '✅ Successfully saved Alert!' }).waitFor();
    const alerts = (await (await fetch(`${t.url}/feed/alerts?format=json`)).json()) as AlertsJson;
    const alert = alerts.entity![0]!.alert;
    expect([alert.cause, alert.effect]).toEqual(['TECHNICAL_PROBLEM', 'SIGNIFICANT_DELAYS']);
    expect(alert.headerText!.translation).toEqual([
      { text: 'Southern Line: delays after a signal fault', language: 'en-ZA' },
      { text: 'Southern Line: vertragings ná ’n seinfout', language: 'af-ZA' },
    ]);
    expect(alert.descriptionText!.translation.map((tr) => tr.text)).toEqual([
      'Trains run up to 20 minutes late. Allow extra time.',
      'Treine is tot 20 minute laat.',
    ]);
    expect(alert.url!.translation).toEqual([
      { text: 'https://www.metrorail.co.za/notices', language: 'en-ZA' },
    ]);
  });

  it("announces tomorrow evening's reduced service today from the template in two languages: upcoming now, in effect then", async () => {
    const { page } = b;
    const [today, next] = [dayAfter(0), tomorrow()];
    await page.goto('/service_alert');
    // Service affected tomorrow 18:00–21:00; riders told from now until tomorrow 22:00.
    await page.getByLabel('Start date').fill(next);
    await page.getByLabel('Start time').fill('18:00');
    await page.getByLabel('Estimated duration').selectOption('hours');
    await page.getByLabel('Hours').fill('3');
    await page.getByRole('button', { name: 'Set the end' }).click();
    await expect.poll(() => page.getByLabel('End time').inputValue()).toBe('21:00');
    await page.getByRole('button', { name: '+ Add communication period' }).click();
    await page.getByLabel('Tell riders from (date)').fill(today);
    await page.getByLabel('Tell riders from (time)').fill('00:00');
    await page.getByLabel('Tell riders until (date)').fill(next);
    await page.getByLabel('Tell riders until (time)').fill('22:00');
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Northern Line' });
    await page.getByTestId('affected-list').getByText('Route:Northern Line').waitFor();
    await page.getByLabel('Start from a template').selectOption({ label: 'Signal fault (2 languages)' });
    await page.getByRole('button', { name: 'Use template' }).click();
    expect(await page.getByLabel('Header (English)').inputValue()).toBe(
      'Northern Line: delays after a signal fault',
    );
    // The template's markup is fixed before publishing, as the linter asks.
    await page.getByLabel('Description (English)').fill('Fewer trains tomorrow evening. Allow extra time.');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByTestId('banner-success').filter({ hasText: '✅ Successfully saved Alert!' }).waitFor();

    const row = page.getByTestId('alerts-table').locator('tbody tr', { hasText: 'Northern Line: delays' });
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('upcoming');

    // What a consumer reads now: told from today, affected tomorrow 18:00–21:00, in both languages.
    const bytes = new Uint8Array(await (await fetch(`${t.url}/feed/alerts`)).arrayBuffer());
    const served = rt.FeedMessage.toObject(rt.FeedMessage.decode(bytes), { longs: Number, arrays: true }) as {
      entity: {
        alert: Record<string, { start?: number; end?: number }[]> & {
          headerText: { translation: { text: string; language: string }[] };
        };
      }[];
    };
    const alert = served.entity.find((e) =>
      e.alert.headerText.translation.some((tr) => tr.text.startsWith('Northern Line')),
    )!.alert;
    expect(alert.impactPeriod).toEqual([{ start: local(next, '18:00'), end: local(next, '21:00') }]);
    expect(alert.activePeriod).toEqual(alert.impactPeriod);
    expect(alert.communicationPeriod).toEqual([{ start: local(today, '00:00'), end: local(next, '22:00') }]);
    expect(alert.headerText.translation.map((tr) => tr.language)).toEqual(['en-ZA', 'af-ZA']);

    // Tomorrow at 19:00 the same alert is in effect.
    t.clock.now = new Date(local(next, '19:00') * 1000);
    try {
      await page.reload();
      await row.waitFor();
      await expect.poll(() => row.getAttribute('data-state')).toBe('active');
      await screenshot(page, 'alert-from-template-in-effect');
    } finally {
      t.clock.now = null;
    }
  });
});
