import { create } from 'xmlbuilder2';
import type { FollowedAlert } from './list-rider-alerts.ts';
import { wordsFor } from './rider-words.ts';

/** An alert's Atom id: the same for as long as the alert lives, whatever changes in it (RFC 4287 §4.2.6). */
export const alertAtomId = (alertId: string) => `urn:feeddesk:alert:${encodeURIComponent(alertId)}`;

/**
 * GET /alerts.atom: one entry per live alert followed (RFC 4287), built by xmlbuilder2 so every
 * text is escaped and the document well-formed whatever the operator wrote. The feed's id names
 * what is followed, so a reader's subscription to one filter is one feed.
 */
export function renderAlertsAtom(input: {
  alerts: FollowedAlert[];
  lang: string;
  /** The address of this answer, absolute. */
  self: string;
  /** The status page in the same language, absolute. */
  statusPage: string;
  feedId: string;
  agencyName: string | null;
  /** When nothing is followed, the feed says it was current then (ISO 8601). */
  now: string;
}): string {
  const words = wordsFor(input.lang);
  const title = input.agencyName ? `${input.agencyName}: ${words.say('title')}` : words.say('title');
  // ISO 8601 instants of one form sort as their times: the newest change of any entry.
  const updated =
    input.alerts
      .map((a) => a.updated)
      .sort()
      .at(-1) ?? input.now;
  const feed = create({ version: '1.0', encoding: 'UTF-8' }).ele('http://www.w3.org/2005/Atom', 'feed', {
    'xml:lang': input.lang,
  });
  feed.ele('id').txt(input.feedId);
  feed.ele('title').txt(title);
  feed.ele('updated').txt(updated);
  feed.ele('link', { rel: 'self', type: 'application/atom+xml', href: input.self });
  feed.ele('link', { rel: 'alternate', type: 'text/html', href: input.statusPage });
  feed
    .ele('author')
    .ele('name')
    .txt(input.agencyName ?? words.say('title'));
  for (const { view, updated: changed } of input.alerts) {
    const entry = feed.ele('entry', { 'xml:lang': view.language });
    entry.ele('id').txt(alertAtomId(view.id));
    entry.ele('title').txt(view.header ?? view.description ?? view.id);
    entry.ele('updated').txt(changed);
    entry.ele('category', { term: view.effect });
    const summary = [view.when, view.description].filter(Boolean).join('\n');
    if (summary) entry.ele('summary', { type: 'text' }).txt(summary);
    if (view.url && /^https?:\/\//i.test(view.url)) entry.ele('link', { rel: 'alternate', href: view.url });
  }
  return feed.end({ prettyPrint: false });
}
