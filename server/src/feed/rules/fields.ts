import type { EntitySelector, FeedEntity, StopTimeUpdate, TripDescriptor } from '@feeddesk/proto';
import { StopScheduleRelationship, TripScheduleRelationship } from '@feeddesk/proto';

/**
 * A field only when it was set: decoded proto2 messages inherit defaults (0, '') from their
 * prototype, so `stu.stopSequence` reads 0 even when the producer left it out.
 */
export function own<T extends object, K extends keyof T>(
  obj: T | null | undefined,
  key: K,
): NonNullable<T[K]> | undefined {
  if (obj == null || !Object.hasOwn(obj, key)) return undefined;
  return obj[key] ?? undefined;
}

/** A string id when set and not empty. */
export function idOf<T extends object, K extends keyof T>(
  obj: T | null | undefined,
  key: K,
): string | undefined {
  const value = own(obj, key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export const stuField = (index: number, rest?: string) =>
  `trip_update.stop_time_update[${index}]${rest ? `.${rest}` : ''}`;

export const stopTimeUpdates = (entity: FeedEntity): StopTimeUpdate[] =>
  entity.tripUpdate?.stopTimeUpdate ?? [];

export const informedEntities = (entity: FeedEntity): EntitySelector[] => entity.alert?.informedEntity ?? [];

/** stop_sequence and stop_id of a stop time update, for notices. */
export const stopRef = (stu: StopTimeUpdate) => ({
  stopSequence: own(stu, 'stopSequence'),
  stopId: idOf(stu, 'stopId'),
});

export const stopRelationship = (stu: StopTimeUpdate) =>
  own(stu, 'scheduleRelationship') ?? StopScheduleRelationship.SCHEDULED;
export const tripRelationship = (trip: TripDescriptor | null | undefined) =>
  own(trip, 'scheduleRelationship') ?? TripScheduleRelationship.SCHEDULED;

/** CANCELED, or DELETED (newer spec: cancelled and not shown to riders). */
export const isCancelled = (trip: TripDescriptor | null | undefined) =>
  tripRelationship(trip) === TripScheduleRelationship.CANCELED ||
  tripRelationship(trip) === TripScheduleRelationship.DELETED;

/** Trips that the schedule does not know by design: ADDED (deprecated) and its successor NEW. */
export const isExtraTrip = (trip: TripDescriptor | null | undefined) =>
  tripRelationship(trip) === TripScheduleRelationship.ADDED ||
  tripRelationship(trip) === TripScheduleRelationship.NEW;

/** Every trip descriptor of an entity with the path of its field. */
export function tripDescriptors(entity: FeedEntity): { field: string; trip: TripDescriptor }[] {
  const found: { field: string; trip: TripDescriptor }[] = [];
  if (entity.tripUpdate?.trip) found.push({ field: 'trip_update.trip', trip: entity.tripUpdate.trip });
  if (entity.vehicle?.trip) found.push({ field: 'vehicle.trip', trip: entity.vehicle.trip });
  informedEntities(entity).forEach((selector, i) => {
    if (selector.trip) found.push({ field: `alert.informed_entity[${i}].trip`, trip: selector.trip });
  });
  return found;
}

/** DUPLICATED: a copy of a scheduled trip on another date or start time (GTFS-RT TripProperties). */
export const isDuplicatedTrip = (trip: TripDescriptor | null | undefined) =>
  tripRelationship(trip) === TripScheduleRelationship.DUPLICATED;

/**
 * The new trip_id, service date and start time of a DUPLICATED trip update, as far as given;
 * undefined for any other trip update.
 */
export function duplicateOf(
  entity: FeedEntity,
): { tripId?: string; startDate?: string; startTime?: string } | undefined {
  const tu = entity.tripUpdate;
  if (!tu || !isDuplicatedTrip(tu.trip)) return undefined;
  const props = tu.tripProperties;
  return {
    tripId: idOf(props, 'tripId'),
    startDate: idOf(props, 'startDate'),
    startTime: idOf(props, 'startTime'),
  };
}

/** The plain-text fields of an alert riders read or hear, by their proto names. */
const ALERT_TEXT_FIELDS = [
  ['headerText', 'header_text'],
  ['descriptionText', 'description_text'],
  ['ttsHeaderText', 'tts_header_text'],
  ['ttsDescriptionText', 'tts_description_text'],
] as const;
export type AlertTextField = (typeof ALERT_TEXT_FIELDS)[number][0];

/** One translation of an alert text, with the path of its text for notices. */
export type AlertTranslation = { field: string; language: string; text: string };

/** The translations of the given alert text fields (all of them by default), in field order. */
export function alertTranslations(
  entity: FeedEntity,
  only: readonly AlertTextField[] = ALERT_TEXT_FIELDS.map(([key]) => key),
): AlertTranslation[] {
  const alert = entity.alert;
  if (!alert) return [];
  return ALERT_TEXT_FIELDS.filter(([key]) => only.includes(key)).flatMap(([key, name]) =>
    (alert[key]?.translation ?? []).map((t, i) => ({
      field: `alert.${name}.translation[${i}].text`,
      language: t.language ?? '',
      text: t.text ?? '',
    })),
  );
}

/** NEW: a trip the schedule does not have, its whole journey given (GTFS-RT reference, NEW). */
export const isNewTrip = (trip: TripDescriptor | null | undefined) =>
  tripRelationship(trip) === TripScheduleRelationship.NEW;

/** REPLACEMENT: a scheduled trip whose whole journey (stops and times) the update replaces. */
export const isReplacementTrip = (trip: TripDescriptor | null | undefined) =>
  tripRelationship(trip) === TripScheduleRelationship.REPLACEMENT;

/**
 * NEW or REPLACEMENT: the update gives the whole journey, so the schedule's stop times of the trip
 * (its stop sequences, first departure) do not apply to it.
 */
export const isJourneyTrip = (trip: TripDescriptor | null | undefined) =>
  isNewTrip(trip) || isReplacementTrip(trip);
