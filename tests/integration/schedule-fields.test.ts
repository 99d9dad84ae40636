import { trips } from '@feeddesk/drizzle';
import { sampleFiles } from '@feeddesk/server/schedule/test-support/sample-feed';
import { asc } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { demoWorkbook, uploadSchedule } from '../support/schedule.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The schedule store keeps the optional fields of agency.txt, routes.txt, stops.txt and trips.txt a
 * consumer may ask for: a zip that has them comes back out of the REST answers whole.
 */
const zipOf = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

const files: Record<string, string> = {
  ...sampleFiles,
  'agency.txt': [
    'agency_id,agency_name,agency_url,agency_timezone,agency_lang,agency_phone,agency_fare_url,agency_email',
    'MR,Metrorail,https://example.org,Africa/Johannesburg,en,+27 21 000 0000,https://example.org/fares,info@example.org',
  ].join('\n'),
  'routes.txt': [
    'route_id,agency_id,route_short_name,route_long_name,route_desc,route_type,route_url,route_color,route_text_color,route_sort_order',
    'NTH,MR,N,Northern Line,Via Bellville,2,https://example.org/n,FF0000,FFFFFF,1',
    'STH,MR,S,Southern Line,,2,,00AA00,,2',
    'CTL,MR,C,,,2,,,,',
  ].join('\n'),
  'stops.txt': [
    'stop_id,stop_code,stop_name,stop_desc,stop_lat,stop_lon,zone_id,stop_url,location_type,parent_station,stop_timezone,wheelchair_boarding,level_id,platform_code',
    'CPT,1001,Cape Town,Terminus,-33.92,18.42,Z1,https://example.org/cpt,0,CTS,Africa/Johannesburg,1,L0,3A',
    'CTS,,Central,,-33.92,18.42,,,1,,,,,',
    'BLV,,Bellville,,-33.90,18.63,Z2,,,,,2,,',
    'EER,,Eerste River,,-34.01,18.72,Z3,,,,,,,',
    'ODD,,Platform 100%_A\\B,,-34.0,18.5,,,,,,,,',
  ].join('\n'),
  'levels.txt': 'level_id,level_index,level_name\nL0,0,Concourse',
  'trips.txt': [
    'route_id,service_id,trip_id,trip_headsign,direction_id,block_id,wheelchair_accessible,bikes_allowed',
    'NTH,WD,WD-0123,Cape Town,0,B1,1,2',
    'NTH,WD,WD-1234,Cape Town,0,B1,,',
    'NTH,WD,WD-2300,Cape Town,0,,2,1',
    'STH,WD,WD-9001,Eerste River,1,,,',
    'NTH,WE,WE-2300,Cape Town,0,,,',
    'NTH,HOL,HOL-0500,Cape Town,0,,,',
  ].join('\n'),
};

describe('schedule store keeps the optional GTFS fields', () => {
  let t: TestApp;
  let planner: HttpClient;
  beforeAll(async () => {
    t = await startTestApp();
    planner = await t.clientWithRoles(['view', 'gtfs'], 'planner');
  });
  afterAll(() => t?.close());

  it('answers empty lists before any schedule is loaded', async () => {
    expect(await (await planner.get('/db/get_agency')).json()).toEqual([]);
    expect(await (await planner.get('/db/get_stop_details')).json()).toEqual([]);
  });

  it("serves a zip upload's agency, route and stop fields and stores its trips' fields", async () => {
    const { final } = await uploadSchedule(planner, zipOf(files), 'fields.zip');
    expect([final.status, final.message]).toEqual(['done', expect.any(String)]);

    expect(await (await planner.get('/db/get_agency')).json()).toEqual([
      {
        agency_id: 'MR',
        agency_name: 'Metrorail',
        agency_url: 'https://example.org',
        agency_timezone: 'Africa/Johannesburg',
        agency_lang: 'en',
        agency_phone: '+27 21 000 0000',
        agency_fare_url: 'https://example.org/fares',
        agency_email: 'info@example.org',
      },
    ]);

    const routes = await (await planner.get('/db/get_routes')).json();
    // route_sort_order first (GTFS), a route without one after them.
    expect(routes).toEqual([
      {
        route_id: 'NTH',
        route_long_name: 'Northern Line',
        route_color: 'FF0000',
        agency_id: 'MR',
        route_short_name: 'N',
        route_desc: 'Via Bellville',
        route_type: 2,
        route_url: 'https://example.org/n',
        route_text_color: 'FFFFFF',
        route_sort_order: 1,
        label: 'Northern Line',
      },
      expect.objectContaining({ route_id: 'STH', route_color: '00AA00', route_sort_order: 2 }),
      {
        route_id: 'CTL',
        route_long_name: null,
        route_color: null,
        agency_id: 'MR',
        route_short_name: 'C',
        route_desc: null,
        route_type: 2,
        route_url: null,
        route_text_color: null,
        route_sort_order: null,
        label: 'C',
      },
    ]);

    // get_stops keeps its documented pairs; the fields are in get_stop_details.
    expect(await (await planner.get('/db/get_stops?stopname=cape')).json()).toEqual([['CPT', 'Cape Town']]);
    expect(await (await planner.get('/db/get_stop_details?stopname=cape')).json()).toEqual([
      {
        stop_id: 'CPT',
        stop_code: '1001',
        stop_name: 'Cape Town',
        stop_desc: 'Terminus',
        stop_lat: -33.92,
        stop_lon: 18.42,
        zone_id: 'Z1',
        stop_url: 'https://example.org/cpt',
        location_type: 0,
        parent_station: 'CTS',
        stop_timezone: 'Africa/Johannesburg',
        wheelchair_boarding: 1,
        level_id: 'L0',
        platform_code: '3A',
      },
    ]);
    const all = (await (await planner.get('/db/get_stop_details')).json()) as Record<string, unknown>[];
    expect(all.map((s) => s.stop_id)).toEqual(['BLV', 'CPT', 'CTS', 'EER', 'ODD']);
    expect(all[0]).toMatchObject({ zone_id: 'Z2', wheelchair_boarding: 2, stop_code: null });
    expect(all[2]).toMatchObject({ location_type: 1, parent_station: null, platform_code: null });
    expect(all[4]).toMatchObject({ zone_id: null, wheelchair_boarding: null, location_type: null });

    const stored = await t.deps.db
      .select({
        tripId: trips.tripId,
        blockId: trips.blockId,
        wheelchair: trips.wheelchairAccessible,
        bikes: trips.bikesAllowed,
      })
      .from(trips)
      .orderBy(asc(trips.versionId), asc(trips.tripId));
    expect(stored.filter((r) => r.tripId.startsWith('WD-'))).toEqual([
      { tripId: 'WD-0123', blockId: 'B1', wheelchair: 1, bikes: 2 },
      { tripId: 'WD-1234', blockId: 'B1', wheelchair: null, bikes: null },
      { tripId: 'WD-2300', blockId: null, wheelchair: 2, bikes: 1 },
      { tripId: 'WD-9001', blockId: null, wheelchair: null, bikes: null },
    ]);
  });

  it("keeps the timetable workbook's agency sheet fields; those it lacks stay null", async () => {
    const { final } = await uploadSchedule(planner, await demoWorkbook(), 'demo.xlsx');
    expect(final.status).toBe('done');
    expect(await (await planner.get('/db/get_agency')).json()).toEqual([
      {
        agency_id: 'DEMO',
        agency_name: 'Demo Metrorail Western Cape',
        agency_url: 'https://example.org/metrorail',
        agency_timezone: 'Africa/Johannesburg',
        agency_lang: 'en',
        agency_phone: '+27 21 000 0000',
        agency_fare_url: null,
        agency_email: null,
      },
    ]);
  });
});
