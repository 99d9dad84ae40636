import { formatPosix, zonedDate, zonedTime, zonedToPosix } from '../../lib/time.ts';
import {
  type AlertEntity,
  type AlertInput,
  CAUSES,
  EFFECTS,
  type InformedEntityJson,
  LANGUAGES,
  SEVERITIES,
  type Translation,
} from './types.ts';

export type Period = { startDate: string; startTime: string; endDate: string; endTime: string };
export type Affected = { kind: 'trip' | 'route' | 'stop'; id: string };
export type Texts = Record<string, { header: string; description: string }>;

export type AlertForm = {
  periods: Period[];
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

/** True when some period is open-ended (or there is no period at all). */
export function hasNoEnd(form: AlertForm): boolean {
  const periods = form.periods.filter((p) => p.startDate || p.endDate);
  return periods.length === 0 || periods.some((p) => !p.endDate);
}
export const URL_LANGUAGE = 'en-ZA';

/** The service day ends at the last train; the demo and PRASA timetables end before 01:00. */
export const END_OF_SERVICE = '23:59';

/**
 * A period's shortcuts (issue 18): start now; end one or two hours after the start (or now), or
 * at the end of the start's service day.
 */
export function periodEnd(
  period: Period,
  kind: 'now' | '1h' | '2h' | 'service',
  timeZone: string,
  now = new Date(),
): Partial<Period> {
  if (kind === 'now') return { startDate: zonedDate(now, timeZone), startTime: zonedTime(now, timeZone) };
  const from = period.startDate
    ? new Date(zonedToPosix(period.startDate, period.startTime, timeZone) * 1000)
    : now;
  if (kind === 'service') return { endDate: zonedDate(from, timeZone), endTime: END_OF_SERVICE };
  const end = new Date(from.getTime() + (kind === '1h' ? 1 : 2) * 3_600_000);
  return { endDate: zonedDate(end, timeZone), endTime: zonedTime(end, timeZone) };
}

/** A new alert starts now (issue 18), with no end until one is chosen. */
export function emptyAlertForm(timeZone: string, now = new Date()): AlertForm {
  return {
    periods: [{ ...EMPTY_PERIOD, startDate: zonedDate(now, timeZone), startTime: zonedTime(now, timeZone) }],
    cause: CAUSES[0],
    effect: EFFECTS[0],
    severity: SEVERITIES[0],
    affected: [],
    languages: [LANGUAGES[0].tag],
    texts: { [LANGUAGES[0].tag]: { header: '', description: '' } },
    url: '',
  };
}

/** Spec §5: an http or https address of host-dot-domain form. */
export function isValidUrl(url: string): boolean {
  return /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i.test(url.trim());
}

function translations(form: AlertForm, key: 'header' | 'description'): Translation[] {
  return form.languages
    .map((language) => ({ language, text: form.texts[language]?.[key].trim() ?? '' }))
    .filter((t) => t.text !== '');
}

function informed(a: Affected): InformedEntityJson {
  if (a.kind === 'trip') return { trip: { tripId: a.id } };
  return a.kind === 'route' ? { routeId: a.id } : { stopId: a.id };
}

/** The entity sent to feed.saveAlert; a period is sent only when it has a start or an end (spec §5). */
export function buildAlert(form: AlertForm, timeZone: string, id?: string): AlertInput {
  const header = translations(form, 'header');
  const description = translations(form, 'description');
  const activePeriod = form.periods
    .filter((p) => p.startDate || p.endDate)
    .map((p) => ({
      ...(p.startDate ? { start: zonedToPosix(p.startDate, p.startTime, timeZone) } : {}),
      ...(p.endDate ? { end: zonedToPosix(p.endDate, p.endTime || '23:59', timeZone) } : {}),
    }));
  return {
    ...(id ? { id } : {}),
    alert: {
      activePeriod,
      informedEntity: form.affected.map(informed),
      cause: form.cause,
      effect: form.effect,
      ...(form.severity !== SEVERITIES[0] ? { severityLevel: form.severity } : {}),
      ...(header.length ? { headerText: { translation: header } } : {}),
      ...(description.length ? { descriptionText: { translation: description } } : {}),
      ...(form.url.trim()
        ? { url: { translation: [{ text: form.url.trim(), language: URL_LANGUAGE }] } }
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

/** The form for a saved alert (edit mode). */
export function alertFormOf(entity: AlertEntity, timeZone: string): AlertForm {
  const alert = entity.alert ?? {};
  const texts: Texts = {};
  const languages: string[] = [];
  const add = (language: string | undefined, key: 'header' | 'description', text: string) => {
    const tag = language || URL_LANGUAGE;
    if (!texts[tag]) {
      texts[tag] = { header: '', description: '' };
      languages.push(tag);
    }
    texts[tag]![key] = text;
  };
  for (const t of alert.headerText?.translation ?? []) add(t.language, 'header', t.text);
  for (const t of alert.descriptionText?.translation ?? []) add(t.language, 'description', t.text);
  if (languages.length === 0) {
    languages.push(URL_LANGUAGE);
    texts[URL_LANGUAGE] = { header: '', description: '' };
  }
  const periods = (alert.activePeriod ?? []).map((p) => {
    const [startDate, startTime] = splitPosix(p.start, timeZone);
    const [endDate, endTime] = splitPosix(p.end, timeZone);
    return { startDate, startTime, endDate, endTime };
  });
  return {
    periods: periods.length ? periods : [{ ...EMPTY_PERIOD }],
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
