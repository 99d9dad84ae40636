import type { FeedEntity } from '@feeddesk/proto';
import { StopScheduleRelationship } from '@feeddesk/proto';
import { idOf, isCancelled, own, stopRelationship, stopTimeUpdates } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Trip update changes nothing: not cancelled and no stop skipped, given a time or delay, or moved to
 * another platform (docs/spec.md §4 "Saving a trip with no cancel flag and no stop changes fails";
 * a platform change alone is NO_DATA with an assigned_stop_id, GTFS-RT reference
 * "StopTimeProperties"). An empty list is E041's notice.
 */
export const code = 'no_changes';
export const severity: Severity = 'error';
export const description = 'The trip update is not cancelled and changes no stop.';
export const sentence = () =>
  'Nothing changed: cancel the trip, or skip a stop or give it a new time or delay.';

export function check(entity: FeedEntity): FeedNotice[] {
  const stus = stopTimeUpdates(entity);
  if (!entity.tripUpdate || isCancelled(entity.tripUpdate.trip) || stus.length === 0) return [];
  const changed = stus.some(
    (stu) =>
      stopRelationship(stu) === StopScheduleRelationship.SKIPPED ||
      idOf(stu.stopTimeProperties, 'assignedStopId') !== undefined ||
      [stu.arrival, stu.departure].some(
        (event) => own(event, 'time') !== undefined || own(event, 'delay') !== undefined,
      ),
  );
  if (changed) return [];
  return [reporter(code, severity, entity.id)('trip_update')];
}
