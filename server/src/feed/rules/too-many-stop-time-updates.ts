import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { stopTimeUpdates } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/** The most stop time updates one trip update may carry (the editor's tRPC schema has the same cap). */
export const MAX_STOP_TIME_UPDATES = 1000;

/**
 * More stop time updates than any train calls at: a NEW trip brings all its stops, and a client
 * sending thousands is wrong or hostile; error, so one entity cannot bloat every feed poll.
 */
export const code = 'too_many_stop_time_updates';
export const severity: Severity = 'error';
export const description = `A trip update has more than ${MAX_STOP_TIME_UPDATES} stop time updates.`;
export const sentence = (n: FeedNotice) =>
  `The trip update has ${n.value} stop time updates; a trip has at most ${MAX_STOP_TIME_UPDATES} stops.`;

export function check(entity: FeedEntity, _ctx: FeedRuleContext): FeedNotice[] {
  const count = stopTimeUpdates(entity).length;
  if (count <= MAX_STOP_TIME_UPDATES) return [];
  return [reporter(code, severity, entity.id)('trip_update.stop_time_update', { value: count })];
}
