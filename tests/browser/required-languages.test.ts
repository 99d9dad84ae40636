import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillDisruption,
  hasChromium,
  logIn,
  openBrowser,
  previewDisruption,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { PENINSULA_ZONE, storePeninsulaLine } from '../support/peninsula-line.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

// "Languages every alert must carry" (docs/contract-notes.md "Operator settings"): an
// administrator requires isiZulu beside English; the disruption form and the alert editor mark
// its header, say the templates have none, and publish only once it is written. Agency in Los
// Angeles, browser in Nairobi.

const BROWSER_ZONE = 'Africa/Nairobi';

/** The first weekday at least two days from now in the agency's zone: its trains have not run yet. */
function comingWeekday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  for (;;) {
    const weekday = new Intl.DateTimeFormat('en-US', { timeZone: PENINSULA_ZONE, weekday: 'short' }).format(
      day,
    );
    if (weekday !== 'Sat' && weekday !== 'Sun')
      return new Intl.DateTimeFormat('en-CA', { timeZone: PENINSULA_ZONE }).format(day);
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

type Served = {
  entity?: { id: string; alert: { headerText?: { translation: { language?: string; text: string }[] } } }[];
};

describe.skipIf(!hasChromium)('languages every alert must carry', () => {
  let t: TestApp;
  let b: TestBrowser;

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    await storePeninsulaLine(t.deps);
    b = await openBrowser(t.url, { timezoneId: BROWSER_ZONE });
    await logIn(b.page, ADMIN.username, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });
  const served = async () =>
    ((await (await fetch(`${t.url}/feed/alerts?format=json`)).json()) as Served).entity ?? [];

  it('the administrator requires isiZulu beside English on the Settings screen', async () => {
    const { page } = b;
    await page.goto('/settings');
    const required = page.getByRole('group', { name: 'Languages every alert must carry' });
    await required.waitFor();
    // Until chosen, the default language alone; the last one cannot be unticked.
    expect(await required.getByLabel('English (en-ZA)').isChecked()).toBe(true);
    expect(await required.getByLabel('English (en-ZA)').isDisabled()).toBe(true);
    expect(await required.getByLabel('isiZulu (zu-ZA)').isChecked()).toBe(false);
    await required.getByLabel('isiZulu (zu-ZA)').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Settings saved.' }).waitFor();
    await expect
      .poll(async () => (await (await page.request.get('/settings')).json()).requiredLanguages, {
        timeout: 10_000,
      })
      .toEqual(['en-ZA', 'zu-ZA']);
    await screenshot(page, 'settings-required-languages');
  });

  it('the disruption form leaves the isiZulu header empty, says no template has it, and applies once written', async () => {
    const { page } = b;
    await page.goto('/disruptions');
    await fillDisruption(page, {
      serviceDate: comingWeekday(),
      route: { label: 'Local' },
      reason: 'No crew.',
    });
    await previewDisruption(page);
    const zulu = page.getByLabel('Header (zu-ZA), required');
    await zulu.waitFor({ timeout: 15_000 });
    expect(await zulu.inputValue()).toBe('');
    expect(await page.getByLabel('Header (en-ZA), required').inputValue()).toMatch(/^Local: trains/);
    await page
      .getByTestId('no-template-zu-ZA')
      .getByText('No template has text in isiZulu: write its header; every alert carries one.')
      .waitFor();
    const refusals = page.getByTestId('apply-refusals');
    await refusals.waitFor({ timeout: 15_000 });
    expect(await refusals.textContent()).toContain('Add a header in isiZulu.');
    const apply = page.getByRole('button', { name: /^Apply to \d+ trips$/ });
    expect(await apply.isDisabled()).toBe(true);
    await screenshot(page, 'disruption-required-language');

    await zulu.fill('Local: izitimela zikhanseliwe');
    await refusals.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => apply.isDisabled(), { timeout: 15_000 }).toBe(false);
    await apply.click();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: /Disruption applied to \d+ trips/ })
      .waitFor();
    const [alert] = await served();
    expect(alert?.alert.headerText?.translation.map((x) => x.language)).toEqual(['en-ZA', 'zu-ZA']);
    expect(alert?.alert.headerText?.translation[1]?.text).toBe('Local: izitimela zikhanseliwe');
  });

  it('the alert editor starts with both required tabs and publishes only with both headers', async () => {
    const { page } = b;
    await page.goto('/service_alert');
    await page.getByLabel('Route', { exact: true }).selectOption('LOC');
    await page.getByTestId('affected-list').getByText('Route:Local').waitFor();
    await page.getByLabel('Header (English), required').fill('Local: lifts out of order');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByRole('alert').filter({ hasText: 'Add a header in isiZulu.' }).waitFor();
    expect(await served()).toHaveLength(1);

    await page.getByRole('tab', { name: 'isiZulu' }).click();
    await page.getByLabel('Header (isiZulu), required').fill('Local: ama-lift awasebenzi');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByTestId('banner-success').filter({ hasText: '✅ Successfully saved Alert!' }).waitFor();
    const texts = (await served()).map((e) => e.alert.headerText?.translation.map((x) => x.text).join(' / '));
    expect(texts).toContain('Local: lifts out of order / Local: ama-lift awasebenzi');
  });
});
