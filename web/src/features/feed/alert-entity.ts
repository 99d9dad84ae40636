import type { LanguageSettings } from '../../lib/operator-languages.ts';
import { formatPosix, zonedDate, zonedTime, zonedToPosix } from '../../lib/time.ts';
import {
  type AlertEntity,
  type AlertInput,
  type AlertJson,
  CAUSES,
  EFFECTS,
  type InformedEntityJson,
  SEVERITIES,
  type Translation,
} from './types.ts';

export type Period = { startDate: string; startTime: string; endDate: string; endTime: string };
export type Affected = { kind: 'trip' | 'route' | 'stop'; id: string };
/** The translated texts of one language; the last four are optional GTFS-Realtime fields. */
export type LanguageTexts = {
  header: string;
  description: string;
  ttsHeader: string;
  ttsDescription: string;
  causeDetail: string;
  effectDetail: string;
};
export type Texts = Record<string, LanguageTexts>;
export const EMPTY_TEXTS: LanguageTexts = {
  header: '',
  description: '',
  ttsHeader: '',
  ttsDescription: '',
  causeDetail: '',
  effectDetail: '',
};
/** Each text field and the GTFS-Realtime field it is sent as. */
const TEXT_FIELDS = {
  header: 'headerText',
  description: 'descriptionText',
  ttsHeader: 'ttsHeaderText',
  ttsDescription: 'ttsDescriptionText',
  causeDetail: 'causeDetail',
  effectDetail: 'effectDetail',
} as const satisfies Record<keyof LanguageTexts, string>;

export type AlertForm = {
  /** When service is affected (impact_period). */
  periods: Period[];
  /** When riders are told (communication_period); none = while the alert is in the feed. */
  communication: Period[];
  cause: string;
  effect: string;
  severity: string;
  affected: Affected[];
  languages: string[];
  texts: Texts;
  url: string;
};

export const EMPTY_PERIOD: Period = { startDate: '', startTime: '', endDate: '', endTime: '' };
export const URL_INVALID = 'Alert URL is invalid';
export const NOTHING_AFFECTED = 'Choose at least one route, stop or trip the alert is about.';
export const NO_END_CONFIRM =
  'This alert has no end: it stays in the feed until someone deletes it. Publish it with no end?';

/** True when some impact period is open-ended (or there is no period at all). */
export function hasNoEnd(form: AlertForm): boolean {
  const periods = form.periods.filter((p) => p.startDate || p.endDate);
  return periods.length === 0 || periods.some((p) => !p.endDate);
}

/** A period's shortcuts: start now; end one or two hours after the start (or now). */
export function periodEnd(
  period: Period,
  kind: 'now' | '1h' | '2h',
  timeZone: string,
  now = new Date(),
): Partial<Period> {
  if (kind === 'now') return { startDate: zonedDate(now, timeZone), startTime: zonedTime(now, timeZone) };
  return hoursAfterStart(period, kind === '1h' ? 1 : 2, timeZone, now);
}

/** The end `hours` after the period's start (or now, without a start). */
function hoursAfterStart(period: Period, hours: number, timeZone: string, now: Date): Partial<Period> {
  const from = period.startDate
    ? new Date(zonedToPosix(period.startDate, period.startTime, timeZone) * 1000)
    : now;
  const end = new Date(from.getTime() + hours * 3_600_000);
  return { endDate: zonedDate(end, timeZone), endTime: zonedTime(end, timeZone) };
}

/** POSIX seconds of a period's start, or undefined without a start date. */
export function periodStart(period: Period | undefined, timeZone: string): number | undefined {
  return period?.startDate ? zonedToPosix(period.startDate, period.startTime, timeZone) : undefined;
}

/**
 * The estimated duration of the editor: the end it gives the last impact period, and
 * the last communication period too, so riders are told until service is back. `null` = until
 * further notice (no end). "N hours" counts from the impact's start.
 */
export type EstimatedEnd =
  | { kind: 'none' }
  | { kind: 'at'; posix: number }
  | { kind: 'hours'; hours: number };

export function withEstimatedEnd(
  form: AlertForm,
  estimate: EstimatedEnd,
  timeZone: string,
  now = new Date(),
): AlertForm {
  const last = form.periods.length - 1;
  const impact = form.periods[last] ?? { ...EMPTY_PERIOD };
  const end: Partial<Period> =
    estimate.kind === 'none'
      ? { endDate: '', endTime: '' }
      : estimate.kind === 'hours'
        ? hoursAfterStart(impact, estimate.hours, timeZone, now)
        : splitPeriodEnd(estimate.posix, timeZone);
  const setLast = (periods: Period[]) =>
    periods.map((p, i) => (i === periods.length - 1 ? { ...p, ...end } : p));
  return {
    ...form,
    periods: form.periods.length ? setLast(form.periods) : [{ ...impact, ...end }],
    communication: setLast(form.communication),
  };
}

function splitPeriodEnd(posix: number, timeZone: string): Partial<Period> {
  const [endDate, endTime] = splitPosix(posix, timeZone);
  return { endDate, endTime };
}

/**
 * A new alert starts now, with no end until one is chosen, in the operator's default
 * language.
 */
export function emptyAlertForm(
  timeZone: string,
  settings: Pick<LanguageSettings, 'defaultLanguage'> & Partial<Pick<LanguageSettings, 'requiredLanguages'>>,
  now = new Date(),
): AlertForm {
  // The languages every alert must carry are there from the start (docs/contract-notes.md "Operator settings").
  const languages = [...new Set([settings.defaultLanguage, ...(settings.requiredLanguages ?? [])])];
  return {
    periods: [{ ...EMPTY_PERIOD, startDate: zonedDate(now, timeZone), startTime: zonedTime(now, timeZone) }],
    communication: [],
    cause: CAUSES[0],
    effect: EFFECTS[0],
    severity: SEVERITIES[0],
    affected: [],
    languages,
    texts: Object.fromEntries(languages.map((tag) => [tag, { ...EMPTY_TEXTS }])),
    url: '',
  };
}

/** docs/spec.md §5: an http or https address of host-dot-domain form. */
export function isValidUrl(url: string): boolean {
  return /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i.test(url.trim());
}

function translations(form: AlertForm, key: keyof LanguageTexts): Translation[] {
  return form.languages
    .map((language) => ({ language, text: form.texts[language]?.[key].trim() ?? '' }))
    .filter((t) => t.text !== '');
}

function informed(a: Affected): InformedEntityJson {
  if (a.kind === 'trip') return { trip: { tripId: a.id } };
  return a.kind === 'route' ? { routeId: a.id } : { stopId: a.id };
}

function timeRanges(periods: Period[], timeZone: string) {
  return periods
    .filter((p) => p.startDate || p.endDate)
    .map((p) => ({
      ...(p.startDate ? { start: zonedToPosix(p.startDate, p.startTime, timeZone) } : {}),
      ...(p.endDate ? { end: zonedToPosix(p.endDate, p.endTime || '23:59', timeZone) } : {}),
    }));
}

/**
 * The entity sent to feed.saveAlert; a period is sent only when it has a start or an end (docs/spec.md §5).
 * Periods go as impact_period and communication_period; active_period is left to the server, which
 * serves the impact periods in it for older consumers.
 */
export function buildAlert(
  form: AlertForm,
  timeZone: string,
  settings: Pick<LanguageSettings, 'urlLanguage'>,
  id?: string,
): AlertInput {
  const texts = Object.fromEntries(
    Object.entries(TEXT_FIELDS).flatMap(([key, field]) => {
      const list = translations(form, key as keyof LanguageTexts);
      return list.length ? [[field, { translation: list }]] : [];
    }),
  );
  return {
    ...(id ? { id } : {}),
    alert: {
      activePeriod: [],
      communicationPeriod: timeRanges(form.communication, timeZone),
      impactPeriod: timeRanges(form.periods, timeZone),
      informedEntity: form.affected.map(informed),
      cause: form.cause,
      effect: form.effect,
      ...(form.severity !== SEVERITIES[0] ? { severityLevel: form.severity } : {}),
      ...texts,
      ...(form.url.trim()
        ? { url: { translation: [{ text: form.url.trim(), language: settings.urlLanguage }] } }
        : {}),
    },
  };
}

function splitPosix(value: number | string | undefined, timeZone: string): [string, string] {
  const text = formatPosix(value, timeZone);
  if (!text) return ['', ''];
  const [date, time] = text.split(' ');
  return [date ?? '', time ?? ''];
}

/** The form for a saved alert (edit mode); an untagged text is in the operator's default language. */
export function alertFormOf(
  entity: AlertEntity,
  timeZone: string,
  settings: Pick<LanguageSettings, 'defaultLanguage'> & Partial<Pick<LanguageSettings, 'requiredLanguages'>>,
): AlertForm {
  const alert = entity.alert ?? {};
  const texts: Texts = {};
  const languages: string[] = [];
  const add = (language: string | undefined, key: keyof LanguageTexts, text: string) => {
    const tag = language || settings.defaultLanguage;
    if (!texts[tag]) {
      texts[tag] = { ...EMPTY_TEXTS };
      languages.push(tag);
    }
    texts[tag]![key] = text;
  };
  for (const [key, field] of Object.entries(TEXT_FIELDS))
    for (const t of alert[field]?.translation ?? []) add(t.language, key as keyof LanguageTexts, t.text);
  if (languages.length === 0) {
    languages.push(settings.defaultLanguage);
    texts[settings.defaultLanguage] = { ...EMPTY_TEXTS };
  }
  // A required language the alert lacks is shown empty: publishing asks for its header.
  for (const tag of settings.requiredLanguages ?? [])
    if (!texts[tag]) {
      texts[tag] = { ...EMPTY_TEXTS };
      languages.push(tag);
    }
  const formPeriods = (ranges: AlertJson['activePeriod']) =>
    (ranges ?? []).map((p) => {
      const [startDate, startTime] = splitPosix(p.start, timeZone);
      const [endDate, endTime] = splitPosix(p.end, timeZone);
      return { startDate, startTime, endDate, endTime };
    });
  // An alert written before impact_period has its impact in active_period.
  const impact = alert.impactPeriod?.length ? alert.impactPeriod : alert.activePeriod;
  const periods = formPeriods(impact);
  return {
    periods: periods.length ? periods : [{ ...EMPTY_PERIOD }],
    communication: formPeriods(alert.communicationPeriod),
    cause: alert.cause ?? CAUSES[0],
    effect: alert.effect ?? EFFECTS[0],
    severity: alert.severityLevel ?? SEVERITIES[0],
    affected: (alert.informedEntity ?? []).flatMap((e): Affected[] => {
      if (e.trip?.tripId) return [{ kind: 'trip', id: e.trip.tripId }];
      if (e.routeId) return [{ kind: 'route', id: e.routeId }];
      return e.stopId ? [{ kind: 'stop', id: e.stopId }] : [];
    }),
    languages,
    texts,
    url: alert.url?.translation?.[0]?.text ?? '',
  };
}
