import { storeScheduleVersion } from '@feeddesk/server/schedule/store-schedule-version';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import type { Page } from 'playwright-core';
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
import { pdt, peninsulaLine } from '../support/peninsula-line.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
const NEW = rt.TripDescriptor.ScheduleRelationship.NEW;
const SKIPPED = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
/** POSIX seconds of a local time of Tuesday 23 September 2025 on the Los Angeles line. */
const at = (hhmm: string) => pdt(hhmm).getTime() / 1000;
/** POSIX seconds of a local time of Wednesday 24 September, after midnight (PDT, UTC−7). */
const wednesday = (hhmm: string) => new Date(`2025-09-24T${hhmm}:00-07:00`).getTime() / 1000;

/** Picks a stop of the disruption form's stop field `label` as a controller does: searched, then chosen. */
async function pickStop(page: Page, label: string, search: string, stopId: string) {
  await page.getByLabel(`${label}: search`).fill(search);
  const select = page.getByLabel(label, { exact: true });
  await select.locator(`option[value="${stopId}"]`).waitFor({ state: 'attached' });
  await select.selectOption(stopId);
}

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
    feed
      .get('routes.txt')!
      .rows.push(['BUS', 'PCJ', 'B', 'Rail replacement bus', '3'], ['NGT', 'PCJ', 'N', 'Night', '2']);
    // Train 399, the last of the night: Gilroy 23:40, San Martin 23:49, Morgan Hill 23:55, and
    // after midnight San Jose 00:20, Hayward Park 01:00, San Francisco 01:25.
    feed.get('trips.txt')!.rows.push(['NGT', 'WD', '399', '399', '0']);
    feed
      .get('stop_times.txt')!
      .rows.push(
        ['399', '23:40:00', '23:40:00', 'GIL', '1'],
        ['399', '23:49:00', '23:49:00', 'SMN', '2'],
        ['399', '23:55:00', '23:55:00', 'MHL', '3'],
        ['399', '24:20:00', '24:20:00', 'SJD', '4'],
        ['399', '25:00:00', '25:00:00', 'HWP', '5'],
        ['399', '25:25:00', '25:25:00', 'SFC', '6'],
      );
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
    await fillDisruption(page, {
      serviceDate: '2025-09-23',
      route: { value: 'LOC' },
      reason: 'Landslide near Morgan Hill.',
    });
    await page.getByLabel('Action').selectOption('replace_by_bus');
    await pickStop(page, 'Buses from', 'San Martin', 'SMN');
    await pickStop(page, 'Buses to', 'San Jose', 'SJD');
    const busRoute = page.getByLabel('Bus route');
    // Only bus routes are offered: a bus is never published as a train.
    await busRoute.locator('option[value="BUS"]').waitFor({ state: 'attached' });
    expect(
      await busRoute
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['', 'BUS']);
    await busRoute.selectOption('BUS');
    expect(await page.getByLabel('Minutes to change').inputValue()).toBe('5');
    const preview = await previewDisruption(page);
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
    // Train 301 reaches San Martin 06:38: its bus leaves 5 minutes later.
    expect(bus.stopTimeUpdate!.map((u) => [u.stopId, Number(u.departure?.time)])).toEqual([
      ['SMN', at('06:43')],
      ['MHL', at('06:51')],
      ['SJD', at('07:24')],
    ]);
    const train = entities.find((e) => e.tripUpdate?.trip?.tripId === '301')!.tripUpdate!;
    expect(train.stopTimeUpdate!.find((u) => u.stopId === 'MHL')?.scheduleRelationship).toBe(SKIPPED);
    expect(train.stopTimeUpdate!.find((u) => u.stopId === 'SJD')?.scheduleRelationship).toBe(SKIPPED);

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
  it('after midnight, a rider of the last train changes to the bus and back to the train, each connection kept stop by stop', async () => {
    const { page } = b;
    t.clock.now = pdt('23:30');
    await openScreen(page, 'Disruptions');
    await page.waitForURL('**/disruptions');
    await fillDisruption(page, {
      serviceDate: '2025-09-23',
      route: { value: 'NGT' },
      reason: 'Night works at Morgan Hill.',
    });
    await page.getByLabel('Action').selectOption('replace_by_bus');
    await pickStop(page, 'Buses from', 'San Martin', 'SMN');
    await pickStop(page, 'Buses to', 'San Jose', 'SJD');
    await page.getByLabel('Bus route').selectOption('BUS');
    await previewDisruption(page);

    // The preview tells the controller both connections before anything is published: the bus
    // waits 5 minutes for the train at San Martin; at San Jose the train, timetabled 00:20, is
    // held until 5 minutes after the bus (00:35 → 00:40, service-day times past 24).
    const connections = page.getByRole('table', { name: 'Connections' });
    await connections.waitFor();
    const rows = await connections
      .getByTestId('bus-connection')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([
      ['399 → San Francisco 23:40', 'San Martin', 'train arrives 23:49, bus leaves 23:54', '5', '–'],
      [
        '399 → San Francisco 23:40',
        'San Jose Diridon',
        'bus arrives 24:35, train leaves 24:40',
        '5',
        '20 min',
      ],
    ]);
    expect(await served()).toEqual([]);
    await screenshot(page, 'replacement-buses-night-connections');

    await page.getByRole('button', { name: 'Apply to 1 trip' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Disruption applied to 1 trip' }).waitFor();

    // The rider's journey, stop by stop, as the served feed tells it.
    const entities = await served();
    const find = (id: string) => entities.find((e) => e.tripUpdate?.trip?.tripId === id)?.tripUpdate;
    const train = find('399')!;
    const bus = find('399-bus-20250923')!;
    const after = find('399-after-20250923')!;
    // 1. Gilroy → San Martin on the train, which ends there and never claims a later stop.
    expect(train.stopTimeUpdate!.map((u) => [u.stopId, u.scheduleRelationship ?? 0])).toEqual([
      ['SMN', 0],
      ['MHL', SKIPPED],
      ['SJD', SKIPPED],
      ['HWP', SKIPPED],
      ['SFC', SKIPPED],
    ]);
    const trainArrives = at('23:49') + (train.stopTimeUpdate![0]!.arrival?.delay ?? 0);
    // 2. San Martin → San Jose on a bus route (route_type 3), across midnight.
    expect(bus.trip).toMatchObject({ routeId: 'BUS', startDate: '20250923', scheduleRelationship: NEW });
    expect(
      bus.stopTimeUpdate!.map((u) => [u.stopId, Number(u.arrival?.time), Number(u.departure?.time)]),
    ).toEqual([
      ['SMN', at('23:54'), at('23:54')],
      ['MHL', wednesday('00:02'), wednesday('00:02')],
      ['SJD', wednesday('00:35'), wednesday('00:35')],
    ]);
    const busLeaves = Number(bus.stopTimeUpdate![0]!.departure!.time);
    const busArrives = Number(bus.stopTimeUpdate!.at(-1)!.arrival!.time);
    expect(busLeaves - trainArrives).toBeGreaterThanOrEqual(5 * 60);
    // 3. San Jose → San Francisco on the train's part after, which waits for the bus.
    expect(after.trip).toMatchObject({ routeId: 'NGT', startDate: '20250923', scheduleRelationship: NEW });
    expect(after.stopTimeUpdate!.map((u) => [u.stopId, Number(u.departure?.time)])).toEqual([
      ['SJD', wednesday('00:40')],
      ['HWP', wednesday('01:20')],
      ['SFC', wednesday('01:45')],
    ]);
    expect(Number(after.stopTimeUpdate![0]!.departure!.time) - busArrives).toBeGreaterThanOrEqual(5 * 60);

    // The feed list shows the bus and the part after as new trips; lifting restores the night.
    await openScreen(page, 'Feed');
    await page.locator('tr[data-trip-id="399-after-20250923"][data-state="new"]').waitFor();
    await openScreen(page, 'Disruptions');
    const list = page.getByRole('table', { name: 'Disruptions' });
    await list.getByRole('button', { name: 'Lift' }).first().click();
    // The earlier lift's banner may still show: wait for the feed itself.
    await expect.poll(served, { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => list.getByRole('button', { name: 'Lift' }).count(), { timeout: 10_000 }).toBe(0);
  });
  it("an administrator names the bus route in the settings; the controller's buses run on it without choosing", async () => {
    t.clock.now = new Date();
    const admin = await openBrowser(t.url, { timezoneId: 'Asia/Tokyo' });
    try {
      await logIn(admin.page, ADMIN.username, ADMIN.password);
      await openScreen(admin.page, 'Settings');
      // Only bus routes are offered: the rail routes LOC and NGT are not.
      const offered = admin.page.getByRole('group', { name: 'Bus routes for replacement buses' });
      await offered.getByLabel('B', { exact: false }).waitFor();
      expect(await offered.getByRole('checkbox').count()).toBe(1);
      await offered.getByRole('checkbox').check();
      await admin.page.getByRole('button', { name: 'Save settings' }).click();
      await expect
        .poll(
          async () =>
            ((await (await admin.page.request.get('/settings')).json()) as { busRouteIds?: string[] })
              .busRouteIds,
          {
            timeout: 10_000,
          },
        )
        .toEqual(['BUS']);
    } finally {
      await admin.close();
    }

    const { page } = b;
    t.clock.now = pdt('05:00');
    await page.reload();
    await openScreen(page, 'Disruptions');
    await fillDisruption(page, { serviceDate: '2025-09-23', trains: '305', reason: 'Signal fault.' });
    await page.getByLabel('Action').selectOption('replace_by_bus');
    await pickStop(page, 'Buses from', 'San Martin', 'SMN');
    await pickStop(page, 'Buses to', 'San Jose', 'SJD');
    const first = page.getByLabel('Bus route').locator('option').first();
    await expect.poll(() => first.textContent(), { timeout: 10_000 }).toMatch(/^The operator's bus route \(/);
    await previewDisruption(page);
    await page.getByRole('button', { name: 'Apply to 1 trip' }).click();
    await page.getByTestId('banner-success').filter({ hasText: 'Disruption applied to 1 trip' }).waitFor();
    const bus = (await served()).find((e) => e.id === '305-bus-20250923')!.tripUpdate!;
    expect(bus.trip!.routeId).toBe('BUS');
  });
});
