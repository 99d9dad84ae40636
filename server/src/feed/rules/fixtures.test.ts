import { readdirSync, readFileSync } from 'node:fs';
import { decodeFeedMessage, feedMessageFromJson } from '@feeddesk/proto';
import { describe, expect, it } from 'vitest';
import { DAY_14, fixtureDir, fixtureFiles } from './fixture-cases.ts';
import { checkFeedEntity, checkFeedHeader, feedRules } from './index.ts';
import { context, NOW, withSentences } from './test-support.ts';

/** Every notice of a fixture file, header first, with its sentence. */
function noticesOf(path: string) {
  const bytes = readFileSync(`${fixtureDir}${path}`);
  const message = path.endsWith('.pb')
    ? decodeFeedMessage(bytes)
    : feedMessageFromJson(JSON.parse(bytes.toString('utf8')));
  const ctx = context();
  return withSentences([
    ...checkFeedHeader(message.header, ctx),
    ...message.entity.flatMap((entity) => checkFeedEntity(entity, ctx)),
  ]);
}

const stu = (i: number, rest?: string) => `trip_update.stop_time_update[${i}]${rest ? `.${rest}` : ''}`;
const tu = (code: string, field: string, message: string, extra = {}) => ({
  code,
  severity: 'error',
  entityId: 'tu-1',
  field,
  message,
  ...extra,
});
const alert = (code: string, field: string, message: string, extra = {}) => ({
  ...tu(code, field, message, extra),
  entityId: 'alert-1',
});
const alertWarning = (code: string, field: string, message: string, extra = {}) => ({
  ...alert(code, field, message, extra),
  severity: 'warning',
});
const vp = (code: string, field: string, message: string, extra = {}) => ({
  ...tu(code, field, message, extra),
  entityId: 'vp-1',
});
const carriage = (i: number) => `vehicle.multi_carriage_details[${i}].carriage_sequence`;

/** What each fixture must raise, written out by hand: nothing more, nothing less. */
const expected: Record<string, object[]> = {
  'empty_trip_update.trip_update-trip-trip_id': [
    tu('empty_trip_update', 'trip_update.trip.trip_id', "Your trip update can't be empty."),
  ],
  'no_changes.trip_update': [
    tu(
      'no_changes',
      'trip_update',
      'Nothing changed: cancel the trip, or skip a stop or give it a new time or delay.',
    ),
  ],
  'E001.trip_update-stop_time_update-arrival-time': [
    tu(
      'E001',
      stu(0, 'arrival.time'),
      `${stu(0, 'arrival.time')} ${NOW * 1000} is not a time in POSIX seconds. It looks like milliseconds: divide by 1000.`,
      { value: NOW * 1000, stopSequence: 2 },
    ),
  ],
  'E050.trip_update-timestamp': [
    tu(
      'E050',
      'trip_update.timestamp',
      'trip_update.timestamp is 120 s in the future; use the time the data was measured.',
      { value: NOW + 120, secondsAhead: 120 },
    ),
  ],
  'E003.trip_update-trip-trip_id': [
    tu(
      'E003',
      'trip_update.trip.trip_id',
      'Trip WD-9999 is not in the schedule; pick a scheduled trip or load the schedule that has it.',
      { value: 'WD-9999' },
    ),
  ],
  'E020.trip_update-trip_properties-start_time': [
    tu(
      'E020',
      'trip_update.trip_properties.start_time',
      'Start time "9:00" is not a time; write it as HH:MM:SS, e.g. 09:30:00 (past midnight: 24:30:00).',
      { value: '9:00' },
    ),
  ],
  'E021.trip_update-trip-start_date': [
    tu(
      'E021',
      'trip_update.trip.start_date',
      'Start date "2023-11-15" is not a date; write it as YYYYMMDD, e.g. 20250924.',
      { value: '2023-11-15' },
    ),
  ],
  'duplicated_trip_without_properties.trip_update-trip_properties-start_time': [
    tu(
      'duplicated_trip_without_properties',
      'trip_update.trip_properties.start_time',
      'An extra (DUPLICATED) train needs trip_properties.start_time; give its start time (HH:MM:SS).',
      { property: 'start_time' },
    ),
  ],
  'duplicated_trip_in_schedule.trip_update-trip_properties-trip_id': [
    tu(
      'duplicated_trip_in_schedule',
      'trip_update.trip_properties.trip_id',
      'Trip WD-2300 is already in the schedule; give the extra train a trip id of its own.',
      { value: 'WD-2300' },
    ),
  ],
  'E016.trip_update-trip-trip_id': [
    tu(
      'E016',
      'trip_update.trip.trip_id',
      "Trip WD-2300 is already in the schedule; give the new train a trip id of its own, or send a REPLACEMENT to change that trip's journey.",
      { value: 'WD-2300' },
    ),
  ],
  'journey_field_missing.trip_update-stop_time_update-departure-time': [
    tu(
      'journey_field_missing',
      stu(1, 'departure.time'),
      'Stop 2 of the journey has no departure time; give every stop its stop_sequence, stop_id, arrival and departure time.',
      { value: 'departure time', stopIndex: 1, stopSequence: 2, stopId: 'MBG' },
    ),
  ],
  'too_many_stop_time_updates.trip_update-stop_time_update': [
    tu(
      'too_many_stop_time_updates',
      'trip_update.stop_time_update',
      'The trip update has 1001 stop time updates; a trip has at most 1000 stops.',
      { value: 1001 },
    ),
  ],
  'replacement_only_delay.trip_update-trip-schedule_relationship': [
    tu(
      'replacement_only_delay',
      'trip_update.trip.schedule_relationship',
      'Trip WD-2300 calls at the same stops as in the schedule; that is a delay: send it as delays of the scheduled trip, not as a REPLACEMENT.',
      { value: 'WD-2300' },
    ),
  ],
  'assigned_stop_other_station.trip_update-stop_time_update-stop_time_properties-assigned_stop_id': [
    tu(
      'assigned_stop_other_station',
      stu(0, 'stop_time_properties.assigned_stop_id'),
      "Stop CPT3 is not a platform of MBG's station; pick a platform of that station.",
      { value: 'CPT3', stopSequence: 3, scheduledStopId: 'MBG' },
    ),
  ],
  'E004.trip_update-trip-route_id': [
    tu(
      'E004',
      'trip_update.trip.route_id',
      'Route XYZ is not in the schedule; use a route_id from routes.txt.',
      { value: 'XYZ' },
    ),
  ],
  'E035.trip_update-trip-route_id': [
    tu(
      'E035',
      'trip_update.trip.route_id',
      'Trip WD-2300 runs on route STH, not NTH; fix route_id or leave it out.',
      { value: 'NTH', tripId: 'WD-2300', tripRouteId: 'STH' },
    ),
  ],
  'E011.trip_update-stop_time_update-stop_id': [
    tu('E011', stu(0, 'stop_id'), 'Stop NOPE is not in the schedule; use a stop_id from stops.txt.', {
      value: 'NOPE',
      stopSequence: 2,
      stopId: 'NOPE',
    }),
  ],
  'E041.trip_update-stop_time_update': [
    tu(
      'E041',
      'trip_update.stop_time_update',
      'The trip update has no stop time updates; change at least one stop or cancel the trip.',
    ),
  ],
  'E040.trip_update-stop_time_update': [
    tu('E040', stu(0), 'This stop time update has neither stop_sequence nor stop_id; give the stop.'),
  ],
  'E002.trip_update-stop_time_update-stop_sequence': [
    tu(
      'E002',
      stu(1, 'stop_sequence'),
      'stop_sequence 2 comes after 3; list stop time updates in increasing stop_sequence order.',
      { value: 2, stopSequence: 2, previousStopSequence: 3 },
    ),
  ],
  'E036.trip_update-stop_time_update-stop_sequence': [
    tu(
      'E036',
      stu(1, 'stop_sequence'),
      'stop_sequence 2 appears more than once; keep one stop time update per stop.',
      { value: 2, stopSequence: 2 },
    ),
  ],
  'E051.trip_update-stop_time_update-stop_sequence': [
    tu(
      'E051',
      stu(0, 'stop_sequence'),
      "Trip WD-2300 has no stop_sequence 7; use the trip's stop sequences.",
      {
        value: 7,
        stopSequence: 7,
        tripId: 'WD-2300',
      },
    ),
  ],
  'E043.trip_update-stop_time_update': [
    tu(
      'E043',
      stu(1),
      'This stop has neither arrival nor departure; give a time or delay, or mark it skipped.',
      { stopSequence: 3 },
    ),
  ],
  'E044.trip_update-stop_time_update-departure': [
    tu('E044', stu(0, 'departure'), 'This departure has neither time nor delay; give one.', {
      stopSequence: 2,
      event: 'departure',
    }),
  ],
  'E042.trip_update-stop_time_update-arrival': [
    tu('E042', stu(0, 'arrival'), 'A NO_DATA stop must not have a arrival; remove it.', {
      stopSequence: 2,
      event: 'arrival',
    }),
  ],
  'E022.trip_update-stop_time_update-arrival-time': [
    tu(
      'E022',
      stu(1, 'arrival.time'),
      'This stop is predicted 300 s before the previous stop; times must increase along the trip.',
      { value: NOW + 300, stopSequence: 3, previousTime: NOW + 600 },
    ),
  ],
  'predicted_before_first_departure.trip_update-stop_time_update-arrival-time': [
    tu(
      'predicted_before_first_departure',
      stu(0, 'arrival.time'),
      'Stop MBG is predicted at 07:55, before the train leaves its first stop CPT at 08:00; correct the delay or time so the stop comes after 08:00.',
      {
        value: DAY_14 + 28_500,
        stopSequence: 3,
        stopId: 'MBG',
        predicted: '07:55',
        firstStopId: 'CPT',
        firstDeparture: '08:00',
      },
    ),
  ],
  'carried_delay_passes_next_stop.trip_update-stop_time_update-arrival-time': [
    tu(
      'carried_delay_passes_next_stop',
      stu(1, 'arrival.time'),
      'Stop WDS has no update and keeps the +15 min delay of CPT: riders there are told 08:26, after MBG at 08:20; give WDS its own time, or delays that keep times increasing along the trip.',
      {
        value: DAY_14 + 30_000,
        stopSequence: 3,
        stopId: 'WDS',
        delay: '+15 min',
        fromStopId: 'CPT',
        predicted: '08:26',
        nextStopId: 'MBG',
        nextPredicted: '08:20',
      },
    ),
  ],
  'E025.trip_update-stop_time_update-departure-time': [
    tu(
      'E025',
      stu(0, 'departure.time'),
      'Departure is 60 s before arrival at this stop; depart at or after arrival.',
      { value: NOW, stopSequence: 2, arrivalTime: NOW + 60 },
    ),
  ],
  'E032.alert-informed_entity': [
    alert(
      'E032',
      'alert.informed_entity',
      'The alert has no informed entity; add the route, trip or stop it is about.',
    ),
  ],
  'alert_url_not_web.alert-url-translation-text': [
    alert(
      'alert_url_not_web',
      'alert.url.translation[0].text',
      'The alert URL must start with http:// or https://.',
      { value: 'javascript:alert(1)' },
    ),
  ],
  'alert_without_period.alert-impact_period': [
    alertWarning(
      'alert_without_period',
      'alert.impact_period',
      'The alert has no impact period; give the time the disruption starts and, if known, ends.',
    ),
  ],
  'alert_cause_or_effect_unknown.alert-cause': [
    alertWarning(
      'alert_cause_or_effect_unknown',
      'alert.cause',
      'The cause is unknown; choose why service is disrupted (e.g. technical problem, weather).',
      { value: 1 },
    ),
  ],
  'route_alert_for_stop_closure.alert-informed_entity-route_id': [
    alertWarning(
      'route_alert_for_stop_closure',
      'alert.informed_entity[0].route_id',
      'Route STH is marked as having no service, but only WDS are closed; name those stops instead of the whole route.',
      { value: 'STH', stops: ['WDS'] },
    ),
  ],
  'alert_header_missing.alert-header_text': [
    alertWarning(
      'alert_header_missing',
      'alert.header_text',
      'The alert has no header; write a short header riders read first.',
    ),
  ],
  'alert_header_too_long.alert-header_text-translation-text': [
    alertWarning(
      'alert_header_too_long',
      'alert.header_text.translation[0].text',
      'The en-ZA header has 104 characters; keep it under 100 and move the details to the description.',
      { value: 104, language: 'en-ZA' },
    ),
  ],
  'alert_description_too_long.alert-description_text-translation-text': [
    alertWarning(
      'alert_description_too_long',
      'alert.description_text.translation[0].text',
      'The en-ZA description has 1201 characters; keep it under 1200 and link to a page for the rest.',
      { value: 1201, language: 'en-ZA' },
    ),
  ],
  'alert_text_markup.alert-header_text-translation-text': [
    alertWarning(
      'alert_text_markup',
      'alert.header_text.translation[0].text',
      'The text holds an HTML tag, which riders see as typed: alert texts are plain text, write it without markup.',
      { value: 'an HTML tag', language: 'en-ZA' },
    ),
  ],
  'alert_language_not_offered.alert-header_text-translation-language': [
    alertWarning(
      'alert_language_not_offered',
      'alert.header_text.translation[0].language',
      'Language "en" is not one of the operator\'s languages (en-ZA, af-ZA, xh-ZA, zu-ZA, nd, st, ts, tn, ve); use one of those tags.',
      { value: 'en', offered: ['en-ZA', 'af-ZA', 'xh-ZA', 'zu-ZA', 'nd', 'st', 'ts', 'tn', 've'] },
    ),
  ],
  'impact_outside_communication.alert-impact_period': [
    alert(
      'impact_outside_communication',
      'alert.impact_period[0]',
      'Impact period 1 is not inside a communication period; tell riders at least as long as service is affected.',
      { period: 1 },
    ),
  ],
  'E033.alert-informed_entity': [
    alert(
      'E033',
      'alert.informed_entity[0]',
      'This informed entity selects nothing; give a route, trip or stop.',
    ),
  ],
  'E034.alert-informed_entity-agency_id': [
    alert(
      'E034',
      'alert.informed_entity[0].agency_id',
      'Agency NOPE is not in the schedule; use an agency_id from agency.txt.',
      { value: 'NOPE' },
    ),
  ],
  'E030.alert-informed_entity-route_id': [
    alert(
      'E030',
      'alert.informed_entity[0].route_id',
      'Trip WD-2300 runs on route STH, not NTH; fix the route or the trip.',
      { value: 'NTH', tripId: 'WD-2300', tripRouteId: 'STH' },
    ),
  ],
  'E031.alert-informed_entity-trip-route_id': [
    alert(
      'E031',
      'alert.informed_entity[0].trip.route_id',
      "The selector's route STH differs from its trip's route NTH; give one route.",
      { value: 'NTH', routeId: 'STH' },
    ),
  ],
  'E050.vehicle-timestamp': [
    vp(
      'E050',
      'vehicle.timestamp',
      'vehicle.timestamp is 120 s in the future; use the time the data was measured.',
      {
        value: NOW + 120,
        secondsAhead: 120,
      },
    ),
  ],
  'E003.vehicle-trip-trip_id': [
    vp(
      'E003',
      'vehicle.trip.trip_id',
      'Trip WD-9999 is not in the schedule; pick a scheduled trip or load the schedule that has it.',
      { value: 'WD-9999' },
    ),
  ],
  'E026.vehicle-position-latitude': [
    vp(
      'E026',
      'vehicle.position.latitude',
      'vehicle.position.latitude 95 is not a WGS84 coordinate; it must lie between -90 and 90 degrees.',
      { value: 95, limit: 90 },
    ),
  ],
  'E027.vehicle-position-bearing': [
    vp(
      'E027',
      'vehicle.position.bearing',
      'Bearing 400 is not a compass bearing; give degrees from 0 (north) to 360, clockwise.',
      { value: 400 },
    ),
  ],
  'vehicle_trip_not_running.vehicle-trip-start_date': [
    vp(
      'vehicle_trip_not_running',
      'vehicle.trip.start_date',
      'Trip WD-2300 does not run on 20231118; give the trip the train runs today.',
      { value: '20231118', tripId: 'WD-2300' },
    ),
  ],
  'vehicle_stop_sequence_not_in_trip.vehicle-current_stop_sequence': [
    vp(
      'vehicle_stop_sequence_not_in_trip',
      'vehicle.current_stop_sequence',
      "Trip WD-2300 has no stop_sequence 7; give current_stop_sequence from the trip's stops.",
      { value: 7, tripId: 'WD-2300' },
    ),
  ],
  'vehicle_stop_not_in_trip.vehicle-stop_id': [
    vp(
      'vehicle_stop_not_in_trip',
      'vehicle.stop_id',
      'Trip WD-2300 calls at stop WDS at stop_sequence 2, not at MBG; give the stop of that sequence.',
      { value: 'MBG', tripId: 'WD-2300', stopSequence: 2, expectedStopId: 'WDS' },
    ),
  ],
  'vehicle_far_from_trip.vehicle-position': [
    {
      ...vp(
        'vehicle_far_from_trip',
        'vehicle.position',
        'The train is 19946 m from the line of trip WD-2300; check the position or the trip.',
        { tripId: 'WD-2300', metres: 19_946 },
      ),
      severity: 'warning',
    },
  ],
  'carriage_sequence_missing.vehicle-multi_carriage_details-carriage_sequence': [
    vp(
      'carriage_sequence_missing',
      carriage(1),
      'This carriage has no carriage_sequence; number the carriages 1, 2, 3… from the front.',
    ),
  ],
  'carriage_sequence_repeated.vehicle-multi_carriage_details-carriage_sequence': [
    vp(
      'carriage_sequence_repeated',
      carriage(1),
      'carriage_sequence 1 is given to more than one carriage; give each carriage its own place.',
      { value: 1 },
    ),
  ],
  'carriage_sequence_gap.vehicle-multi_carriage_details-carriage_sequence': [
    vp(
      'carriage_sequence_gap',
      carriage(1),
      'carriage_sequence 3 leaves a gap in a train of 2 carriages; number them 1 to 2.',
      { value: 3, carriages: 2 },
    ),
  ],
};

const errorFiles = readdirSync(`${fixtureDir}errors`).sort();
const validFiles = readdirSync(`${fixtureDir}valid`).sort();

describe('feed rule fixtures (tests/fixtures/feed-rules)', () => {
  it('are the files fixture-cases.ts generates, byte for byte', () => {
    const files = fixtureFiles();
    expect([...errorFiles.map((f) => `errors/${f}`), ...validFiles.map((f) => `valid/${f}`)].sort()).toEqual(
      [...files.keys()].sort(),
    );
    for (const [path, content] of files) {
      expect(readFileSync(`${fixtureDir}${path}`).equals(Buffer.from(content)), path).toBe(true);
    }
  });

  it('cover every rule with a fixture named after its code', () => {
    const codes = new Set(errorFiles.map((name) => name.split('.')[0]));
    expect([...codes].sort()).toEqual(feedRules.map((rule) => rule.code).sort());
    expect(errorFiles.map((name) => name.replace(/\.json$/, '')).sort()).toEqual(
      Object.keys(expected).sort(),
    );
  });

  it.each(errorFiles)('%s raises exactly its notices', (name) => {
    const notices = noticesOf(`errors/${name}`);
    expect(notices).toEqual(expected[name.replace(/\.json$/, '')]);
    const [code, path] = name.split('.');
    expect(
      notices.every((n) => n.code === code && n.field.replace(/\[\d+\]/g, '').replaceAll('.', '-') === path),
    ).toBe(true);
  });

  it.each(validFiles)('%s raises no notice', (name) => {
    expect(noticesOf(`valid/${name}`)).toEqual([]);
  });
});
