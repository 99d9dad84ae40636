import type { FeedEntity } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, own, stopRef, stopTimeUpdates, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * A platform change leaves the station: StopTimeProperties.assigned_stop_id must be a stop of the
 * same station as the scheduled stop (same parent_station). The GTFS-RT reference meant the field for
 * platform assignments within the station, so riders see no unusual change; error. An unknown
 * assigned stop is E011's.
 */
export const code = 'assigned_stop_other_station';
export const severity: Severity = 'error';
export const description = "An assigned_stop_id is not a platform of the scheduled stop's station.";
export const sentence = (n: FeedNotice) =>
  `Stop ${n.value} is not a platform of ${n.scheduledStopId}'s station; pick a platform of that station.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
  const schedule = ctx.schedule;
  const stationOf = schedule?.stationOf;
  if (!schedule || !stationOf) return [];
  const tripId = idOf(entity.tripUpdate?.trip, 'tripId');
  const stopTimes = (tripId === undefined ? undefined : schedule.trip(tripId))?.stopTimes ?? [];
  const report = reporter(code, severity, entity.id);
  return stopTimeUpdates(entity).flatMap((stu, i) => {
    const assigned = idOf(stu.stopTimeProperties, 'assignedStopId');
    const sequence = own(stu, 'stopSequence');
    const scheduledStopId =
      idOf(stu, 'stopId') ?? stopTimes.find((st) => st.stopSequence === sequence)?.stopId;
    if (assigned === undefined || scheduledStopId === undefined) return [];
    const [station, assignedStation] = [stationOf(scheduledStopId), stationOf(assigned)];
    if (station === undefined || assignedStation === undefined || station === assignedStation) return [];
    return [
      report(stuField(i, 'stop_time_properties.assigned_stop_id'), {
        value: assigned,
        ...stopRef(stu),
        scheduledStopId,
      }),
    ];
  });
}
