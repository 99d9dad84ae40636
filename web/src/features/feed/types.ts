import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
/** What feed.saveTripUpdate and feed.saveAlert accept (derived from the procedures' zod inputs). */
export type TripUpdateInput = Inputs['feed']['saveTripUpdate']['entity'];
export type AlertInput = Inputs['feed']['saveAlert']['entity'];

/**
 * A live entity as feed.list/get return it: protobuf-JSON (camelCase, enums as names, int64 as
 * numbers), typed by the server from the GTFS-RT schema.
 */
export type FeedEntityJson = Outputs['feed']['get']['entity'];
/** What an editor started from: the saved revision, who saved it and when. */
export type EditBase = Pick<Outputs['feed']['get'], 'revision' | 'updatedBy' | 'updatedAt'> &
  Partial<Pick<Outputs['feed']['get'], 'draft'>>;
export type HistoryEntry = Outputs['feed']['history'][number];
export type TripUpdateJson = NonNullable<FeedEntityJson['tripUpdate']>;
export type AlertJson = NonNullable<FeedEntityJson['alert']>;
export type StopTimeUpdateJson = NonNullable<TripUpdateJson['stopTimeUpdate']>[number];
export type StopTimeEventJson = NonNullable<StopTimeUpdateJson['arrival']>;
export type InformedEntityJson = NonNullable<AlertJson['informedEntity']>[number];
export type TranslatedString = NonNullable<AlertJson['headerText']>;
export type Translation = NonNullable<TranslatedString['translation']>[number];

/** An entity the editors open: from the list (with its id) or new (without one yet). */
type EditedEntity = Omit<FeedEntityJson, 'id'> & { id?: string };
export type TripUpdateEntity = EditedEntity & { tripUpdate: TripUpdateJson };
export type AlertEntity = EditedEntity & { alert: AlertJson };

export function isTripUpdate(entity: EditedEntity): entity is TripUpdateEntity {
  return Boolean(entity.tripUpdate);
}

export function isAlert(entity: EditedEntity): entity is AlertEntity {
  return Boolean(entity.alert);
}

/** docs/spec.md §9, in this order (then SPECIAL_EVENT, GTFS-Realtime's newest cause); the first is the default. */
export const CAUSES = [
  'UNKNOWN_CAUSE',
  'OTHER_CAUSE',
  'TECHNICAL_PROBLEM',
  'STRIKE',
  'DEMONSTRATION',
  'ACCIDENT',
  'HOLIDAY',
  'WEATHER',
  'MAINTENANCE',
  'CONSTRUCTION',
  'POLICE_ACTIVITY',
  'MEDICAL_EMERGENCY',
  'SPECIAL_EVENT',
] as const;

/** GTFS-RT SeverityLevel; UNKNOWN_SEVERITY (the default) is not sent. */
export const SEVERITIES = ['UNKNOWN_SEVERITY', 'INFO', 'WARNING', 'SEVERE'] as const;

export const EFFECTS = [
  'NO_SERVICE',
  'REDUCED_SERVICE',
  'SIGNIFICANT_DELAYS',
  'DETOUR',
  'ADDITIONAL_SERVICE',
  'MODIFIED_SERVICE',
  'OTHER_EFFECT',
  'UNKNOWN_EFFECT',
  'STOP_MOVED',
  'NO_EFFECT',
  'ACCESSIBILITY_ISSUE',
] as const;

export function humanEnum(value: string | undefined): string {
  if (!value) return '';
  return value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');
}

/** The text in a language (the operator's default; untagged counts as it), else the first one. */
export function textIn(value: TranslatedString | undefined, language: string): string {
  const list = value?.translation ?? [];
  return (
    list.find((t) => t.language === language)?.text ??
    list.find((t) => !t.language)?.text ??
    list[0]?.text ??
    ''
  );
}
