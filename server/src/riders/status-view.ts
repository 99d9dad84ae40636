import type { OfferedLanguage } from '../operator-settings/operator-settings.ts';
import { agencyMoment, wordsFor } from './rider-words.ts';
import { type NetworkStatus, type RiderAlert, type RouteStatusCode, textIn } from './route-statuses.ts';

/** One alert as GET /status.json gives it, in the language asked (docs/rest-api.md). */
export type AlertView = {
  id: string;
  effect: string;
  cause: string;
  inEffect: boolean;
  /** The language of header and description (the one asked, or the fallback the alert has). */
  language: string;
  header: string | null;
  description: string | null;
  url: string | null;
  /** When it applies, in words ("From tomorrow, Sun 13 Dec, 01:00 until …"), or null: now and until further notice. */
  when: string | null;
  impactPeriods: { start?: number; end?: number }[];
  communicationPeriods: { start?: number; end?: number }[];
};

export type RouteView = {
  routeId: string;
  name: string;
  status: RouteStatusCode;
  statusText: string;
  /** What made it so, in a sentence or two (delays, cancellations), or null. */
  detail: string | null;
  maxDelayMinutes: number;
  cancelledTrips: number;
  skippingTrips: number;
  alerts: AlertView[];
};

/** GET /status.json: the statuses in one language; the HTML page shows exactly this. */
export type StatusView = {
  language: string;
  /** The language of the page's own words (statuses, headings). */
  wordsLanguage: string;
  languages: OfferedLanguage[];
  timezone: string;
  updatedAt: string;
  updatedText: string;
  networkAlerts: AlertView[];
  routes: RouteView[];
};

const views = new WeakMap<NetworkStatus, Map<string, StatusView>>();

/** The statuses as riders reading `lang` get them: made once per status and language. */
export function statusView(
  status: NetworkStatus,
  lang: string,
  offered: { languages: OfferedLanguage[]; defaultLanguage: string },
): StatusView {
  let byLang = views.get(status);
  if (!byLang) {
    byLang = new Map();
    views.set(status, byLang);
  }
  const key = `${lang}\n${offered.defaultLanguage}\n${offered.languages.map((l) => `${l.tag}=${l.name}`).join('\n')}`;
  const cached = byLang.get(key);
  if (cached) return cached;
  const words = wordsFor(lang);
  const alert = (a: RiderAlert) => alertView(a, lang, offered.defaultLanguage, status);
  const view: StatusView = {
    language: lang,
    wordsLanguage: words.lang,
    languages: offered.languages,
    timezone: status.timezone,
    updatedAt: new Date(status.at * 1000).toISOString(),
    updatedText: words.say('updated', {
      time: agencyMoment(status.at, status.at, words.locale, status.timezone),
    }),
    networkAlerts: status.networkAlerts.map(alert),
    routes: status.routes.map((r) => {
      const detail = [
        r.maxDelayMinutes >= 1 && r.status !== 'good_service'
          ? words.say('delayUpTo', { n: r.maxDelayMinutes })
          : '',
        r.cancelledTrips ? words.say('cancelled', { n: r.cancelledTrips }) : '',
        r.skippingTrips ? words.say('skipping', { n: r.skippingTrips }) : '',
      ].filter(Boolean);
      return {
        routeId: r.route.routeId,
        name: r.route.label,
        status: r.status,
        statusText: words.say(r.status),
        detail: detail.length ? detail.join(' ') : null,
        maxDelayMinutes: r.maxDelayMinutes,
        cancelledTrips: r.cancelledTrips,
        skippingTrips: r.skippingTrips,
        alerts: r.alerts.map(alert),
      };
    }),
  };
  // A handful of languages per status; bounded anyway.
  if (byLang.size > 50) byLang.clear();
  byLang.set(key, view);
  return view;
}

/** One alert in `lang` (the Atom feed and the e-mails show the same words). */
export function alertView(
  a: RiderAlert,
  lang: string,
  defaultLanguage: string,
  at: { at: number; timezone: string },
): AlertView {
  const words = wordsFor(lang);
  const header = textIn(a.header, lang, defaultLanguage);
  const description = textIn(a.description, lang, defaultLanguage);
  const url = textIn(a.url, lang, defaultLanguage);
  const moment = (s: number) => agencyMoment(s, at.at, words.locale, at.timezone);
  let when: string | null = null;
  const shown = a.inEffect
    ? a.impactPeriods.find((p) => (p.start ?? 0) <= at.at && (p.end === undefined || at.at < p.end))
    : undefined;
  if (a.aheadFrom !== null) {
    when =
      a.aheadUntil !== null
        ? words.say('fromUntil', { from: moment(a.aheadFrom), until: moment(a.aheadUntil) })
        : words.say('from', { from: moment(a.aheadFrom) });
  } else if (shown?.end !== undefined) {
    when = words.say('until', { until: moment(shown.end) });
  }
  return {
    id: a.id,
    effect: a.effect,
    cause: a.cause,
    inEffect: a.inEffect,
    language: header?.lang ?? description?.lang ?? lang,
    header: header?.text ?? null,
    description: description?.text ?? null,
    url: url?.text ?? null,
    when,
    impactPeriods: a.impactPeriods,
    communicationPeriods: a.communicationPeriods,
  };
}
