import type { FeedEntity } from '@feeddesk/proto';
import type { AppDeps } from '../deps.ts';
import { loadConsistency } from './find-consistency-findings.ts';
import type { Finding } from './finding.ts';
import { checkConsistency } from './rules/index.ts';

export type FindAddedFindingsOptions = { entity: FeedEntity };

/** The id a proposed entity without one is shown under in its findings. */
export const PROPOSED_ID = 'proposed';

/**
 * The findings a proposed change would add: the live feed with this entity saved (replacing the
 * entity of the same id, or the same trip and service date, as a save does) minus today's findings.
 * The editors show these before saving; the save itself refuses the error-level invariants
 * (keep-feed-invariants.ts).
 */
export async function findAddedFindings(
  deps: AppDeps,
  options: FindAddedFindingsOptions,
): Promise<Finding[]> {
  const { live, context } = await loadConsistency(deps, [options.entity]);
  const before = checkConsistency(context(live));
  const today = context([]).today;
  const proposed = { ...options.entity, id: options.entity.id || sameTripId(live, options.entity, today) };
  const after = checkConsistency(context([...live.filter((e) => e.id !== proposed.id), proposed]));
  return addedFindings(before, after);
}

/** The findings of `after` not already raised in `before`. */
export function addedFindings(before: Finding[], after: Finding[]): Finding[] {
  const known = new Set(before.map(keyOf));
  return after.filter((f) => !known.has(keyOf(f)));
}

function sameTripId(live: FeedEntity[], entity: FeedEntity, today: string): string {
  const trip = entity.tripUpdate?.trip;
  if (!trip?.tripId) return PROPOSED_ID;
  const date = trip.startDate || today;
  const same = live.find(
    (e) => e.tripUpdate?.trip?.tripId === trip.tripId && (e.tripUpdate?.trip?.startDate || today) === date,
  );
  return same?.id ?? PROPOSED_ID;
}

/** A finding already raised for the same entities is not new, even when its numbers change. */
const keyOf = (f: Finding) => `${f.code}|${f.entityIds.join(',')}`;
