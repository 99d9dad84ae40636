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
import { startTestApp, type TestApp } from '../support/test-app.ts';

// The disruption form shows what Apply would be refused for (the server rehearses the
// apply) beside the button, before the controller applies. Agency in Los Angeles, browser in Tokyo.

const BROWSER_ZONE = 'Asia/Tokyo';

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

describe.skipIf(!hasChromium)('disruption refusals shown before applying', () => {
  let t: TestApp;
  let b: TestBrowser;
  let colleague: Awaited<ReturnType<TestApp['clientWithRoles']>>;

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    await storePeninsulaLine(t.deps);
    await t.clientWithRoles(['view', 'edit'], 'controller');
    colleague = await t.clientWithRoles(['view', 'edit'], 'colleague');
    b = await openBrowser(t.url, { timezoneId: BROWSER_ZONE });
    await logIn(b.page, 'controller', 'a-long-password-1');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('a header naming an unticked train: the refusal’s sentence beside Apply, which waits until the text is right', async () => {
    const { page } = b;
    await page.goto('/disruptions');
    await fillDisruption(page, {
      serviceDate: comingWeekday(),
      route: { label: 'Local' },
      reason: 'No crew.',
    });
    const rows = (await previewDisruption(page)).locator('tbody tr');
    await rows.first().waitFor();
    await expect
      .poll(() => rows.locator('td:nth-child(2)').allTextContents())
      .toEqual(['301', '303', '305', '307']);
    await page.getByLabel('Change 301').uncheck();
    await page.getByLabel('Change 305').uncheck();
    const header = page.getByLabel(/^Header \(/);
    const apply = page.getByRole('button', { name: 'Apply to 2 trips' });
    await expect
      .poll(async () => (await page.getByLabel(/^Description \(/).inputValue()).includes('301'), {
        timeout: 15_000,
      })
      .toBe(false);
    await expect.poll(() => apply.isDisabled(), { timeout: 10_000 }).toBe(false);

    // The controller's own words name train 301, which runs after all.
    await header.fill('Local: trains 301, 303 and 307 cancelled');
    const refusals = page.getByTestId('apply-refusals');
    await refusals.waitFor({ timeout: 10_000 });
    expect(await refusals.textContent()).toMatch(
      /Applying this would be refused:Alert disruption-[\w-]+ names train 301 in its text, but disruption [\w-]+ changes trains 303, 307; name exactly those trains \(draft the alert again\)\./,
    );
    await expect.poll(() => apply.isDisabled(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'disruption-apply-refusals');

    await header.fill('Local: trains 303 and 307 cancelled');
    await refusals.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => apply.isDisabled(), { timeout: 10_000 }).toBe(false);
    await apply.click();
    await page.getByTestId('banner-success').filter({ hasText: 'Disruption applied to 2 trips' }).waitFor();
    const served = (await (await fetch(`${t.url}/feed/alerts?format=json`)).json()) as {
      entity?: { alert: { headerText?: { translation: { text: string }[] } } }[];
    };
    expect(served.entity?.map((e) => e.alert.headerText?.translation[0]?.text)).toEqual([
      'Local: trains 303 and 307 cancelled',
    ]);
  });

  it("cancelling a train a colleague's skip alert names: the form says that alert will no longer name it, and the apply does so", async () => {
    const date = comingWeekday();
    const skip = await colleague.fetch('/feed/disruptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        serviceDate: date.replaceAll('-', ''),
        select: { routeId: 'LOC', tripIds: ['301', '305'] },
        action: { type: 'skip_stop', stopId: 'HWP' },
        reason: 'Platform works',
        alert: true,
      }),
    });
    expect(skip.status, await skip.clone().text()).toBe(200);
    const { alertId } = (await skip.json()) as { alertId: string };
    const { page } = b;
    await page.goto('/disruptions');
    await page.getByLabel('Service date').fill(date);
    await page.getByLabel('Route').selectOption({ label: 'Local' });
    await page.getByLabel('Reason').fill('No crew.');
    await page.getByRole('button', { name: 'Preview' }).click();
    const rows = page.getByRole('region', { name: 'Preview' }).locator('tbody tr');
    await rows.first().waitFor();
    for (const train of ['301', '303', '307']) await page.getByLabel(`Change ${train}`).uncheck();
    const others = page.getByTestId('apply-other-alerts');
    await others.waitFor({ timeout: 20_000 });
    expect(await others.textContent()).toMatch(
      /Applying this also changes alerts riders read:“[^”]+” no longer names train 305\.Lifting this disruption gives the trains back to them\./,
    );
    const apply = page.getByRole('button', { name: 'Apply to 1 trips' });
    await expect.poll(() => apply.isDisabled(), { timeout: 10_000 }).toBe(false);
    await screenshot(page, 'disruption-other-alerts');
    await apply.click();
    await page.getByTestId('applied-other-alerts').filter({ hasText: 'no longer names train 305' }).waitFor();
    const served = (await (await fetch(`${t.url}/feed/alerts?format=json`)).json()) as {
      entity?: { id: string; alert: { informedEntity: { trip?: { tripId: string } }[] } }[];
    };
    const narrowed = served.entity?.find((e) => e.id === alertId);
    expect(narrowed?.alert.informedEntity.map((e) => e.trip?.tripId)).toEqual(['301']);
  });
});
