import type { FeedEntity } from '@feeddesk/proto';
import type { AppDeps } from '../deps.ts';
import { DEFAULT_TIMEZONE, serviceDateOf } from '../schedule/time/service-day.ts';
import type { ConsistencyContext, ConsistencySchedule, LiveAlert, LiveTripUpdate } from './context.ts';
import type { Finding } from './finding.ts';
import { listLiveEntities, toLiveAlert, toLiveTripUpdate } from './live-entities.ts';
import { loadConsistencySchedule } from './load-consistency-schedule.ts';
import { checkConsistency } from './rules/index.ts';

/** Findings across the live feed and the current schedule (GET /feed/consistency). */
export async function findConsistencyFindings(deps: AppDeps): Promise<Finding[]> {
  const entities = await listLiveEntities(deps);
  const schedule = await loadConsistencySchedule(deps, entities);
  return checkConsistency(consistencyContext(deps, schedule, entities));
}

/** The rules' context for a set of entities against an already loaded schedule. */
export function consistencyContext(
  deps: Pick<AppDeps, 'now' | 'config'>,
  schedule: ConsistencySchedule | null,
  entities: FeedEntity[],
): ConsistencyContext {
  const now = deps.now();
  const today = serviceDateOf(now, schedule?.timezone ?? DEFAULT_TIMEZONE);
  return {
    now,
    today,
    tripUpdates: entities.map((e) => toLiveTripUpdate(e, today)).filter((t): t is LiveTripUpdate => !!t),
    alerts: entities.map(toLiveAlert).filter((a): a is LiveAlert => !!a),
    schedule,
    headwayGapSecs: deps.config.CONSISTENCY_HEADWAY_GAP_MINUTES * 60,
  };
}
