import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, informedEntities } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/** Agency not in the schedule: an alert selector's agency_id is not in agency.txt (MobilityData E034, error). */
export const code = 'E034';
export const severity: Severity = 'error';
export const description = "An agency_id is not in the schedule's agency.txt.";
export const sentence = (n: FeedNotice) =>
  `Agency ${n.value} is not in the schedule; use an agency_id from agency.txt.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  const report = reporter(code, severity, entity.id);
  return informedEntities(entity).flatMap((selector, i) => {
    const agencyId = idOf(selector, 'agencyId');
    if (agencyId === undefined || schedule.hasAgency(agencyId)) return [];
    return [report(`alert.informed_entity[${i}].agency_id`, { value: agencyId })];
  });
}
