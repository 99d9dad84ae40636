import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const NEW = rt.TripDescriptor.ScheduleRelationship.NEW;
const SKIPPED = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
/** POSIX seconds of a local time of Tuesday 23 September 2025 on the Los Angeles line. */
const at = (hhmm: string) => pdt(hhmm).getTime() / 1000;

/**
 * Replacement buses as a controller does it: the line's trains replaced by buses between San Martin
 * and San Jose Diridon, on a line in America/Los_Angeles with the browser in Tokyo (a third zone).
 */
describe.skipIf(!hasChromium)('rail-replacement buses in the browser', () => {
  let t: TestApp;
  let b: TestBrowser;
  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    const feed = peninsulaLine();
    feed.get('routes.txt')!.rows.push(['BUS', 'PCJ', 'B', 'Rail replacement bus', '3']);
    await storeScheduleVersion(t.deps, {
      feed,
      sourceKind: 'zip',
      sourceName: 'peninsula.zip',
      uploadedBy: null,
      jobId: null,
    });
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

  it('replaces a section by buses, sees the buses in the preview, applies, sees them New, and lifts', async () => {
    const { page } = b;
    await openScreen(page, 'Disruptions');
    await page.waitForURL('**/disruptions');
    await page.getByLabel('Service date').fill('2025-09-23');
    const route = page.getByLabel('Route', { exact: true });
    await route.locator('option[value="LOC"]').waitFor({ state: 'attached' });
    await route.selectOption('LOC');
    await page.getByLabel('Action').selectOption('replace_by_bus');
    const pick = async (label: string, search: string, stopId: string) => {
      await page.getByLabel(`${label}: search`).fill(search);
      const select = page.getByLabel(label, { exact: true });
      await select.locator(`option[value="${stopId}"]`).waitFor({ state: 'attached' });
      await select.selectOption(stopId);
    };
    await pick('Buses from', 'San Martin', 'SMN');
    await pick('Buses to', 'San Jose', 'SJD');
    const busRoute = page.getByLabel('Bus route');
    // Bus routes come first.
    expect(await busRoute.locator('option').nth(1).getAttribute('value')).toBe('BUS');
    await busRoute.selectOption('BUS');
    expect(await page.getByLabel('Bus margin (minutes)').inputValue()).toBe('10');
    await page.getByLabel('Reason').fill('Landslide near Morgan Hill.');
    await page.getByRole('button', { name: 'Preview' }).click();

    const preview = page.getByRole('region', { name: 'Preview' });
    const buses = preview.getByRole('table', { name: 'Replacement buses' });
    await buses.waitFor();
    expect(await buses.locator('tbody tr td:first-child').allTextContents()).toEqual([
      '301-bus-20250923',
      '303-bus-20250923',
      '305-bus-20250923',
      '307-bus-20250923',
    ]);
    expect(await buses.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe(
      '301 → San Francisco 06:29',
    );
    expect(await page.getByLabel('Header (en-ZA)').inputValue()).toBe(
      'Buses replace trains between San Martin and San Jose Diridon',
    );
    expect(await served()).toEqual([]); // the preview saved nothing
    await screenshot(page, 'replacement-buses-preview');

    await page.getByRole('button', { name: 'Apply to 4 trips' }).click();
    await page
      .getByTestId('banner-success')
      .filter({ hasText: 'Disruption applied to 4 trips, 4 replacement buses added, alert published.' })
      .waitFor();
    const list = page.getByRole('table', { name: 'Disruptions' });
    await list.getByText('Active').waitFor();
    expect(await list.getByTestId('replacement-trips').textContent()).toMatch(/^4 buses: 301-bus-20250923/);

    const entities = await served();
    const bus = entities.find((e) => e.id === '301-bus-20250923')!.tripUpdate!;
    expect(bus.trip!.scheduleRelationship).toBe(NEW);
    expect(bus.stopTimeUpdate!.map((u) => [u.stopId, Number(u.departure?.time)])).toEqual([
      ['SMN', at('06:38')],
      ['MHL', at('06:54')],
      ['SJD', at('07:19')],
    ]);
    const train = entities.find((e) => e.tripUpdate?.trip?.tripId === '301')!.tripUpdate!;
    expect(train.stopTimeUpdate!.find((u) => u.stopId === 'MHL')?.scheduleRelationship).toBe(SKIPPED);

    // The trains list shows the bus as a new trip.
    await openScreen(page, 'Feed');
    await page.locator('tr[data-trip-id="301-bus-20250923"][data-state="new"]').waitFor();
    await screenshot(page, 'replacement-buses-in-feed-list');

    await openScreen(page, 'Disruptions');
    await page.getByRole('button', { name: 'Lift' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Disruption lifted' }).waitFor();
    await list.getByText('Lifted').waitFor();
    expect(await served()).toEqual([]);
  });
});
