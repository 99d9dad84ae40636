import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, nextDateOn, wallTime } from '../support/agency-zone.ts';
import { hasChromium, logIn, openBrowser, screenshot, type TestBrowser } from '../support/browser.ts';
import { getFeed } from '../support/feed.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A night that crosses midnight (docs/architecture.md "The operating day"): 00:10 on a Saturday in
 * the agency's zone (AGENCY_ZONE, far from Johannesburg; the browser in a third zone). The demo's
 * last Southern Line train of Friday's weekday service, 111 (Cape Town 23:40 → Fish Hoek 00:35),
 * is still running: the desk, which searches today's date with today's service (WE), finds it by
 * number, dated Friday; the controller delays it and the feed serves it with Friday's start_date.
 */
const friday = nextDateOn(['Fri']);
const saturday = addDays(friday, 1);
const monday = addDays(friday, 3);
const compact = (date: string) => date.replaceAll('-', '');

describe.skipIf(!hasChromium)('a night across midnight at the desk', () => {
  let t: TestApp;
  let b: TestBrowser;
  let controller: HttpClient;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true, agencyDemo: true });
    t.clock.now = wallTime(saturday, '00:10');
    controller = await t.clientWithRoles(['view', 'edit'], 'controller');
    b = await openBrowser(t.url);
    await b.page.clock.setFixedTime(t.clock.now!);
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it("finds Friday's train still running at 00:10 by number, updates it, and the feed serves Friday's start_date", async () => {
    const { page } = b;
    await page.goto('/trip_update');
    await page.getByLabel('Train number').waitFor();
    // The desk's defaults: today's date (Saturday) and today's service.
    await expect.poll(() => page.getByLabel('Date', { exact: true }).inputValue()).toBe(saturday);
    expect(await page.getByLabel('Service').inputValue()).toBe('WE');

    await page.getByLabel('Train number').fill('111');
    const result = page.getByTestId('trip-result').first();
    await result.waitFor();
    expect(await result.textContent()).toMatch(/23:40.*111.*In progress/);
    expect(await result.getByTestId('run-date').textContent()).toBe(`service of ${friday}`);
    await screenshot(page, 'night-across-midnight-search');
    await result.click();
    expect(await page.getByTestId('selected-date').textContent()).toBe(friday);

    // Five minutes late at Fish Hoek (00:35), its last stop.
    const fishHoek = page.locator('table.stop-times tbody tr').last();
    await fishHoek.getByLabel(/^Delay in minutes/).fill('5');
    // Enter in the field saves nothing: the button does.
    await fishHoek.getByLabel(/^Delay in minutes/).press('Enter');
    await page.waitForTimeout(500);
    expect(page.url()).toContain('/trip_update');
    const before = (await getFeed(t.client(), '/feed/updates')).entity;
    expect(before).toEqual([]);
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.waitForURL(`${t.url}/`);

    const served = (await getFeed(t.client(), '/feed/updates')).entity.map((e) => e.tripUpdate!);
    expect(served.map((u) => [u.trip.tripId, u.trip.startDate])).toEqual([['WD-111', compact(friday)]]);
    expect(served[0]!.stopTimeUpdate?.at(-1)?.arrival?.delay).toBe(300);
    // The same search as REST and tRPC give it: the run under way, with its date.
    const found = await controller.trpc('query', 'schedule.trips', {
      number: '111',
      service: 'WE',
      date: compact(saturday),
    });
    expect(
      found.body.result.data.map((x: { trip_id: string; start_date: string }) => [x.trip_id, x.start_date]),
    ).toEqual([['WD-111', compact(friday)]]);
  }, 60_000);

  it('says a service does not run on the chosen date and offers the next date it does', async () => {
    const { page } = b;
    await page.goto('/trip_update');
    await page.getByLabel('Train number').waitFor();
    await expect.poll(() => page.getByLabel('Date', { exact: true }).inputValue()).toBe(saturday);
    await page.getByLabel('Service').selectOption('WD');
    await page.getByLabel('Train number').fill('301'); // the Northern Line's first weekday train
    const notRunning = page.getByTestId('service-not-running');
    await notRunning.waitFor();
    expect(await notRunning.textContent()).toContain(
      `Service WD does not run on ${saturday} (Saturday); it next runs on ${monday} (Monday).`,
    );
    await notRunning.getByRole('button', { name: `Show ${monday}` }).click();
    await expect.poll(() => page.getByLabel('Date', { exact: true }).inputValue()).toBe(monday);
    expect(await page.getByTestId('trip-result').first().textContent()).toMatch(/301/);
  }, 60_000);

  it("Enter in the alert's stop search publishes nothing", async () => {
    const { page } = b;
    const dialogs = b.dialogs.length;
    await page.goto('/service_alert');
    await page.getByLabel('Route', { exact: true }).selectOption({ label: 'Southern Line' });
    await page.getByLabel('Stop', { exact: true }).fill('Fish');
    await page.getByLabel('Stop', { exact: true }).press('Enter');
    await page.waitForTimeout(500);
    expect(page.url()).toContain('/service_alert');
    expect(b.dialogs.length).toBe(dialogs);
    expect((await getFeed(t.client(), '/feed/alerts')).entity).toEqual([]);
  }, 60_000);
});
