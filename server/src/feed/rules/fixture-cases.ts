import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  encodeFeedMessage,
  type FeedEntity,
  feedMessageToJson,
  type StopTimeUpdate,
  type TripDescriptor,
  type TripUpdate,
} from '@feeddesk/proto';
import { serviceDayStartSecs } from '../../schedule/time/service-day.ts';
import {
  makeAlert as bareAlert,
  makeStopTimeUpdate,
  makeTripUpdate,
  makeVehiclePosition,
  NOW,
} from './test-support.ts';

/**
 * The feed rule fixtures the project keeps in tests/fixtures/feed-rules: one bad entity per rule in
 * `errors/<code>.<field path, dots as dashes>.json`, and entities without a notice in `valid/` (as
 * protobuf-JSON and as the protobuf bytes a producer posts). Checked against makeSchedule() of
 * test-support at NOW. Regenerate with `npx tsx server/src/feed/rules/fixture-cases.ts`.
 */
export const fixtureDir = fileURLToPath(new URL('../../../../tests/fixtures/feed-rules/', import.meta.url));

const [SKIPPED, NO_DATA, CANCELED, REPLACEMENT, DUPLICATED, NEW] = [1, 2, 3, 5, 6, 8];
/** The service day start of 14 November 2023 in Johannesburg (the day NOW ends). */
export const DAY_14 = serviceDayStartSecs('20231114', 'Africa/Johannesburg');
const delayed = (seq: number | null, extra: Parameters<typeof makeStopTimeUpdate>[1] = {}) =>
  makeStopTimeUpdate(seq, { arrival: { delay: 60 }, ...extra });
const trip = (
  stopTimeUpdates: StopTimeUpdate[],
  descriptor: TripDescriptor = { tripId: 'WD-2300' },
  extra: Partial<TripUpdate> = {},
) => makeTripUpdate(stopTimeUpdates, descriptor, extra);

/** An extra train: WD-2300 again, an hour later on 2023-11-15, as NEW_ID. */
const extraTrain = (
  properties: TripUpdate['tripProperties'],
  stopTimeUpdates = [makeStopTimeUpdate(1, { departure: { delay: 0 } })],
) =>
  trip(
    stopTimeUpdates,
    { tripId: 'WD-2300', scheduleRelationship: DUPLICATED },
    { tripProperties: properties },
  );
const EXTRA = { tripId: 'WD-2300-X0900', startDate: '20231115', startTime: '09:00:00' };
/** A stop of a whole journey (NEW, REPLACEMENT): its sequence, stop and times, minutes after 08:00 on the 14th. */
const call = (seq: number, stopId: string, minutes: number) => {
  const time = DAY_14 + 28_800 + minutes * 60;
  return makeStopTimeUpdate(seq, { stopId, arrival: { time }, departure: { time } });
};
const platform = (seq: number, assignedStopId: string) => ({
  ...makeStopTimeUpdate(seq, { arrival: { delay: 0 } }),
  stopTimeProperties: { assignedStopId },
});
/** An alert as the linter wants it (period, cause, effect, header), so a fixture raises only its own notice. */
const makeAlert = (alert: Parameters<typeof bareAlert>[0]) =>
  bareAlert({
    informedEntity: [{ routeId: 'STH' }],
    activePeriod: [{ start: NOW }],
    cause: 3, // TECHNICAL_PROBLEM
    effect: 3, // SIGNIFICANT_DELAYS
    headerText: { translation: [{ language: 'en-ZA', text: 'Delays' }] },
    ...alert,
  });

export const errorCases: Record<string, FeedEntity> = {
  'empty_trip_update.trip_update-trip-trip_id': trip([delayed(2)], {}),
  'no_changes.trip_update': trip([makeStopTimeUpdate(2, { scheduleRelationship: NO_DATA })]),
  'E001.trip_update-stop_time_update-arrival-time': trip([
    makeStopTimeUpdate(2, { arrival: { time: NOW * 1000 } }),
  ]),
  'E050.trip_update-timestamp': trip([delayed(2)], undefined, { timestamp: NOW + 120 }),
  'E003.trip_update-trip-trip_id': trip([delayed(2)], { tripId: 'WD-9999' }),
  'E020.trip_update-trip_properties-start_time': extraTrain({ ...EXTRA, startTime: '9:00' }),
  'E021.trip_update-trip-start_date': trip([delayed(2)], { tripId: 'WD-2300', startDate: '2023-11-15' }),
  'duplicated_trip_without_properties.trip_update-trip_properties-start_time': extraTrain({
    tripId: EXTRA.tripId,
    startDate: EXTRA.startDate,
  }),
  'duplicated_trip_in_schedule.trip_update-trip_properties-trip_id': extraTrain({
    ...EXTRA,
    tripId: 'WD-2300',
  }),
  'E016.trip_update-trip-trip_id': trip([call(1, 'CPT', 0), call(2, 'MBG', 20)], {
    tripId: 'WD-2300',
    routeId: 'STH',
    startDate: '20231114',
    scheduleRelationship: NEW,
  }),
  'journey_field_missing.trip_update-stop_time_update-departure-time': trip(
    [call(1, 'CPT', 0), { stopSequence: 2, stopId: 'MBG', arrival: { time: DAY_14 + 30_000 } }],
    { tripId: 'WD-2300-N', routeId: 'STH', startDate: '20231114', scheduleRelationship: NEW },
  ),
  'too_many_stop_time_updates.trip_update-stop_time_update': trip(
    Array.from({ length: 1001 }, (_, i) => call(i + 1, 'CPT', i)),
    { tripId: 'WD-2300-N', routeId: 'STH', startDate: '20231114', scheduleRelationship: NEW },
  ),
  'replacement_only_delay.trip_update-trip-schedule_relationship': trip(
    [call(1, 'CPT', 5), call(2, 'WDS', 15), call(3, 'MBG', 25)],
    { tripId: 'WD-2300', startDate: '20231114', scheduleRelationship: REPLACEMENT },
  ),
  'assigned_stop_other_station.trip_update-stop_time_update-stop_time_properties-assigned_stop_id': trip([
    platform(3, 'CPT3'),
  ]),
  'E004.trip_update-trip-route_id': trip([delayed(2)], { tripId: 'WD-2300', routeId: 'XYZ' }),
  'E035.trip_update-trip-route_id': trip([delayed(2)], { tripId: 'WD-2300', routeId: 'NTH' }),
  'E011.trip_update-stop_time_update-stop_id': trip([delayed(2, { stopId: 'NOPE' })]),
  'E041.trip_update-stop_time_update': trip([]),
  'E040.trip_update-stop_time_update': trip([delayed(null)]),
  'E002.trip_update-stop_time_update-stop_sequence': trip([delayed(3), delayed(2)]),
  'E036.trip_update-stop_time_update-stop_sequence': trip([delayed(2), delayed(2)]),
  'E051.trip_update-stop_time_update-stop_sequence': trip([delayed(7)]),
  'E043.trip_update-stop_time_update': trip([delayed(2), makeStopTimeUpdate(3)]),
  'E044.trip_update-stop_time_update-departure': trip([delayed(2, { departure: {} })]),
  'E042.trip_update-stop_time_update-arrival': trip([delayed(2, { scheduleRelationship: NO_DATA })]),
  'E022.trip_update-stop_time_update-arrival-time': trip([
    makeStopTimeUpdate(2, { arrival: { time: NOW + 600 } }),
    makeStopTimeUpdate(3, { arrival: { time: NOW + 300 } }),
  ]),
  // WD-2300 of 14 November leaves CPT at 08:00 (NOW is 00:13 on the 15th): MBG predicted 07:55.
  'predicted_before_first_departure.trip_update-stop_time_update-arrival-time': trip(
    [makeStopTimeUpdate(3, { arrival: { time: DAY_14 + 28_800 - 300 } })],
    { tripId: 'WD-2300', startDate: '20231114' },
  ),
  // WD-2300 of 14 November leaves CPT 15 min late (08:15): WDS keeps +15 (08:26), MBG is told 08:20.
  'carried_delay_passes_next_stop.trip_update-stop_time_update-arrival-time': trip(
    [
      makeStopTimeUpdate(1, { departure: { time: DAY_14 + 28_800 + 900 } }),
      makeStopTimeUpdate(3, { arrival: { time: DAY_14 + 30_000 } }),
    ],
    { tripId: 'WD-2300', startDate: '20231114' },
  ),
  'E025.trip_update-stop_time_update-departure-time': trip([
    makeStopTimeUpdate(2, { arrival: { time: NOW + 60 }, departure: { time: NOW } }),
  ]),
  'E032.alert-informed_entity': makeAlert({ informedEntity: [] }),
  'alert_url_not_web.alert-url-translation-text': makeAlert({
    informedEntity: [{ routeId: 'STH' }],
    url: { translation: [{ text: 'javascript:alert(1)' }] },
  }),
  'alert_without_period.alert-impact_period': makeAlert({ activePeriod: [] }),
  'alert_cause_or_effect_unknown.alert-cause': makeAlert({ cause: 1 }),
  'route_alert_for_stop_closure.alert-informed_entity-route_id': makeAlert({
    effect: 1, // NO_SERVICE
    informedEntity: [{ routeId: 'STH' }, { stopId: 'WDS' }],
  }),
  'alert_header_missing.alert-header_text': makeAlert({ headerText: { translation: [] } }),
  'alert_header_too_long.alert-header_text-translation-text': makeAlert({
    headerText: { translation: [{ language: 'en-ZA', text: 'Delays '.repeat(15) }] },
  }),
  'alert_description_too_long.alert-description_text-translation-text': makeAlert({
    descriptionText: { translation: [{ language: 'en-ZA', text: 'x'.repeat(1201) }] },
  }),
  'alert_text_markup.alert-header_text-translation-text': makeAlert({
    headerText: { translation: [{ language: 'en-ZA', text: '<b>Delays</b>' }] },
  }),
  'alert_language_not_offered.alert-header_text-translation-language': makeAlert({
    headerText: { translation: [{ language: 'en', text: 'Delays' }] },
  }),
  'impact_outside_communication.alert-impact_period': makeAlert({
    informedEntity: [{ routeId: 'STH' }],
    communicationPeriod: [{ start: NOW, end: NOW + 7_200 }],
    impactPeriod: [{ start: NOW + 3_600, end: NOW + 10_800 }],
  }),
  'E033.alert-informed_entity': makeAlert({ informedEntity: [{ directionId: 0 }] }),
  'E034.alert-informed_entity-agency_id': makeAlert({ informedEntity: [{ agencyId: 'NOPE' }] }),
  'E030.alert-informed_entity-route_id': makeAlert({
    informedEntity: [{ routeId: 'NTH', trip: { tripId: 'WD-2300' } }],
  }),
  'E031.alert-informed_entity-trip-route_id': makeAlert({
    informedEntity: [{ routeId: 'STH', trip: { tripId: 'WD-2300', routeId: 'NTH' } }],
  }),
  'E050.vehicle-timestamp': makeVehiclePosition({ timestamp: NOW + 120 }),
  'E003.vehicle-trip-trip_id': makeVehiclePosition({ trip: { tripId: 'WD-9999' } }),
  'E026.vehicle-position-latitude': makeVehiclePosition({ position: { latitude: 95, longitude: 18.43551 } }),
  'E027.vehicle-position-bearing': makeVehiclePosition({
    position: { latitude: -33.92386, longitude: 18.43551, bearing: 400 },
  }),
  'vehicle_trip_not_running.vehicle-trip-start_date': makeVehiclePosition({
    trip: { tripId: 'WD-2300', startDate: '20231118' },
  }),
  'vehicle_stop_sequence_not_in_trip.vehicle-current_stop_sequence': makeVehiclePosition({
    currentStopSequence: 7,
  }),
  'vehicle_stop_not_in_trip.vehicle-stop_id': makeVehiclePosition({ stopId: 'MBG' }),
  'vehicle_far_from_trip.vehicle-position': makeVehiclePosition({
    position: { latitude: -33.8, longitude: 18.6 },
  }),
  'carriage_sequence_missing.vehicle-multi_carriage_details-carriage_sequence': makeVehiclePosition({
    multiCarriageDetails: [{ carriageSequence: 1 }, { id: 'M2' }],
  }),
  'carriage_sequence_repeated.vehicle-multi_carriage_details-carriage_sequence': makeVehiclePosition({
    multiCarriageDetails: [{ carriageSequence: 1 }, { carriageSequence: 1 }],
  }),
  'carriage_sequence_gap.vehicle-multi_carriage_details-carriage_sequence': makeVehiclePosition({
    multiCarriageDetails: [{ carriageSequence: 1 }, { carriageSequence: 3 }],
  }),
};

export const validCases: Record<string, FeedEntity> = {
  'delayed-and-skipped': trip(
    [delayed(2, { stopId: 'WDS' }), makeStopTimeUpdate(3, { scheduleRelationship: SKIPPED })],
    undefined,
    { timestamp: NOW },
  ),
  cancelled: trip([], { tripId: 'WD-2300', scheduleRelationship: CANCELED }),
  'extra-train': extraTrain(EXTRA, [
    makeStopTimeUpdate(1, { departure: { delay: 0 } }),
    makeStopTimeUpdate(2, { arrival: { delay: 60 }, departure: { delay: 180 } }),
    makeStopTimeUpdate(3, { arrival: { delay: 120 } }),
  ]),
  'platform-change': trip([platform(1, 'CPT3')], undefined, { timestamp: NOW }),
  'alert-on-route-and-stop': makeAlert({ informedEntity: [{ routeId: 'STH' }, { stopId: 'WDS' }] }),
  'alert-with-communication-and-impact': makeAlert({
    informedEntity: [{ routeId: 'STH' }],
    cause: 13,
    communicationPeriod: [{ start: NOW, end: NOW + 86_400 }],
    impactPeriod: [
      { start: NOW + 3_600, end: NOW + 7_200 },
      { start: NOW + 36_000, end: NOW + 86_400 },
    ],
  }),
  'vehicle-on-its-trip': makeVehiclePosition({
    trip: { tripId: 'WD-2300', startDate: '20231114' },
    multiCarriageDetails: [{ carriageSequence: 2 }, { carriageSequence: 1 }],
  }),
};

const message = (entity: FeedEntity) => ({
  header: { gtfsRealtimeVersion: '2.0', timestamp: NOW },
  entity: [entity],
});
const json = (entity: FeedEntity) => `${JSON.stringify(feedMessageToJson(message(entity)), null, 2)}\n`;

/** Every fixture file, by its path under fixtureDir. */
export function fixtureFiles(): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  for (const [name, entity] of Object.entries(errorCases)) files.set(`errors/${name}.json`, json(entity));
  for (const [name, entity] of Object.entries(validCases)) {
    files.set(`valid/${name}.json`, json(entity));
    files.set(`valid/${name}.pb`, encodeFeedMessage(message(entity)));
  }
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [path, content] of fixtureFiles()) {
    mkdirSync(`${fixtureDir}${path.split('/')[0]}`, { recursive: true });
    writeFileSync(`${fixtureDir}${path}`, content);
  }
}
