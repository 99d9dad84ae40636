import { buildTwinLocalsWorkbook } from '@feeddesk/server/gtfs/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Caltrain's L1 (weekday) and L2 (weekend) are both "Local". A Directory naming "Local"
 * put every L2 train on L1; it is refused now, and route_ids in the Directory put each train right.
 * The schedule then shows "Local (L1)" and "Local (L2)", tells Palo Alto's two platforms apart, and
 * a search by the station finds the trains that call at its platforms. Agency in Los Angeles.
 */
describe('two routes of one long name (the twin locals)', () => {
  let t: TestApp;
  let planner: HttpClient;
  const SATURDAY = '20261128';
  const FRIDAY = '20261127';
  const tripIds = async (input: Record<string, string>) =>
    ((await planner.trpc('query', 'schedule.trips', input)).body.result.data as { trip_id: string }[])
      .map((trip) => trip.trip_id)
      .sort();

  beforeAll(async () => {
    t = await startTestApp();
    planner = await t.clientWithRoles(['view', 'edit', 'gtfs'], 'planner');
  });
  afterAll(() => t?.close());

  it('refuses a Directory naming "Local" twice, with each cell and both route_ids, and loads nothing', async () => {
    const { final } = await uploadSchedule(
      planner,
      await buildTwinLocalsWorkbook(['Local', 'Local']),
      'twin-locals.xlsx',
    );
    expect(final.status).toBe('error');
    for (const cell of ['B1', 'C1'])
      expect(final.message).toContain(
        `Directory!${cell} names the route "Local", which is the route_long_name of 2 routes in the Routes sheet (route_id "L1" and "L2"). Type the route_id instead, in one column per route.`,
      );
    expect(await (await planner.get('/db/get_routes')).json()).toEqual([]);
  });

  it('accepts route_ids in the Directory and puts each train on its own route', async () => {
    const { final } = await uploadSchedule(planner, await buildTwinLocalsWorkbook(['L1', 'L2']), 'twin.xlsx');
    expect(final.status).toBe('done');
    const toRoutes = await (await planner.get('/db/trips_to_routes')).json();
    expect(toRoutes).toEqual({ 'WD-101': 'L1', 'WD-103': 'L1', 'WE-421': 'L2', 'WE-423': 'L2' });
    expect(await tripIds({ route: 'L2', date: SATURDAY })).toEqual(['WE-421', 'WE-423']);
    expect(await tripIds({ route: 'L1', date: SATURDAY })).toEqual([]);
  });

  it('labels the two Local routes apart, in REST and tRPC alike', async () => {
    const rest = (await (await planner.get('/db/get_routes')).json()) as {
      route_id: string;
      label: string;
    }[];
    expect(rest.map((r) => [r.route_id, r.label])).toEqual([
      ['L1', 'Local (L1)'],
      ['L2', 'Local (L2)'],
    ]);
    expect((await planner.trpc('query', 'schedule.routes')).body.result.data).toEqual(rest);
  });

  it('offers the station and its two platforms by distinct labels, and finds trains by the station', async () => {
    const found = (await planner.trpc('query', 'schedule.stops', { stopname: 'palo alto' })).body.result.data;
    expect(found).toEqual([
      { stopId: 'palo_alto', name: 'Palo Alto', label: 'Palo Alto', code: null, station: true },
      {
        stopId: '70171',
        name: 'Palo Alto Caltrain Station',
        label: 'Palo Alto Caltrain Station (70171)',
        code: null,
        station: false,
      },
      {
        stopId: '70172',
        name: 'Palo Alto Caltrain Station',
        label: 'Palo Alto Caltrain Station (70172)',
        code: null,
        station: false,
      },
    ]);
    expect(await tripIds({ stop: 'palo_alto', date: SATURDAY })).toEqual(['WE-421', 'WE-423']);
    expect(await tripIds({ stop: 'palo_alto', date: FRIDAY })).toEqual(['WD-101', 'WD-103']);
    expect(await tripIds({ stop: '70171', date: FRIDAY })).toEqual([]);
    // The trip editor's platform picker names the other platform by its label.
    expect(
      (await planner.trpc('query', 'schedule.platforms', { stopIds: ['70171'] })).body.result.data,
    ).toEqual({
      '70171': [{ stopId: '70172', stopName: 'Palo Alto Caltrain Station (70172)' }],
    });
    // REST keeps its documented [stop_id, stop_name] pairs.
    expect(await (await planner.get('/db/get_stops?stopname=Caltrain')).json()).toEqual([
      ['70171', 'Palo Alto Caltrain Station'],
      ['70172', 'Palo Alto Caltrain Station'],
    ]);
  });

  it('names "Local (L2)" in the disruption preview and its drafted alert', async () => {
    const res = await planner.trpc('mutation', 'disruptions.applyDisruption', {
      serviceDate: SATURDAY,
      select: { routeId: 'L2' },
      action: { type: 'cancel' },
      reason: 'Track work',
      alert: true,
      dryRun: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const preview = res.body.result.data;
    expect(preview.trips.map((tr: { routeName: string }) => tr.routeName)).toEqual([
      'Local (L2)',
      'Local (L2)',
    ]);
    expect(JSON.stringify(preview.alert)).toContain('Local (L2)');
  });

  it('refuses a hostile Directory head with a sentence naming its cell, and keeps the schedule serving', async () => {
    const hostile = '<img src=x onerror=alert(1)>'.repeat(20);
    const { final } = await uploadSchedule(
      planner,
      await buildTwinLocalsWorkbook([hostile, 'L2']),
      'bad.xlsx',
    );
    expect(final.status).toBe('error');
    expect(final.message).toContain(
      `Directory!B1 names the route "${hostile}", which is neither a route_id nor a route_long_name in the Routes sheet.`,
    );
    expect(await tripIds({ route: 'L2', date: SATURDAY })).toEqual(['WE-421', 'WE-423']);
    expect((await t.client().get('/readyz')).status).toBe(200);
  });
});
