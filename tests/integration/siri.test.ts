import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FeedEntity } from '@feeddesk/proto';
import GtfsRealtimeBindings from 'gtfs-realtime-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import { addDays, wallTime } from '../support/agency-zone.ts';
import { clearLiveFeeds, postEntity } from '../support/feed.ts';
import { HttpClient } from '../support/http-client.ts';
import { setUpRiderNetwork } from '../support/rider-network.ts';
import { sharedData } from '../support/schedule.ts';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.ts';

const { transit_realtime: rt } = GtfsRealtimeBindings;
/** The official SIRI 2.1 schema (../shared/data/siri/xsd), its root file siri.xsd. */
const SIRI_XSD = join(sharedData, 'siri/xsd/siri.xsd');
const DAY = '2026-12-04';
const DATE = DAY.replaceAll('-', '');
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

type Json = Record<string, unknown>;
const list = (v: unknown): Json[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]) as Json[];

/** Validates a delivery against the official schema with xmllint (libxml2-utils); throws its errors. */
function validate(xml: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'siri-'));
  const file = join(dir, 'delivery.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', SIRI_XSD, file], { stdio: 'pipe' });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? error);
    throw new Error(
      `not valid SIRI:\n${stderr
        .split('\n')
        .filter((l) => !l.includes('Skipping import'))
        .join('\n')}\n${xml}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * SIRI 2.1 (docs/rest-api.md "SIRI"): each delivery made from a real trip update, alert and
 * position saved through the product's API, valid against the official schema, and saying what
 * the GTFS-Realtime feed says, on a line in the suite's far zone (Pacific/Auckland by default)
 * whose train N1 runs past midnight.
 */
describe.skipIf(!existsSync(SIRI_XSD))('SIRI deliveries', () => {
  let t: TestApp;
  let editor: HttpClient;
  let rider: HttpClient;

  beforeAll(async () => {
    t = await startTestApp();
    await setUpRiderNetwork(t);
    editor = await t.clientWithRoles(['view', 'edit'], 'controller');
    rider = t.client();
    t.clock.now = wallTime(DAY, '23:50');
    await clearLiveFeeds(t);
  });
  afterAll(() => t?.close());

  const siri = async (service: string, query = '') => {
    const res = await rider.get(`/siri/${service}${query}`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return { res, text };
  };
  const xmlOf = async (service: string) => {
    const { res, text } = await siri(service);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    validate(text);
    return convert(text, { format: 'object' }) as Json;
  };
  const jsonOf = async (service: string) => JSON.parse((await siri(service, '?format=json')).text) as Json;

  const saveAll = async () => {
    const sends: [
      path: '/feed/trip_update' | '/feed/service_alert' | '/feed/vehicle_position',
      FeedEntity,
    ][] = [
      [
        '/feed/trip_update',
        {
          id: 'n1',
          tripUpdate: {
            trip: { tripId: 'N1', startDate: DATE, routeId: 'N' },
            stopTimeUpdate: [
              {
                stopSequence: 2,
                stopId: 'C1',
                arrival: { delay: 300 },
                departure: { delay: 300 },
                stopTimeProperties: { assignedStopId: 'C2' },
              },
            ],
          },
        },
      ],
      [
        '/feed/trip_update',
        {
          id: 's1',
          tripUpdate: {
            trip: { tripId: 'S1', startDate: DATE, routeId: 'S' },
            stopTimeUpdate: [
              {
                stopSequence: 1,
                stopId: 'BRA',
                departure: { delay: 120 },
                stopTimeProperties: {
                  dropOffType: rt.TripUpdate.StopTimeUpdate.StopTimeProperties.DropOffPickupType.NONE,
                },
              },
              {
                stopSequence: 2,
                stopId: 'C2',
                scheduleRelationship: rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED,
              },
              {
                stopSequence: 3,
                stopId: 'ECH',
                arrival: { delay: 120 },
                stopTimeProperties: {
                  pickupType: rt.TripUpdate.StopTimeUpdate.StopTimeProperties.DropOffPickupType.NONE,
                },
              },
            ],
          },
        },
      ],
      [
        '/feed/trip_update',
        {
          id: 's1-tomorrow',
          tripUpdate: {
            trip: {
              tripId: 'S1',
              startDate: addDays(DAY, 1).replaceAll('-', ''),
              routeId: 'S',
              scheduleRelationship: rt.TripDescriptor.ScheduleRelationship.CANCELED,
            },
          },
        },
      ],
      [
        '/feed/trip_update',
        {
          id: 'x9',
          tripUpdate: {
            trip: {
              tripId: 'X9',
              startDate: DATE,
              routeId: 'N',
              scheduleRelationship: rt.TripDescriptor.ScheduleRelationship.NEW,
            },
            stopTimeUpdate: [
              {
                stopSequence: 1,
                stopId: 'ALP',
                arrival: { time: secs(wallTime(DAY, '23:58')) },
                departure: { time: secs(wallTime(DAY, '23:58')) },
              },
              {
                stopSequence: 2,
                stopId: 'DEL',
                arrival: { time: secs(wallTime(addDays(DAY, 1), '00:30')) },
                departure: { time: secs(wallTime(addDays(DAY, 1), '00:30')) },
              },
            ],
          },
        },
      ],
      [
        '/feed/service_alert',
        {
          id: 'storm',
          alert: {
            cause: rt.Alert.Cause.WEATHER,
            effect: rt.Alert.Effect.SIGNIFICANT_DELAYS,
            impactPeriod: [
              { start: secs(wallTime(DAY, '22:00')), end: secs(wallTime(addDays(DAY, 1), '02:00')) },
            ],
            communicationPeriod: [{ start: secs(wallTime(DAY, '20:00')) }],
            informedEntity: [
              { routeId: 'N' },
              { stopId: 'C2' },
              { trip: { tripId: 'N1', startDate: DATE } },
              { agencyId: 'AG' },
            ],
            headerText: {
              translation: [
                { text: 'Storm: North line slow & <late>', language: 'en-ZA' },
                { text: 'Storm: Noordlyn stadig', language: 'af-ZA' },
              ],
            },
            descriptionText: {
              translation: [
                { text: 'Trains wait for the wind to drop.', language: 'en-ZA' },
                { text: 'Treine wag vir die wind.', language: 'af-ZA' },
              ],
            },
          },
        },
      ],
      [
        '/feed/vehicle_position',
        {
          id: 'vp-n1',
          vehicle: {
            trip: { tripId: 'N1', startDate: DATE, routeId: 'N' },
            vehicle: { id: 'unit 7', label: 'Unit 7' },
            position: { latitude: -36.85, longitude: 174.76, bearing: 90, speed: 12.4 },
            stopId: 'C2',
            currentStatus: rt.VehiclePosition.VehicleStopStatus.STOPPED_AT,
            timestamp: secs(t.clock.now!),
          },
        },
      ],
    ];
    for (const [path, entity] of sends) {
      const res = await postEntity(editor, path, entity);
      expect(res.status, `${entity.id}: ${await res.clone().text()}`).toBe(200);
    }
  };

  const gtfsRt = async (path: string) => {
    const res = await rider.get(path);
    return { res, feed: rt.FeedMessage.decode(new Uint8Array(await res.arrayBuffer())) };
  };

  it('answers valid deliveries while the feeds are empty, and after real saves', async () => {
    for (const service of ['situation-exchange', 'vehicle-monitoring']) await xmlOf(service);
    // The 2.1 schema wants a journey in every Estimated Timetable delivery: with none, SIRI's "no information".
    const empty = await jsonOf('estimated-timetable');
    expect((empty.Siri as Json).ServiceDelivery as Json).toMatchObject({
      EstimatedTimetableDelivery: [{ Status: false, ErrorCondition: { NoInfoForTopicError: {} } }],
    });
    await saveAll();
    for (const service of ['situation-exchange', 'estimated-timetable', 'vehicle-monitoring'])
      await xmlOf(service);
  });

  const journeysOf = (doc: Json) =>
    (
      (((doc.Siri as Json).ServiceDelivery as Json).EstimatedTimetableDelivery as Json[])[0]!
        .EstimatedJourneyVersionFrame as Json
    ).EstimatedVehicleJourney as Json[];
  const callsOf = (journey: Json) => (journey.EstimatedCalls as Json).EstimatedCall as Json[];
  const journeyOf = (journeys: Json[], tripId: string, date = DAY) =>
    journeys.find((j) => {
      const ref = j.FramedVehicleJourneyRef as Json;
      return ref.DatedVehicleJourneyRef === tripId && ref.DataFrameRef === date;
    })!;

  it('says what the GTFS-Realtime trip updates say: delays, platform, skipped stops, restrictions, cancellations, new trains, across midnight', async () => {
    const { res: rtRes, feed } = await gtfsRt('/feed/updates');
    const doc = await jsonOf('estimated-timetable');
    const journeys = journeysOf(doc);
    expect(journeys).toHaveLength(feed.entity.length);

    // N1: 5 minutes late at Central (its platform moved to C2), carried on to Delta after midnight.
    const n1 = journeyOf(journeys, 'N1');
    expect(n1).toMatchObject({ LineRef: 'N', DirectionRef: expect.any(String) });
    expect(n1.Cancellation).toBeUndefined();
    const rtN1 = feed.entity.find((e) => e.id === 'n1')!.tripUpdate!;
    const central = rtN1.stopTimeUpdate![0]!;
    const [alpha, c1, delta] = callsOf(n1);
    expect(alpha).toMatchObject({ StopPointRef: 'ALP', Order: 1 });
    expect(alpha!.ExpectedArrivalTime).toBeUndefined();
    expect(c1).toMatchObject({
      StopPointRef: 'C1',
      Order: 2,
      ArrivalStatus: 'delayed',
      DepartureStatus: 'delayed',
      ArrivalStopAssignment: [
        { AimedQuayRef: 'C1', ExpectedQuayRef: central.stopTimeProperties!.assignedStopId },
      ],
      DepartureStopAssignment: [{ AimedQuayRef: 'C1', ExpectedQuayRef: 'C2' }],
    });
    const instant = (v: unknown) => Date.parse(String(v)) / 1000;
    expect(instant(c1!.AimedArrivalTime)).toBe(secs(wallTime(DAY, '23:55')));
    expect(instant(c1!.ExpectedArrivalTime) - instant(c1!.AimedArrivalTime)).toBe(
      Number(central.arrival!.delay),
    );
    expect(instant(c1!.ExpectedDepartureTime) - instant(c1!.AimedDepartureTime)).toBe(
      Number(central.departure!.delay),
    );
    // 24:20 of the service day is 00:20 of the next calendar day in the agency's zone.
    const tomorrow = addDays(DAY, 1);
    expect(String(delta!.AimedArrivalTime).slice(0, 10)).toBe(tomorrow);
    expect(instant(delta!.AimedArrivalTime)).toBe(secs(wallTime(tomorrow, '00:20')));
    expect(String(delta!.ExpectedArrivalTime).slice(0, 16)).toBe(`${tomorrow}T00:25`);
    expect(String(c1!.ExpectedArrivalTime).slice(0, 16)).toBe(`${tomorrow}T00:00`);

    // S1: no alighting at its origin, Central skipped, no boarding at its end.
    const s1 = journeyOf(journeys, 'S1');
    const rtS1 = feed.entity.find((e) => e.id === 's1')!.tripUpdate!;
    expect(rtS1.stopTimeUpdate![1]!.scheduleRelationship).toBe(
      rt.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED,
    );
    const [bravo, c2, echo] = callsOf(s1);
    expect(bravo).toMatchObject({ ArrivalBoardingActivity: 'noAlighting', DepartureStatus: 'delayed' });
    expect(instant(bravo!.ExpectedDepartureTime) - instant(bravo!.AimedDepartureTime)).toBe(120);
    expect(c2).toMatchObject({
      StopPointRef: 'C2',
      Cancellation: true,
      ArrivalStatus: 'cancelled',
      DepartureStatus: 'cancelled',
    });
    expect(c2!.ExpectedArrivalTime).toBeUndefined();
    expect(echo).toMatchObject({ DepartureBoardingActivity: 'noBoarding', ArrivalStatus: 'delayed' });
    expect(String(echo!.AimedArrivalTime).slice(0, 16)).toBe(`${tomorrow}T00:30`);

    // S1 of the next service day: cancelled; X9: a new train.
    const cancelled = journeyOf(journeys, 'S1', tomorrow);
    expect(feed.entity.find((e) => e.id === 's1-tomorrow')!.tripUpdate!.trip!.scheduleRelationship).toBe(
      rt.TripDescriptor.ScheduleRelationship.CANCELED,
    );
    expect(cancelled.Cancellation).toBe(true);
    expect(callsOf(cancelled).every((c) => c.Cancellation === true && c.ArrivalStatus === 'cancelled')).toBe(
      true,
    );
    const x9 = journeyOf(journeys, 'X9');
    expect(x9).toMatchObject({ LineRef: 'N', ExtraJourney: true });
    expect(
      callsOf(x9).map((c) => [
        c.StopPointRef,
        String(c.AimedDepartureTime ?? c.AimedArrivalTime).slice(0, 16),
      ]),
    ).toEqual([
      ['ALP', `${DAY}T23:58`],
      ['DEL', `${tomorrow}T00:30`],
    ]);

    // The same freshness as the feed: its stamp, its Last-Modified, its ETag's content part.
    const delivery = (doc.Siri as Json).ServiceDelivery as Json;
    expect(instant(delivery.ResponseTimestamp)).toBe(Number(feed.header.timestamp));
    const { res } = await siri('estimated-timetable');
    expect(res.headers.get('last-modified')).toBe(rtRes.headers.get('last-modified'));
    expect(res.headers.get('etag')).toBe(`${rtRes.headers.get('etag')!.slice(0, -1)}-siri"`);

    // The XML says the same as the JSON.
    const xml = convert((await siri('estimated-timetable')).text, { format: 'object' }) as Json;
    const xmlJourneys = list(
      list(
        list(
          list(((xml.Siri as Json).ServiceDelivery as Json).EstimatedTimetableDelivery)[0]!
            .EstimatedJourneyVersionFrame,
        )[0]!.EstimatedVehicleJourney,
      ),
    );
    expect(xmlJourneys.map((j) => (j.FramedVehicleJourneyRef as Json).DatedVehicleJourneyRef).sort()).toEqual(
      journeys.map((j) => (j.FramedVehicleJourneyRef as Json).DatedVehicleJourneyRef).sort(),
    );
  });

  it('gives each live alert as a situation: its id, languages, periods, cause and what it affects', async () => {
    const { feed } = await gtfsRt('/feed/alerts');
    const storm = feed.entity.find((e) => e.id === 'storm')!.alert!;
    const doc = await jsonOf('situation-exchange');
    const delivery = ((doc.Siri as Json).ServiceDelivery as Json).SituationExchangeDelivery as Json[];
    const situations = (delivery[0]!.Situations as Json).PtSituationElement as Json[];
    expect(situations).toHaveLength(feed.entity.length);
    const situation = situations.find((s) => s.SituationNumber === 'storm')!;
    const instant = (v: unknown) => Date.parse(String(v)) / 1000;
    const validity = situation.ValidityPeriod as Json[];
    expect(validity.map((p) => [instant(p.StartTime), instant(p.EndTime)])).toEqual(
      storm.impactPeriod!.map((p) => [Number(p.start), Number(p.end)]),
    );
    expect((situation.PublicationWindow as Json[]).map((p) => instant(p.StartTime))).toEqual(
      storm.communicationPeriod!.map((p) => Number(p.start)),
    );
    expect(situation.Summary).toEqual(
      storm.headerText!.translation!.map((t) => ({ value: t.text, lang: t.language })),
    );
    expect(situation.Description).toEqual(
      storm.descriptionText!.translation!.map((t) => ({ value: t.text, lang: t.language })),
    );
    expect(situation.AlertCause).toBe('poorWeather');
    expect(situation.Affects).toEqual({
      Operators: { AffectedOperator: [{ OperatorRef: 'AG' }] },
      Networks: { AffectedNetwork: [{ AffectedLine: [{ LineRef: 'N' }] }] },
      StopPoints: { AffectedStopPoint: [{ StopPointRef: 'C2' }] },
      VehicleJourneys: {
        AffectedVehicleJourney: [
          { FramedVehicleJourneyRef: { DataFrameRef: DAY, DatedVehicleJourneyRef: 'N1' } },
        ],
      },
    });
    // In the XML, each text carries its language, escaped as written.
    const xml = (await siri('situation-exchange')).text;
    const parsed = convert(xml, { format: 'object' }) as Json;
    const element = list(
      (list(((parsed.Siri as Json).ServiceDelivery as Json).SituationExchangeDelivery)[0]!.Situations as Json)
        .PtSituationElement,
    ).find((s) => s.SituationNumber === 'storm')!;
    expect(list(element.Summary).map((s) => s['@xml:lang'])).toEqual(['en-ZA', 'af-ZA']);
    expect(xml).toContain('Storm: North line slow &amp; &lt;late&gt;');
  });

  it('gives each live position as a vehicle activity, at the platform it was moved to', async () => {
    const { feed } = await gtfsRt('/feed/positions');
    const vp = feed.entity.find((e) => e.id === 'vp-n1')!.vehicle!;
    const doc = await jsonOf('vehicle-monitoring');
    const delivery = ((doc.Siri as Json).ServiceDelivery as Json).VehicleMonitoringDelivery as Json[];
    const activities = delivery[0]!.VehicleActivity as Json[];
    expect(activities).toHaveLength(feed.entity.length);
    const [activity] = activities;
    expect(Date.parse(String(activity!.RecordedAtTime)) / 1000).toBe(Number(vp.timestamp));
    expect(activity!.MonitoredVehicleJourney).toEqual({
      LineRef: 'N',
      DirectionRef: expect.any(String),
      FramedVehicleJourneyRef: { DataFrameRef: DAY, DatedVehicleJourneyRef: 'N1' },
      Monitored: true,
      VehicleLocation: { Longitude: vp.position!.longitude, Latitude: vp.position!.latitude },
      Bearing: vp.position!.bearing,
      Velocity: 12,
      // An id that is no XML NMTOKEN is escaped (docs/rest-api.md "SIRI").
      VehicleRef: 'unit_x0020_7',
      MonitoredCall: { StopPointRef: vp.stopId, VehicleAtStop: true },
    });
  });

  it('answers 304 to a poller holding the current ETag or stamp, with CORS headers, like the feeds', async () => {
    for (const service of ['situation-exchange', 'estimated-timetable', 'vehicle-monitoring']) {
      for (const query of ['', '?format=json']) {
        const first = await rider.get(`/siri/${service}${query}`);
        expect(first.status).toBe(200);
        expect(first.headers.get('access-control-allow-origin')).toBe('*');
        expect(first.headers.get('access-control-expose-headers')).toBe('ETag, Last-Modified');
        expect(first.headers.get('cache-control')).toBe('no-cache');
        const etag = first.headers.get('etag')!;
        const again = await rider.get(`/siri/${service}${query}`, { headers: { 'if-none-match': etag } });
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('access-control-allow-origin')).toBe('*');
        const since = await rider.get(`/siri/${service}${query}`, {
          headers: { 'if-modified-since': first.headers.get('last-modified')! },
        });
        expect(since.status).toBe(304);
      }
      const preflight = await rider.fetch(`/siri/${service}`, { method: 'OPTIONS' });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toBe('If-None-Match, If-Modified-Since');
    }
    // A change of the feed is a new ETag at once.
    const before = (await rider.get('/siri/estimated-timetable')).headers.get('etag');
    const res = await postEntity(editor, '/feed/trip_update', {
      id: 'n1',
      tripUpdate: {
        trip: { tripId: 'N1', startDate: DATE, routeId: 'N' },
        stopTimeUpdate: [
          { stopSequence: 2, stopId: 'C1', arrival: { delay: 600 }, departure: { delay: 600 } },
        ],
      },
    });
    expect(res.status).toBe(200);
    const after = await rider.get('/siri/estimated-timetable?format=json', {
      headers: { 'if-none-match': before! },
    });
    expect(after.status).toBe(200);
    const c1 = callsOf(journeyOf(journeysOf((await after.json()) as Json), 'N1'))[1]!;
    expect(Date.parse(String(c1.ExpectedArrivalTime)) - Date.parse(String(c1.AimedArrivalTime))).toBe(
      600_000,
    );
  });

  it('takes API tokens as the feeds do: a valid one is served, a revoked or unknown one refused 401', async () => {
    const admin = t.client();
    await admin.login(ADMIN.username, ADMIN.password);
    const created = await admin.fetch('/auth/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'SIRI consumer', roles: ['view'] }),
    });
    const { id, token } = (await created.json()) as { id: number; token: string };
    const consumer = new HttpClient(t.url, { bearer: token });
    expect((await consumer.get('/siri/situation-exchange')).status).toBe(200);
    expect((await admin.delete(`/auth/tokens/${id}`)).status).toBe(200);
    for (const client of [consumer, new HttpClient(t.url, { bearer: 'fdk_not-a-token' })]) {
      const res = await client.get('/siri/estimated-timetable');
      expect(res.status).toBe(401);
      expect(((await res.json()) as { description: string }).description).toBe(
        'This API token is unknown or was revoked. Ask an administrator for a new one.',
      );
    }
  });

  it('stands an attacker’s polls: many at once get the same bytes, odd and huge queries are refused, the feeds keep answering', async () => {
    const polls = await Promise.all(
      Array.from({ length: 200 }, () =>
        rider.get('/siri/estimated-timetable').then(async (r) => [r.status, await r.text()] as const),
      ),
    );
    expect(new Set(polls.map(([status]) => status))).toEqual(new Set([200]));
    expect(new Set(polls.map(([, body]) => body)).size).toBe(1);
    expect((await rider.get('/siri/estimated-timetable?format=yaml')).status).toBe(400);
    const long = await rider.get(`/siri/situation-exchange?format=json&pad=${'x'.repeat(8_000)}`);
    expect([200, 400, 414, 431]).toContain(long.status);
    const huge = await rider
      .get(`/siri/situation-exchange?pad=${'x'.repeat(100_000)}`)
      .catch(() => undefined);
    if (huge) expect([400, 414, 431]).toContain(huge.status);
    expect((await rider.get('/siri/situation-exchange')).status).toBe(200);
    expect((await rider.get('/feed/updates')).status).toBe(200);

    // Saves faster than deliveries are made, polled all along: every poll answered, the last says the last save.
    const polled: Promise<number>[] = [];
    for (let minutes = 1; minutes <= 8; minutes++) {
      const res = await postEntity(editor, '/feed/trip_update', {
        id: 'n1',
        tripUpdate: {
          trip: { tripId: 'N1', startDate: DATE, routeId: 'N' },
          stopTimeUpdate: [
            {
              stopSequence: 2,
              stopId: 'C1',
              arrival: { delay: minutes * 60 },
              departure: { delay: minutes * 60 },
            },
          ],
        },
      });
      expect(res.status).toBe(200);
      for (let i = 0; i < 5; i++) polled.push(rider.get('/siri/estimated-timetable').then((r) => r.status));
    }
    expect(new Set(await Promise.all(polled))).toEqual(new Set([200]));
    const c1 = callsOf(journeyOf(journeysOf(await jsonOf('estimated-timetable')), 'N1'))[1]!;
    expect(Date.parse(String(c1.ExpectedArrivalTime)) - Date.parse(String(c1.AimedArrivalTime))).toBe(
      480_000,
    );
  });
});

/**
 * A delivery of hundreds of trains is made a few at a time: the event loop that answers the
 * GTFS-Realtime polls is never held long while it is made (docs/rest-api.md "SIRI").
 */
describe.skipIf(!existsSync(SIRI_XSD))('a large Estimated Timetable delivery', () => {
  let t: TestApp;
  const TRAINS = 400;
  const STOPS = 25;

  beforeAll(async () => {
    t = await startTestApp();
    const { makeFeed } = await import('@feeddesk/server/schedule/test-support/make-feed');
    const { storeScheduleVersion } = await import('@feeddesk/server/schedule/store-schedule-version');
    const { AGENCY_ZONE } = await import('../support/agency-zone.ts');
    const stops = Array.from({ length: STOPS }, (_, i) => `P${i},Stop ${i},-36.${10 + i},174.${10 + i},0,`);
    const trips = Array.from({ length: TRAINS }, (_, i) => `L,DAY,T${i},T${i}`);
    const times: string[] = [];
    for (let i = 0; i < TRAINS; i++)
      for (let s = 0; s < STOPS; s++) {
        const m = 18 * 60 + (i % 300) + s * 4;
        const hhmm = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
        times.push(`T${i},${hhmm},${hhmm},P${s},${s + 1}`);
      }
    await storeScheduleVersion(t.deps, {
      feed: makeFeed({
        'agency.txt': `agency_id,agency_name,agency_url,agency_timezone\nAG,Far Rail,https://example.org,${AGENCY_ZONE}`,
        'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nL,AG,L,Long line,2',
        'stops.txt': ['stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station', ...stops].join(
          '\n',
        ),
        'calendar.txt':
          'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nDAY,1,1,1,1,1,1,1,20250101,20301231',
        'trips.txt': ['route_id,service_id,trip_id,trip_short_name', ...trips].join('\n'),
        'stop_times.txt': ['trip_id,arrival_time,departure_time,stop_id,stop_sequence', ...times].join('\n'),
      }),
      sourceKind: 'zip',
      sourceName: 'long-line.zip',
      uploadedBy: null,
      jobId: null,
    });
    t.clock.now = wallTime(DAY, '17:00');
    const editor = await t.clientWithRoles(['view', 'edit'], 'controller');
    const push = await editor.fetch('/feed/trip_updates', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      body: Buffer.from(
        rt.FeedMessage.encode({
          header: { gtfsRealtimeVersion: '2.0', timestamp: secs(t.clock.now) },
          entity: Array.from({ length: TRAINS }, (_, i) => ({
            id: `t${i}`,
            tripUpdate: {
              trip: { tripId: `T${i}`, startDate: DATE },
              stopTimeUpdate: [{ stopSequence: 2, arrival: { delay: 60 * (i % 7) } }],
            },
          })),
        }).finish(),
      ),
    });
    const pushed = (await push.json()) as { saved: number; rejected: unknown[] };
    expect(pushed.saved, JSON.stringify(pushed.rejected.slice(0, 2))).toBe(TRAINS);
  }, 120_000);
  afterAll(() => t?.close());

  it('is valid, has every train, and leaves the feed polls answered while it is made', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    const feedPolls: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const started = performance.now();
        await (await t.client().get('/feed/updates')).arrayBuffer();
        feedPolls.push(performance.now() - started);
      }
    })();
    const res = await t.client().get('/siri/estimated-timetable');
    const xml = await res.text();
    polling = false;
    await poller;
    histogram.disable();
    expect(res.status).toBe(200);
    validate(xml);
    expect(xml.match(/<EstimatedVehicleJourney>/g)).toHaveLength(TRAINS);
    expect(xml.match(/<EstimatedCall>/g)).toHaveLength(TRAINS * STOPS);
    // The test shares the app's event loop: its longest stall is the longest a poll could wait.
    // Made on the loop, this delivery held it for seconds; in the SIRI thread, never for long.
    expect(histogram.max / 1e6).toBeLessThan(250);
    expect(feedPolls.length).toBeGreaterThan(0);
  }, 120_000);
});
