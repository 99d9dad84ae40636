import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, logIn, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const ZONE = 'Africa/Johannesburg';
const tomorrow = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(Date.now() + 86_400_000);

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

/** Issue 13: templates kept by an admin, an alert started from one, the linter inline. */
describe.skipIf(!hasChromium)('alert templates and the alert linter in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, env: { DEMO_SCHEDULE: 'true' } });
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
});
