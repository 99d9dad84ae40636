import type { FeedEntity } from '@feeddesk/proto';
import { createApiToken } from '@feeddesk/server/tokens/create-api-token';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday, weekdayOf } from '../support/agency-zone.ts';
import {
  hasChromium,
  logIn,
  openBrowser,
  openScreen,
  screenshot,
  type TestBrowser,
} from '../support/browser.ts';
import { postPositions } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { agencyDemoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
/** Today's service in the agency's zone (Pacific/Auckland in the suite; the browser in a third zone). */
const SERVICE = ['Sat', 'Sun'].includes(weekdayOf(agencyToday())) ? 'WE' : 'WD';

/**
 * A controller sees a train's formation on the Trains screen and edits it there: carriages in
 * order, class, occupancy, toilet, closed; the positions feed serves it at once.
 */
describe.skipIf(!hasChromium)('formations on the Trains screen', () => {
  let t: TestApp;
  let b: TestBrowser;
  let avl: HttpClient;
  let tripId: string;

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    await uploadSchedule(await t.clientWithRoles(['gtfs']), await agencyDemoWorkbook(), 'demo.xlsx');
    const { token } = await createApiToken(t.deps, { name: 'AVL system', roles: ['edit'], by: 'admin' });
    avl = new HttpClient(t.url, { bearer: token });
    const trips = (await (await avl.get(`/db/get_trips?route=STH&service=${SERVICE}`)).json()) as {
      trip_id: string;
    }[];
    tripId = trips[0]!.trip_id;
    const stops = (await (
      await avl.get(`/db/get_stop_times_trip?tripid=${encodeURIComponent(tripId)}`)
    ).json()) as { stopSequence: number; stopId: string }[];
    const train: FeedEntity = {
      id: 'avl-1',
      vehicle: {
        trip: { tripId },
        vehicle: { id: 'unit-7', label: 'Unit 7' },
        position: { latitude: -33.92226, longitude: 18.4253 },
        currentStopSequence: stops[1]!.stopSequence,
        stopId: stops[1]!.stopId,
        timestamp: Math.floor(Date.now() / 1000),
      },
    };
    const res = await postPositions(avl, [train]);
    expect(await res.json()).toEqual({ saved: 1, rejected: [] });
    b = await openBrowser(t.url);
    await t.clientWithRoles(['view', 'edit'], 'controller');
    await logIn(b.page, 'controller', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('a controller gives a train three carriages, one closed; the screen and the positions feed show them in order', async () => {
    const { page } = b;
    await openScreen(page, 'Trains');
    const row = page.getByTestId('train-row-avl-1');
    await row.waitFor();
    expect(await row.getByTestId('carriage').count()).toBe(0);
    await row.getByRole('button', { name: 'Edit formation' }).click();
    const form = page.getByRole('form', { name: /Formation of train/ });
    await form.getByRole('button', { name: 'Add carriage' }).click();
    await form.getByRole('button', { name: 'Add carriage' }).click();
    await form.getByLabel('Carriage 1 class').fill('first');
    await form.getByLabel('Carriage 1 occupancy').selectOption('MANY_SEATS_AVAILABLE');
    await form.getByLabel('Carriage 1 toilet').check();
    await form.getByLabel('Carriage 2 occupancy').selectOption('STANDING_ROOM_ONLY');
    await form.getByLabel('Carriage 3 closed').check();
    await form.getByRole('button', { name: 'Save formation' }).click();
    await expect
      .poll(() => row.getByTestId('carriage').allTextContents())
      .toEqual(['1 · first · Many seats · WC', '2 · Standing room', '3 · closed']);
    await screenshot(page, 'trains-formation');

    const feed = rt.FeedMessage.decode(
      new Uint8Array(await (await t.client().get('/feed/positions')).arrayBuffer()),
    );
    const carriages = feed.entity[0]!.vehicle!.multiCarriageDetails!;
    expect(carriages.map((c) => [c.label, c.occupancyStatus, c.carriageSequence])).toEqual([
      ['1', rt.VehiclePosition.OccupancyStatus.MANY_SEATS_AVAILABLE, 1],
      ['2', rt.VehiclePosition.OccupancyStatus.STANDING_ROOM_ONLY, 2],
      ['3', rt.VehiclePosition.OccupancyStatus.NOT_ACCEPTING_PASSENGERS, 3],
    ]);

    // Deleting it takes the carriages off the screen and out of the feed.
    await row.getByRole('button', { name: 'Edit formation' }).click();
    await page.getByRole('button', { name: 'Delete formation' }).click();
    await expect.poll(() => row.getByTestId('carriage').count()).toBe(0);
    const after = rt.FeedMessage.decode(
      new Uint8Array(await (await t.client().get('/feed/positions')).arrayBuffer()),
    );
    expect(after.entity[0]!.vehicle!.multiCarriageDetails).toEqual([]);
  });
});
