import type { FeedEntity } from '@feeddesk/proto';
import { createApiToken } from '@feeddesk/server/tokens/create-api-token';
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

const CAPE_TOWN = { latitude: -33.92226, longitude: 18.4253 };
const WOODSTOCK = { latitude: -33.92545, longitude: 18.44571 };
/** Today's service in the agency's zone. */
const SERVICE = ['Sat', 'Sun'].includes(weekdayOf(agencyToday())) ? 'WE' : 'WD';

/**
 * An AVL system with its own API token (Authorization: Bearer, no session,
 * no CSRF token) pushes positions over REST and the Trains screen shows the train within a second,
 * in the list and on the network drawing, then moves it.
 */
describe.skipIf(!hasChromium)('the Trains screen', () => {
  let t: TestApp;
  let b: TestBrowser;
  let avl: HttpClient;
  let tripId: string;
  let stops: { stopSequence: number; stopId: string; stopName: string }[];

  const train = (position: { latitude: number; longitude: number }, stop: number): FeedEntity => ({
    id: 'avl-1',
    vehicle: {
      trip: { tripId },
      vehicle: { id: 'unit-7', label: 'Unit 7' },
      position,
      currentStopSequence: stops[stop]!.stopSequence,
      stopId: stops[stop]!.stopId,
      currentStatus: 2,
      timestamp: Math.floor(Date.now() / 1000),
    },
  });

  beforeAll(async () => {
    t = await startTestApp({ serveWeb: true });
    await uploadSchedule(await t.clientWithRoles(['gtfs']), await agencyDemoWorkbook(), 'demo.xlsx');
    const { token } = await createApiToken(t.deps, { name: 'AVL system', roles: ['edit'], by: 'admin' });
    avl = new HttpClient(t.url, { bearer: token });
    const trips = (await (await avl.get(`/db/get_trips?route=STH&service=${SERVICE}`)).json()) as {
      trip_id: string;
    }[];
    for (const trip of trips) {
      tripId = trip.trip_id;
      stops = await (await avl.get(`/db/get_stop_times_trip?tripid=${encodeURIComponent(tripId)}`)).json();
      if (stops[0]!.stopId === 'CAPE TOWN') break;
    }
    b = await openBrowser(t.url);
    await t.clientWithRoles(['view'], 'watcher');
    await logIn(b.page, 'watcher', 'a-long-password-1');
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('shows a pushed train within a second, in the list and on the map, and moves it', async () => {
    const { page } = b;
    await openScreen(page, 'Trains');
    await page.getByRole('heading', { name: 'Trains' }).waitFor();
    await page.getByTestId('network-map').waitFor();
    await expect.poll(() => page.locator('[data-testid="network-map"] polyline').count()).toBeGreaterThan(0);
    expect(await page.getByText('No train has reported a position.').count()).toBe(1);

    const res = await postPositions(avl, [train(CAPE_TOWN, 1)]);
    expect(await res.json()).toEqual({ saved: 1, rejected: [] });
    const row = page.getByTestId('train-row-avl-1');
    const marker = page.getByTestId('train-marker-avl-1');
    await row.waitFor({ timeout: 1000 });
    await marker.waitFor({ timeout: 1000 });
    await expect.poll(() => row.getByTestId('train-stop').textContent()).toBe(`Next ${stops[1]!.stopName}`);
    expect(await row.textContent()).toContain('Southern Line');
    const before = {
      x: Number(await marker.getAttribute('data-x')),
      y: Number(await marker.getAttribute('data-y')),
    };

    // "Seen" ticks without any new push.
    const seen = await row.getByTestId('train-seen').textContent();
    await expect.poll(() => row.getByTestId('train-seen').textContent(), { timeout: 3000 }).not.toBe(seen);

    const moved = await postPositions(avl, [train(WOODSTOCK, 2)]);
    expect(await moved.json()).toEqual({ saved: 1, rejected: [] });
    // Woodstock lies east of Cape Town: the marker moves right within a second.
    await expect
      .poll(async () => Number(await marker.getAttribute('data-x')), { timeout: 1000, interval: 50 })
      .toBeGreaterThan(before.x + 5);
    await expect
      .poll(() => row.getByTestId('train-stop').textContent(), { timeout: 1000 })
      .toBe(`Next ${stops[2]!.stopName}`);
    await screenshot(page, 'trains');
  });

  it('opens from its own address (a reload or a bookmark)', async () => {
    const res = await t.client().get('/trains');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
