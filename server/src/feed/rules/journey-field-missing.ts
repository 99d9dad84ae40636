import type { FeedEntity } from '@feeddesk/proto';
import { StopScheduleRelationship } from '@feeddesk/proto';
import type { FeedRuleContext } from './context.ts';
import { idOf, isJourneyTrip, isNewTrip, own, stopRef, stopRelationship, stuField } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * A NEW or REPLACEMENT trip lacks what a consumer needs to place it without the schedule: a NEW
 * trip its route_id and start_date, and every stop it calls at its stop_sequence, stop_id, arrival
 * and departure time (GTFS-RT reference, NEW; docs/contract-notes.md "New and replacement trips").
 * Error: a journey planner would drop the trip or show it at the wrong stops.
 */
export const code = 'journey_field_missing';
export const severity: Severity = 'error';
export const description = 'A NEW or REPLACEMENT trip lacks its route, date, or a stop, sequence or time.';
export const sentence = (n: FeedNotice) =>
  n.stopIndex === undefined
    ? `A new train needs its ${n.value}; give the route and the service date.`
    : `Stop ${Number(n.stopIndex) + 1} of the journey has no ${n.value}; give every stop its stop_sequence, stop_id, arrival and departure time.`;

const STOP_FIELDS = [
  ['stopSequence', 'stop_sequence'],
  ['stopId', 'stop_id'],
] as const;

export function check(entity: FeedEntity, _ctx: FeedRuleContext): FeedNotice[] {
  const tu = entity.tripUpdate;
  if (!tu || !isJourneyTrip(tu.trip)) return [];
  const report = reporter(code, severity, entity.id);
  const notices: FeedNotice[] = [];
  if (isNewTrip(tu.trip)) {
    for (const [key, name] of [
      ['routeId', 'route_id'],
      ['startDate', 'start_date'],
    ] as const) {
      if (idOf(tu.trip, key) === undefined) notices.push(report(`trip_update.trip.${name}`, { value: name }));
    }
  }
  (tu.stopTimeUpdate ?? []).forEach((stu, i) => {
    // A stop of the journey the train no longer calls at (a short turn) needs no times.
    if (stopRelationship(stu) === StopScheduleRelationship.SKIPPED) return;
    const missing: [string, string][] = [];
    for (const [key, name] of STOP_FIELDS) if (own(stu, key) === undefined) missing.push([name, name]);
    for (const event of ['arrival', 'departure'] as const)
      if (own(stu[event], 'time') === undefined) missing.push([`${event}.time`, `${event} time`]);
    for (const [field, what] of missing)
      notices.push(report(stuField(i, field), { value: what, stopIndex: i, ...stopRef(stu) }));
  });
  return notices;
}
