import { formatPosix } from '../../lib/time.ts';

/** The alert list's filter: the default shows every alert. */
export const ALERT_FILTERS = [
  { value: 'all', label: 'All alerts' },
  { value: 'active', label: 'In effect' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'draft', label: 'Drafts' },
  { value: 'ended', label: 'Ended' },
] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number]['value'];

type ListedAlert = { state: string | null; draft?: boolean };

/** The state a row shows: a draft is a draft whatever its times; else in effect, upcoming or ended. */
export function listedState(item: ListedAlert): string {
  return item.draft ? 'draft' : (item.state ?? '');
}

export function matchesAlertFilter(item: ListedAlert, filter: AlertFilter): boolean {
  return filter === 'all' || listedState(item) === filter;
}

export type Attention =
  | { code: 'ending_soon'; endsAt: number }
  | { code: 'open_ended'; since: number; hours: number };

/** The warning of an alert in effect: it ends within 30 minutes, or has been open-ended too long. */
export function attentionText(attention: Attention, nowMs: number, timeZone: string): string {
  if (attention.code === 'ending_soon') {
    const minutes = Math.max(0, Math.round((attention.endsAt * 1000 - nowMs) / 60_000));
    return `Ends in ${minutes} min (${formatPosix(attention.endsAt, timeZone).split(' ')[1]}): extend it if the disruption goes on.`;
  }
  const hours = Math.floor((nowMs / 1000 - attention.since) / 3600);
  return `No end for ${hours} h (over ${attention.hours} h): check it still applies.`;
}
