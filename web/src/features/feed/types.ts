import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import type { inferRouterInputs } from '@trpc/server';

type Inputs = inferRouterInputs<AppRouter>;
/** What feed.saveTripUpdate and feed.saveAlert accept (derived from the procedures' zod inputs). */
export type TripUpdateInput = Inputs['feed']['saveTripUpdate']['entity'];
export type AlertInput = Inputs['feed']['saveAlert']['entity'];

/**
 * The parts of protobuf-JSON feed entities (camelCase, enums as names, uint64 possibly strings) that
 * the screens read. feed.list/get return entities as the server's FeedEntity JSON.
 */
export type Translation = { text: string; language?: string };
export type TranslatedString = { translation: Translation[] };

export type StopTimeEventJson = { delay?: number; time?: number | string };
export type StopTimeUpdateJson = {
  stopSequence?: number;
  stopId?: string;
  arrival?: StopTimeEventJson;
  departure?: StopTimeEventJson;
  scheduleRelationship?: string;
};

export type TripUpdateEntity = {
  id?: string;
  tripUpdate: {
    trip: { tripId?: string; routeId?: string; startDate?: string; scheduleRelationship?: string };
    stopTimeUpdate?: StopTimeUpdateJson[];
  };
};

export type InformedEntityJson = { routeId?: string; stopId?: string; trip?: { tripId?: string } };

export type AlertEntity = {
  id?: string;
  alert: {
    activePeriod?: { start?: number | string; end?: number | string }[];
    informedEntity?: InformedEntityJson[];
    cause?: string;
    effect?: string;
    severityLevel?: string;
    headerText?: TranslatedString;
    descriptionText?: TranslatedString;
    url?: TranslatedString;
  };
};

/** Spec §3 language list (name and tag); English first and default. */
export const LANGUAGES = [
  { tag: 'en-ZA', name: 'English' },
  { tag: 'af-ZA', name: 'Afrikaans' },
  { tag: 'xh-ZA', name: 'isiXhosa' },
  { tag: 'zu-ZA', name: 'isiZulu' },
  { tag: 'nd', name: 'isiNdebele' },
  { tag: 'st', name: 'Sotho' },
  { tag: 'ts', name: 'Tsonga' },
  { tag: 'tn', name: 'Tswana' },
  { tag: 've', name: 'Venda' },
] as const;

/** Spec §9, in this order; the first is the default. */
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

/** The text in a language, else English, else the first one. */
export function textIn(value: TranslatedString | undefined, language = 'en-ZA'): string {
  const list = value?.translation ?? [];
  return (
    list.find((t) => t.language === language)?.text ??
    list.find((t) => t.language === 'en-ZA')?.text ??
    list[0]?.text ??
    ''
  );
}
