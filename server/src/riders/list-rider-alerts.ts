import type { FeedEntityJson } from '@feeddesk/proto';
import { type AlertFilter, alertMatches } from './match-alert.ts';
import type { NetworkIndex } from './read-network-index.ts';
import { riderAlert } from './route-statuses.ts';
import { type AlertView, alertView } from './status-view.ts';

/** A live alert as a rider following some routes and stops reads it, with when it last changed. */
export type FollowedAlert = { view: AlertView; updated: string };

/**
 * The live alerts of the served alert feed (its rows) that riders following `filter` are told
 * of (match-alert.ts), in `lang`, newest change first: the Atom feed's entries. An alert whose
 * communication ended is not live (route-statuses.ts riderAlert).
 */
export function listFollowedAlerts(input: {
  rows: readonly unknown[];
  updatedAt: (id: string) => string | undefined;
  network: NetworkIndex;
  filter: AlertFilter;
  at: number;
  lang: string;
  defaultLanguage: string;
}): FollowedAlert[] {
  const found: FollowedAlert[] = [];
  for (const row of input.rows) {
    const entity = row as FeedEntityJson;
    if (!entity.alert || !entity.id) continue;
    if (!alertMatches(entity.alert, input.filter, input.network)) continue;
    const alert = riderAlert(entity.id, entity.alert, input.at);
    if (!alert) continue;
    found.push({
      view: alertView(alert, input.lang, input.defaultLanguage, {
        at: input.at,
        timezone: input.network.timezone,
      }),
      updated: input.updatedAt(entity.id) ?? new Date(input.at * 1000).toISOString(),
    });
  }
  return found.sort((a, b) => b.updated.localeCompare(a.updated) || a.view.id.localeCompare(b.view.id));
}
