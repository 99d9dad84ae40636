import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { pdt, storePeninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const SKIPPED = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;

/**
 * A short turn as a controller does it: trains 303 and 305 of a line in America/Los_Angeles
 * (the browser in Tokyo, a third zone) turned short at San Jose Diridon from the disruption form,
 * previewed, applied; the served feed is read with MobilityData's bindings.
 */
describe.skipIf(!hasChromium)('a short turn from the disruption form', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    await storePeninsulaLine(t.deps);
    await t.clientWithRoles(['view', 'edit'], 'controller');
    b = await openBrowser(t.url, { timezoneId: 'Asia/Tokyo' });
    await logIn(b.page, 'controller', 'a-long-password-1');
    // After the login: a session cookie made at a 2025 clock would have expired for the browser.
    t.clock.now = pdt('05:00');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const served = async () => {
    const res = await t.client().get('/feed/updates');
    return rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())).entity;
  };

  it('terminates trains 303 and 305 at San Jose Diridon: preview, apply, skipped stops and headsign served', async () => {
    const { page } = b;
    await openScreen(page, 'Disruptions');
    await page.waitForURL('**/disruptions');
    await fillDisruption(page, {
      serviceDate: '2025-09-23',
      trains: '303, 305',
      reason: 'Trespasser near Hayward Park.',
    });
    await page.getByLabel('Action').selectOption({ label: 'Short turn: terminate at a stop' });
    // The action's stop has a search of its own (not the selection's stop window).
    await page.getByLabel('Terminate at: search').fill('San Jose');
    const turnAt = page.getByLabel('Terminate at', { exact: true });
    await turnAt.locator('option', { hasText: 'San Jose Diridon' }).waitFor({ state: 'attached' });
    await turnAt.selectOption({ label: 'San Jose Diridon' });
    const preview = await previewDisruption(page);
    await preview.waitFor();
    expect(await preview.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(['303', '305']);
    const header = page.getByLabel('Header (en-ZA)');
    await expect.poll(() => header.inputValue()).toMatch(/: trains terminate at San Jose Diridon$/);
    expect(await served()).toEqual([]); // the preview saved nothing
    await screenshot(page, 'short-turn-preview');

    await page.getByRole('button', { name: 'Apply to 2 trips' }).click();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: 'Disruption applied to 2 trips, alert published.' })
      .waitFor();
    await page
      .getByRole('table', { name: 'Disruptions' })
      .getByText('Short turn (terminate at) San Jose Diridon')
      .waitFor();

    const updates = await served();
    expect(updates.map((e) => e.tripUpdate?.trip?.tripId).sort()).toEqual(['303', '305']);
    for (const e of updates) {
      expect(e.tripUpdate!.tripProperties?.tripHeadsign).toBe('San Jose Diridon');
      expect(e.tripUpdate!.stopTimeUpdate!.map((u) => [u.stopId, u.scheduleRelationship])).toEqual([
        ['HWP', SKIPPED],
        ['SFC', SKIPPED],
      ]);
    }
  });
});
