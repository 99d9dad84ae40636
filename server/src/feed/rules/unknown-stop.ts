import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, informedEntities, stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Stop not in the schedule: a stop_id that the GTFS stops.txt does not have (MobilityData E011, error).
 * Checks stop time updates (and their assigned_stop_id), the vehicle's stop and alert selectors.
 */
export const code = 'E011';
export const severity: Severity = 'error';
export const description = "A stop_id is not in the schedule's stops.txt.";
export const sentence = (n: FeedNotice) =>
  `Stop ${n.value} is not in the schedule; use a stop_id from stops.txt.`;

type Ref = { field: string; stopId: string | undefined; ref?: object };

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const schedule = ctx.schedule;
  if (!schedule) return [];
  const refs: Ref[] = stopTimeUpdates(entity).flatMap((stu, i) => [
    { field: stuField(i, 'stop_id'), stopId: idOf(stu, 'stopId'), ref: stopRef(stu) },
    {
      field: stuField(i, 'stop_time_properties.assigned_stop_id'),
      stopId: idOf(stu.stopTimeProperties, 'assignedStopId'),
      ref: stopRef(stu),
    },
  ]);
  refs.push({ field: 'vehicle.stop_id', stopId: idOf(entity.vehicle, 'stopId') });
  informedEntities(entity).forEach((selector, i) => {
    refs.push({ field: `alert.informed_entity[${i}].stop_id`, stopId: idOf(selector, 'stopId') });
  });
  const report = reporter(code, severity, entity.id);
  return refs.flatMap(({ field, stopId, ref }) => {
    if (stopId === undefined || schedule.hasStop(stopId)) return [];
    return [report(field, { value: stopId, ...ref })];
  });
}
