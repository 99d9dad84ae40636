import { platformChange, platformLabel } from './feed-labels.ts';
import type { FeedEntityJson } from './types.ts';

type Updated = Pick<FeedEntityJson, 'tripUpdate'>;

/** What an update does, in the words a controller uses: "Cancelled", "+5 min", "2 stops skipped". */
export function tripEffect(
  entity: Updated,
  state: string | null,
  /** Platform names by stop id (the station's platforms), to say "Platform 4, was 2"; ids otherwise. */
  platformNames?: ReadonlyMap<string, string>,
): string {
  const tu = entity.tripUpdate;
  if (tu?.trip?.scheduleRelationship === 'CANCELED') return 'Cancelled';
  const updates = tu?.stopTimeUpdate ?? [];
  const extra = tu?.trip?.scheduleRelationship === 'DUPLICATED';
  const relationship = tu?.trip?.scheduleRelationship;
  if (relationship === 'NEW' || relationship === 'REPLACEMENT') {
    const first = updates[0]?.stopId ?? '';
    const last = updates.at(-1)?.stopId ?? '';
    const what = relationship === 'NEW' ? 'New train' : 'Replacement journey';
    return `${what}, ${updates.length} stops, ${first} → ${last}`;
  }
  if (extra)
    return `Extra train ${tu?.tripProperties?.tripId ?? ''} at ${tu?.tripProperties?.startTime?.slice(0, 5) ?? ''}`;
  const delays = updates
    .filter((u) => u.scheduleRelationship !== 'SKIPPED')
    .map((u) => u.arrival?.delay ?? u.departure?.delay)
    .filter((d): d is number => d !== undefined);
  const parts: string[] = [];
  if (delays.length > 0) {
    const minutes = Math.round(Number(delays.at(-1)) / 60);
    parts.push(minutes === 0 ? 'On time' : `${minutes > 0 ? '+' : '−'}${Math.abs(minutes)} min`);
  }
  const skipped = updates.filter((u) => u.scheduleRelationship === 'SKIPPED').length;
  if (skipped > 0) parts.push(`${skipped} stop${skipped === 1 ? '' : 's'} skipped`);
  for (const u of updates) {
    const assigned = u.stopTimeProperties?.assignedStopId;
    if (!assigned) continue;
    const scheduled = u.stopId ?? `#${u.stopSequence}`;
    parts.push(
      platformNames?.has(assigned) && u.stopId && platformNames.has(u.stopId)
        ? platformChange(platformNames.get(assigned)!, platformNames.get(u.stopId)!)
        : `${platformLabel(assigned)} at ${scheduled}`,
    );
  }
  if (parts.length === 0 && state === 'not_in_schedule') return 'Not in schedule';
  return parts.join(', ') || 'No change';
}

/** The state a controller filters on: the server's trip state, or cancelled, or not in the schedule. */
export function listState(entity: Updated, state: string | null): string {
  if (entity.tripUpdate?.trip?.scheduleRelationship === 'CANCELED') return 'cancelled';
  return state ?? 'unknown';
}

export const LIST_STATES: { value: string; label: string }[] = [
  { value: 'in_progress', label: 'In progress' },
  { value: 'yet_to_start', label: 'Yet to start' },
  { value: 'finished', label: 'Finished' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'not_in_schedule', label: 'Not in schedule' },
  { value: 'extra', label: 'Extra' },
  { value: 'new', label: 'New' },
  { value: 'unknown', label: 'Unknown' },
];
