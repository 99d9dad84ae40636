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
const SKIPPED = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
const NONE = rt.TripUpdate.StopTimeUpdate.StopTimeProperties.DropOffPickupType.NONE;
/** POSIX seconds of a local time of Tuesday 23 September 2025 on the Los Angeles line. */
const at = (hhmm: string) => pdt(hhmm).getTime() / 1000;

/**
 * New trains as a controller does it, on a line in America/Los_Angeles with the browser in Tokyo (a
 * third zone): a bus added with its own stops and times, and train 303 turned short at San Jose
 * with Morgan Hill set down only. The served feed is read with MobilityData's bindings.
 */
describe.skipIf(!hasChromium)('new trains and short turns in the browser', () => {
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
    t.clock.now = pdt('06:00');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const served = async (tripId: string) => {
    const res = await t.client().get('/feed/updates');
    const feed = rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer()));
    return feed.entity.find((e) => e.tripUpdate?.trip?.tripId === tripId)?.tripUpdate;
  };

  it('adds a bus from Gilroy to San Jose with its own times and sees it as New in the list', async () => {
    const { page } = b;
    await openScreen(page, 'New trip update');
    await page.waitForURL('**/trip_update');
    await page.getByRole('button', { name: 'Add a train' }).click();
    const form = page.getByRole('region', { name: 'New train' });
    await form.getByLabel('Route').selectOption({ label: 'B Rail replacement bus' });
    await form.getByLabel('Trip id').fill('BUS-0800');
    await form.getByLabel('Date').fill('2025-09-23');
    await form.getByRole('button', { name: 'Add a stop' }).click();
    const calls = [
      ['Gilroy', '08:00', '08:00'],
      ['Morgan Hill', '08:25', '08:26'],
      ['San Jose Diridon', '08:55', ''],
    ];
    for (const [i, [stop, arrival, departure]] of calls.entries()) {
      await form.getByLabel(`Stop ${i + 1}`, { exact: true }).selectOption({ label: stop! });
      await form.getByLabel(`Arrival at stop ${i + 1}`).fill(arrival!);
      await form.getByLabel(`Departure at stop ${i + 1}`).fill(departure!);
    }
    await screenshot(page, 'new-train-form');
    await form.getByRole('button', { name: 'Save new train' }).click();
    await page.waitForURL(`${t.url}/`);
    const row = page.locator('tr[data-trip-id="BUS-0800"][data-state="new"]');
    await row.waitFor();
    expect(await row.getByTestId('trip-effect').textContent()).toBe('New train, 3 stops, GIL → SJD');

    // Times typed in the browser (Tokyo) are the line's local times (Los Angeles).
    const tu = (await served('BUS-0800'))!;
    expect(tu.trip).toMatchObject({ routeId: 'BUS', startDate: '20250923' });
    expect(tu.trip!.scheduleRelationship).toBe(rt.TripDescriptor.ScheduleRelationship.NEW);
    expect(
      tu.stopTimeUpdate!.map((u) => [
        u.stopSequence,
        u.stopId,
        Number(u.arrival!.time),
        Number(u.departure!.time),
      ]),
    ).toEqual([
      [1, 'GIL', at('08:00'), at('08:00')],
      [2, 'MHL', at('08:25'), at('08:26')],
      [3, 'SJD', at('08:55'), at('08:55')],
    ]);
  });

  it('turns train 303 short at San Jose Diridon with Morgan Hill set down only', async () => {
    const { page } = b;
    await openScreen(page, 'New trip update');
    await page.waitForURL('**/trip_update');
    await page.getByLabel('Date', { exact: true }).fill('2025-09-23');
    // The line's trip ids are bare numbers, which the train-number box does not search: by stop.
    await page.getByLabel('or stop name').fill('Gilroy');
    const result = page.getByTestId('trip-result').filter({ hasText: '303' }).first();
    await result.waitFor();
    await result.click();
    await page.getByLabel('Boarding at Morgan Hill').selectOption({ label: 'Set down only' });
    await page.getByLabel('Short turn').selectOption({ label: 'Terminates at San Jose Diridon' });
    expect(await page.getByLabel('Skip Hayward Park').isChecked()).toBe(true);
    expect(await page.getByLabel('Skip San Francisco').isChecked()).toBe(true);
    await screenshot(page, 'short-turn');
    await page.getByRole('button', { name: 'Save trip update' }).click();
    await page.waitForURL(`${t.url}/`);
    await page.locator('tr[data-trip-id="303"]').waitFor();

    const tu = (await served('303'))!;
    expect(tu.tripProperties!.tripHeadsign).toBe('San Jose Diridon');
    expect(
      tu.stopTimeUpdate!.map((u) => [
        u.stopId,
        u.scheduleRelationship,
        u.stopTimeProperties?.pickupType ?? null,
      ]),
    ).toEqual([
      ['MHL', 0, NONE],
      ['HWP', SKIPPED, null],
      ['SFC', SKIPPED, null],
    ]);
  });

  it('cancels the new bus from the trains list: removed, said so, and Undo brings it back', async () => {
    const { page } = b;
    await page.goto(`${t.url}/`);
    const row = page.locator('tr[data-trip-id="BUS-0800"][data-state="new"]');
    await row.dblclick();
    const details = page.getByTestId('trip-details');
    await details.getByLabel('Trip cancelled').check();
    await details.getByRole('button', { name: 'Save' }).click();
    const banner = page
      .getByTestId('banner-success')
      .filter({ hasText: 'Train BUS-0800 was a new train, not in the schedule: cancelling it removed it' });
    await banner.waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await served('BUS-0800')).toBeUndefined();
    await banner.getByRole('button', { name: 'Undo' }).click();
    await row.waitFor();
    expect((await served('BUS-0800'))!.trip!.scheduleRelationship).toBe(
      rt.TripDescriptor.ScheduleRelationship.NEW,
    );
  });
});
