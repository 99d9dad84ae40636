import { alertTemplates, alertTemplateTexts } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { fillTemplateText } from '../alert-templates/alert-template.ts';
import type { Deps } from '../deps.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { findCurrentLabels } from '../schedule/load-schedule-labels.ts';
import { labelOf } from '../schedule/route-labels.ts';
import { serviceDateOf, serviceDayStartSecs } from '../schedule/time/service-day.ts';
import {
  type DisruptionAction,
  type DisruptionAlertInput,
  type DisruptionSelect,
  type TemplateAction,
  templateActionOf,
} from './disruption-input.ts';
import { loadStationNames } from './load-station-names.ts';
import { loadTripStops } from './load-trip-stops.ts';
import type { DisruptionSelection } from './select-disruption-trips.ts';

export type DraftDisruptionAlertOptions = {
  selection: DisruptionSelection;
  select: DisruptionSelect;
  action: DisruptionAction;
  reason: string;
  /** The controller's own fields, kept over the drafted ones. */
  given?: DisruptionAlertInput;
  /**
   * The stops skipped, when more than action.stopId: one train edited in the trip update editor
   * may skip several at once.
   */
  stopIds?: string[];
  /** The GTFS-RT cause of the disruption's catalogue cause (docs/glossary.md "cause"): over the template's. */
  gtfsCause?: string;
  /** How much later than the trains' timetable the last bus or held train ends (replace_by_bus). */
  overrunSecs?: number;
};

/**
 * POSIX seconds from the first run's departure to the last run's arrival (and `overrunSecs`
 * more), each run counted from its own service date: after midnight a selection holds the day
 * before's trains, whose 23:30 is yesterday's (docs/contract-notes.md "Dated trips and disruptions").
 */
export function runsPeriod(
  trips: { startDate: string; startSecs: number; endSecs: number }[],
  timezone: string,
  overrunSecs = 0,
): { start: number; end: number } {
  const dayStarts = new Map<string, number>();
  const dayStart = (date: string) => {
    const known = dayStarts.get(date);
    if (known !== undefined) return known;
    const secs = serviceDayStartSecs(date, timezone);
    dayStarts.set(date, secs);
    return secs;
  };
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const t of trips) {
    start = Math.min(start, dayStart(t.startDate) + t.startSecs);
    end = Math.max(end, dayStart(t.startDate) + t.endSecs);
  }
  return { start, end: end + overrunSecs };
}

/** An alert as protobuf-JSON without its id. */
export type AlertJson = { alert: Record<string, unknown> };

const EFFECTS: Record<DisruptionAction['type'], string> = {
  cancel: 'NO_SERVICE',
  delete: 'MODIFIED_SERVICE',
  skip_stop: 'NO_SERVICE',
  delay: 'SIGNIFICANT_DELAYS',
  replace_by_bus: 'MODIFIED_SERVICE',
  short_turn: 'REDUCED_SERVICE',
  set_down_only: 'MODIFIED_SERVICE',
  pick_up_only: 'MODIFIED_SERVICE',
  change_platform: 'STOP_MOVED',
};

/** The actions whose alert is about one stop (informed by it), not about the trains' whole runs. */
const AT_A_STOP = new Set<DisruptionAction['type']>([
  'skip_stop',
  'set_down_only',
  'pick_up_only',
  'change_platform',
]);

/** Trains named one by one in a text; more are counted. */
const MAX_TRAINS_NAMED = 20;

/**
 * The alert riders should read about a disruption or about one train changed in the trip update
 * editor, at its granularity: the stop (skip_stop; of the picked trips only, when trips were
 * picked, so other trains calling there are not said to skip it), the route with its period (a
 * route chosen without picking trips), else the trips themselves. Cause, effect, texts and URLs
 * come from the alert template of the action, one translation per offered language with a header
 * text, in the order of the operator's settings (a language no longer offered stays in the template
 * and is never drafted: a template written in none of them drafts no texts).
 */
export async function draftDisruptionAlert(
  deps: Pick<Deps, 'db' | 'now'>,
  options: DraftDisruptionAlertOptions,
): Promise<AlertJson> {
  const { selection, select, action, given } = options;
  const { trips, serviceDate, timezone } = selection;
  // The buses reach the section's far end up to the margin after the train would have (or as
  // late as the plan's last bus or held train, when the caller knows it).
  const lateBy =
    options.overrunSecs ??
    (action.type === 'delay'
      ? (action.minutes ?? 0) * 60
      : action.type === 'replace_by_bus'
        ? (action.marginMinutes ?? 0) * 60
        : 0);
  const { start, end } = runsPeriod(trips, timezone, Math.max(lateBy, 0));
  const routeIds = [...new Set(trips.map((t) => t.routeId))];
  const stopIds = AT_A_STOP.has(action.type) ? (options.stopIds ?? [action.stopId ?? '']) : [];
  // A short turn changes the trains' runs beyond one stop, so it informs the route or trips; its
  // texts name the station they turn at, as their headsign does.
  const turnedAt =
    action.type === 'short_turn' && action.stopId
      ? (await loadStationNames(deps, [action.stopId])).get(action.stopId)
      : undefined;
  const picked = (select.tripIds?.length ?? 0) > 0;
  // Buses replacing trains over a section affect those trains and the section's stops, not the
  // whole route (docs/contract-notes.md "Dated trips and disruptions").
  const section = action.type === 'replace_by_bus' ? await sectionStops(deps, trips, action) : [];
  const informedEntity =
    action.type === 'replace_by_bus'
      ? [
          ...trips.map((t) => ({ trip: { tripId: t.tripId, startDate: t.startDate } })),
          ...section.map((stopId) => (routeIds.length === 1 ? { routeId: routeIds[0], stopId } : { stopId })),
        ]
      : informedEntities({ trips, routeIds, stopIds, picked, select });
  const values = {
    route: [...new Set(trips.map((t) => t.routeName))].join(', '),
    stop: turnedAt ?? (stopIds.length > 0 ? await stopNames(deps, stopIds) : (selection.stopName ?? '')),
    trains: trainList(trips.map((t) => t.trainNumber)),
    minutes: String((action.type === 'replace_by_bus' ? action.marginMinutes : action.minutes) ?? ''),
    reason: options.reason ?? '',
    ...(action.type === 'replace_by_bus' && {
      fromStop: await stopNames(deps, [action.fromStopId ?? '']),
      toStop: await stopNames(deps, [action.toStopId ?? '']),
    }),
    // A platform change names the platforms as riders read them on the station's boards.
    ...(action.type === 'change_platform' && {
      fromStop: await stopNames(deps, [action.stopId ?? '']),
      toStop: await stopNames(deps, [action.toStopId ?? '']),
    }),
  };
  const { template, texts } = await actionTemplate(deps, templateActionOf(action));
  const settings = await getOperatorSettings(deps);
  const offered = settings.languages.map((l) => l.tag);
  // Only the languages the operator offers: a template's texts in a language it no longer uses
  // are kept in the template but never drafted (docs/contract-notes.md "Languages of an alert").
  const languages = texts
    .filter((t) => t.headerText.trim() !== '' && offered.includes(t.language))
    .sort((a, b) => offered.indexOf(a.language) - offered.indexOf(b.language));
  // An alert about another day than today says which, and its hours, in each language's words.
  const otherDay = serviceDate !== serviceDateOf(deps.now(), timezone);
  const textsOf = (key: 'headerText' | 'descriptionText' | 'url') =>
    Object.fromEntries(
      languages.map((t) => {
        const when = whenIn(t.language, start, end, timezone);
        // The typed reason is in the default language (as an untagged text is read): another
        // language's text leaves it out rather than carry its words (docs/contract-notes.md
        // "Languages of an alert").
        const reason = t.language === settings.defaultLanguage ? values.reason : '';
        const filled = fillTemplateText(t[key], { ...values, reason, ...when.values });
        const says = key !== 'url' && otherDay && filled !== '' && !/\{(date|from|to|until)\}/.test(t[key]);
        return [t.language, says ? `${filled} (${when.range})` : filled];
      }),
    );
  const header = given?.headerText ?? textsOf('headerText');
  const description = given?.descriptionText ?? textsOf('descriptionText');
  // Told from the moment it is published (an advance notice), its impact the trains' own times.
  const told = [{ start: Math.min(Math.floor(deps.now().getTime() / 1000), start), end }];
  return {
    alert: {
      activePeriod: told,
      communicationPeriod: told,
      impactPeriod: [{ start, end }],
      informedEntity,
      cause: given?.cause ?? options.gtfsCause ?? template?.cause ?? 'UNKNOWN_CAUSE',
      effect: given?.effect ?? template?.effect ?? EFFECTS[action.type],
      ...(template && template.severity !== 'UNKNOWN_SEVERITY' ? { severityLevel: template.severity } : {}),
      ...translated('headerText', header, offered),
      ...translated('descriptionText', description, offered),
      ...translated('url', textsOf('url'), offered),
    },
  };
}

/** A language whose text is empty is left out, never sent empty; the offered ones in their order first. */
function translated(field: string, texts: Record<string, string>, offered: string[]) {
  const rank = (tag: string) => (offered.includes(tag) ? offered.indexOf(tag) : offered.length);
  const translation = Object.entries(texts)
    .filter(([, text]) => text.trim() !== '')
    .sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : 1))
    .map(([language, text]) => ({ text: text.trim(), language }));
  return translation.length > 0 ? { [field]: { translation } } : {};
}

/** The template that drafts alerts for this action, with its texts; none = no texts, default cause and effect. */
async function actionTemplate(deps: Pick<Deps, 'db'>, action: TemplateAction) {
  const [template] = await deps.db.select().from(alertTemplates).where(eq(alertTemplates.action, action));
  const texts = template
    ? await deps.db.select().from(alertTemplateTexts).where(eq(alertTemplateTexts.templateId, template.id))
    : [];
  return { template, texts };
}

function trainList(numbers: string[]): string {
  const named = numbers.slice(0, MAX_TRAINS_NAMED).join(', ');
  const more = numbers.length - MAX_TRAINS_NAMED;
  // Counted without words, so no language's text carries another's ("and 4 more" in Spanish).
  return more > 0 ? `${named} (+${more})` : named;
}

function informedEntities(o: {
  trips: DisruptionSelection['trips'];
  routeIds: string[];
  stopIds: string[];
  picked: boolean;
  select: DisruptionSelect;
}) {
  const { trips, routeIds, stopIds, select } = o;
  const tripOf = (t: DisruptionSelection['trips'][number]) => ({ tripId: t.tripId, startDate: t.startDate });
  if (stopIds.length > 0 && o.picked)
    return trips.flatMap((t) => stopIds.map((stopId) => ({ trip: tripOf(t), stopId })));
  if (stopIds.length > 0)
    return stopIds.map((stopId) => (routeIds.length === 1 ? { routeId: routeIds[0], stopId } : { stopId }));
  // A derived direction is not in the published gtfs.zip (docs/contract-notes.md): riders' apps
  // could not match it, so such a selection is told by its trips.
  const derived = select.directionId !== undefined && trips.some((t) => t.directionDerived);
  if (select.routeId && !o.picked && !derived)
    return [
      {
        routeId: select.routeId,
        ...(select.directionId === undefined ? {} : { directionId: select.directionId }),
      },
    ];
  return trips.map((t) => ({ trip: tripOf(t) }));
}

/** The stops' labels in the current schedule (their ids when unknown), joined for a text. */
async function stopNames(deps: Pick<Deps, 'db'>, stopIds: string[]): Promise<string> {
  const labels = await findCurrentLabels(deps);
  return stopIds.map((id) => labelOf(labels.stops, id)).join(', ');
}

/**
 * The day and hours of [start, end] in one language's words (Intl, the agency's zone): the
 * placeholders {date} {from} {to} {until}, and the range a text about another day is given. A
 * language Intl does not know gets numbers only (2026-12-12, 10:00), never another language's words.
 */
export function whenIn(
  language: string,
  start: number,
  end: number,
  timeZone: string,
): { values: Record<'date' | 'from' | 'to' | 'until', string>; range: string } {
  const known = Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0;
  const [from, to] = [new Date(start * 1000), new Date(end * 1000)];
  if (!known) {
    const day = DateTime.fromSeconds(start, { zone: timeZone }).toFormat('yyyy-MM-dd');
    const hour = (secs: number) => DateTime.fromSeconds(secs, { zone: timeZone }).toFormat('HH:mm');
    return {
      values: { date: day, from: hour(start), to: hour(end), until: hour(end) },
      range: `${day} ${hour(start)}–${hour(end)}`,
    };
  }
  const date = new Intl.DateTimeFormat(language, {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit' });
  const range = new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
  return {
    values: { date: date.format(from), from: time.format(from), to: time.format(to), until: time.format(to) },
    range: range.formatRange(from, to),
  };
}

/** The stops from the section's first to its last, as the first train calls at them (both ends included). */
async function sectionStops(
  deps: Pick<Deps, 'db'>,
  trips: DisruptionSelection['trips'],
  action: DisruptionAction,
): Promise<string[]> {
  const first = trips[0];
  if (!first || !action.fromStopId || !action.toStopId) return [];
  const calls = (await loadTripStops(deps, [first.tripId])).get(first.tripId) ?? [];
  const ids = calls.map((c) => c.stopId);
  const [a, b] = [ids.indexOf(action.fromStopId), ids.indexOf(action.toStopId)];
  if (a < 0 || b < 0) return [action.fromStopId, action.toStopId];
  return ids.slice(Math.min(a, b), Math.max(a, b) + 1);
}
