import type { AlertView } from '../riders/status-view.ts';

/** What happened to an alert a subscription follows. */
export type AlertChange = 'published' | 'changed' | 'ended';

/**
 * The words of riders' mails around the operator's texts (the alerts are in the operator's own
 * words): English, and Afrikaans for the demo operator; another language gets English
 * (docs/rest-api.md "E-mail subscriptions").
 */
const WORDS = {
  en: {
    confirmSubject: 'Confirm your service alerts by e-mail',
    confirmBody:
      'Someone, we hope you, asked for service alerts of {agency} by e-mail at this address ({about}).\n\nTo start them, follow this link within 24 hours:\n{link}\n\nIf it was not you, ignore this e-mail: nothing more will be sent.',
    everything: 'the whole network',
    routes: 'routes {list}',
    stops: 'stops {list}',
    published: 'New alert',
    changed: 'Alert changed',
    ended: 'Alert ended',
    endedBody: 'This alert no longer applies.',
    more: 'More information: {url}',
    unsubscribe: 'To stop these e-mails, follow this link:\n{link}',
    confirmed: 'Your e-mail alerts are on. Every e-mail has a link to stop them.',
    unsubscribed: 'You will get no more e-mail alerts at this address for this subscription.',
    linkInvalid: 'This link is unknown, used or expired. Subscribe again on the status page.',
    sent: 'We sent a link to {email}. Follow it within 24 hours to start your e-mail alerts.',
    back: 'Back to the service status',
    pageTitle: 'Service alerts by e-mail',
  },
  af: {
    confirmSubject: 'Bevestig u dienskennisgewings per e-pos',
    confirmBody:
      'Iemand, hopelik u, het dienskennisgewings van {agency} per e-pos na hierdie adres gevra ({about}).\n\nVolg hierdie skakel binne 24 uur om dit te begin:\n{link}\n\nAs dit nie u was nie, ignoreer hierdie e-pos: niks meer sal gestuur word nie.',
    everything: 'die hele netwerk',
    routes: 'roetes {list}',
    stops: 'haltes {list}',
    published: 'Nuwe kennisgewing',
    changed: 'Kennisgewing verander',
    ended: 'Kennisgewing beëindig',
    endedBody: 'Hierdie kennisgewing geld nie meer nie.',
    more: 'Meer inligting: {url}',
    unsubscribe: 'Volg hierdie skakel om hierdie e-posse te stop:\n{link}',
    confirmed: 'U e-poskennisgewings is aan. Elke e-pos het ’n skakel om dit te stop.',
    unsubscribed: 'U sal geen e-poskennisgewings meer vir hierdie intekening by hierdie adres kry nie.',
    linkInvalid: 'Hierdie skakel is onbekend, gebruik of verval. Teken weer in op die statusbladsy.',
    sent: 'Ons het ’n skakel na {email} gestuur. Volg dit binne 24 uur om u e-poskennisgewings te begin.',
    back: 'Terug na die diensstatus',
    pageTitle: 'Dienskennisgewings per e-pos',
  },
} as const;

type Word = keyof (typeof WORDS)['en'];

/** The mail words of a language (its base tag), English when it has none. */
export function mailWords(lang: string) {
  const base = lang.toLowerCase().split('-')[0] ?? 'en';
  const table: Record<Word, string> = base in WORDS ? WORDS[base as keyof typeof WORDS] : WORDS.en;
  return {
    lang: base in WORDS ? base : 'en',
    say(word: Word, values: Record<string, string> = {}): string {
      // Placeholders replaced by a split/join each: linear, whatever the values hold.
      let text: string = table[word];
      for (const [name, value] of Object.entries(values)) text = text.split(`{${name}}`).join(value);
      return text;
    },
  };
}

/** The confirmation mail of a new subscription. */
export function confirmationMail(input: {
  lang: string;
  agency: string;
  routes: string[];
  stops: string[];
  link: string;
}): { subject: string; body: string } {
  const words = mailWords(input.lang);
  const about = [
    input.routes.length ? words.say('routes', { list: input.routes.join(', ') }) : '',
    input.stops.length ? words.say('stops', { list: input.stops.join(', ') }) : '',
  ].filter(Boolean);
  return {
    subject: words.say('confirmSubject'),
    body: words.say('confirmBody', {
      agency: input.agency,
      about: about.length ? about.join('; ') : words.say('everything'),
      link: input.link,
    }),
  };
}

/** The mail telling one alert's change, in the alert's text of the rider's language. */
export function alertMail(input: {
  lang: string;
  agency: string;
  change: AlertChange;
  view: AlertView;
  unsubscribe: string;
}): { subject: string; body: string } {
  const words = mailWords(input.lang);
  const { view } = input;
  const title = view.header ?? view.description?.split('\n')[0] ?? view.id;
  const parts: string[] = [];
  if (input.change === 'ended') parts.push(words.say('endedBody'));
  if (view.header) parts.push(view.header);
  if (input.change !== 'ended' && view.when) parts.push(view.when);
  if (view.description) parts.push(view.description);
  if (view.url && /^https?:\/\//i.test(view.url)) parts.push(words.say('more', { url: view.url }));
  parts.push('--', input.agency, words.say('unsubscribe', { link: input.unsubscribe }));
  return {
    subject: `${words.say(input.change)}: ${oneLine(title, 150)}`,
    body: parts.join('\n\n'),
  };
}

/** A subject's text: one line (no header injection), at most `max` characters. */
function oneLine(text: string, max: number): string {
  let line = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    line += code < 0x20 || code === 0x7f ? ' ' : c;
    if (line.length >= max) return `${line.slice(0, max - 1)}…`;
  }
  return line;
}
