/**
 * The words of riders' pages around the operator's texts (the alerts are in the operator's own
 * words): English, and Afrikaans for the demo operator; a page in another language says these in
 * English, marked lang="en" (docs/contract-notes.md "Riders' pages").
 */
const WORDS = {
  en: {
    title: 'Service status',
    updated: 'Updated {time}',
    routes: 'Routes',
    network: 'Across the network',
    good_service: 'Good service',
    delays: 'Delays',
    part_suspended: 'Part suspended',
    planned_works_ahead: 'Planned works ahead',
    delayUpTo: 'Trains up to {n} min late.',
    cancelled: 'Trains cancelled: {n}.',
    skipping: 'Trains not calling at every stop: {n}.',
    now: 'Now',
    from: 'From {from}',
    fromUntil: 'From {from} until {until}',
    until: 'Until {until}',
    more: 'More information',
    languages: 'Languages',
    noRoutes: 'No timetable is published yet.',
    data: 'This page as JSON',
    atom: 'Alerts as an Atom feed',
    subscribe: 'Alerts by e-mail',
    subscribeHelp: 'We send you a link to confirm; every e-mail has a link to stop them.',
    email: 'E-mail address',
    mailLanguage: 'Language of the e-mails',
    routesToFollow: 'Routes (none ticked: all)',
    send: 'Subscribe',
  },
  af: {
    title: 'Diensstatus',
    updated: 'Bygewerk {time}',
    routes: 'Roetes',
    network: 'Oor die hele netwerk',
    good_service: 'Goeie diens',
    delays: 'Vertragings',
    part_suspended: 'Deels opgeskort',
    planned_works_ahead: 'Beplande werk kom',
    delayUpTo: 'Treine tot {n} min laat.',
    cancelled: 'Treine gekanselleer: {n}.',
    skipping: 'Treine wat nie by elke stasie stop nie: {n}.',
    now: 'Nou',
    from: 'Vanaf {from}',
    fromUntil: 'Vanaf {from} tot {until}',
    until: 'Tot {until}',
    more: 'Meer inligting',
    languages: 'Tale',
    noRoutes: 'Nog geen rooster is gepubliseer nie.',
    data: 'Hierdie bladsy as JSON',
    atom: 'Kennisgewings as ’n Atom-voer',
    subscribe: 'Kennisgewings per e-pos',
    subscribeHelp: 'Ons stuur ’n skakel om te bevestig; elke e-pos het ’n skakel om dit te stop.',
    email: 'E-posadres',
    mailLanguage: 'Taal van die e-posse',
    routesToFollow: 'Roetes (niks gemerk nie: almal)',
    send: 'Teken in',
  },
} as const;

export type WordKey = keyof (typeof WORDS)['en'];

/** The words for a page in `lang`: its own when known (by base language), else English. */
export function wordsFor(lang: string): {
  lang: 'en' | 'af';
  /** The locale dates are written in: the page's when it has its own words, else English. */
  locale: string;
  say: (key: WordKey, values?: Record<string, string | number>) => string;
} {
  const base = lang.toLowerCase().split('-')[0];
  const known = base === 'af' ? 'af' : 'en';
  const words = WORDS[known];
  return {
    lang: known,
    locale: known === base ? lang : known,
    say: (key, values = {}) =>
      words[key].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole)),
  };
}

const formats = new Map<
  string,
  { date: Intl.DateTimeFormat; day: Intl.DateTimeFormat; relative: Intl.RelativeTimeFormat }
>();

function formatsFor(lang: string, timezone: string) {
  const key = `${lang} ${timezone}`;
  let found = formats.get(key);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat(lang, {
        timeZone: timezone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
      day: new Intl.DateTimeFormat('en-CA', { timeZone: timezone }),
      relative: new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }),
    };
    // Languages × zones in use: a handful; bounded anyway.
    if (formats.size > 200) formats.clear();
    formats.set(key, found);
  }
  return found;
}

/**
 * A moment as riders of the agency read it: its date and time in the agency's zone, in their
 * language, with "today" or "tomorrow" when it is on one of those days of the agency's calendar
 * (not the server's nor UTC's: across midnight in a far zone they differ).
 */
export function agencyMoment(seconds: number, nowSeconds: number, lang: string, timezone: string): string {
  const f = formatsFor(lang, timezone);
  const at = seconds * 1000;
  const days = Math.round(
    (Date.parse(f.day.format(at)) - Date.parse(f.day.format(nowSeconds * 1000))) / 86_400_000,
  );
  const dated = f.date.format(at);
  return days === 0 || days === 1 ? `${f.relative.format(days, 'day')}, ${dated}` : dated;
}
