import type { FeedEntity } from '@feeddesk/proto';

export type EntityRefs = { tripIds: string[]; routeIds: string[]; stopIds: string[]; agencyIds: string[] };

/** Every schedule id an entity mentions, so the schedule view is loaded for just those. */
export function entityRefs(entity: FeedEntity): EntityRefs {
  const trips = new Set<string>();
  const routes = new Set<string>();
  const stops = new Set<string>();
  const agencies = new Set<string>();
  const add = (set: Set<string>, value: string | null | undefined) => {
    if (value) set.add(value);
  };
  const tu = entity.tripUpdate;
  if (tu) {
    add(trips, tu.trip?.tripId);
    // A DUPLICATED trip's new id, so the rules can tell whether the schedule has it already.
    add(trips, tu.tripProperties?.tripId);
    add(routes, tu.trip?.routeId);
    for (const stu of tu.stopTimeUpdate ?? []) {
      add(stops, stu.stopId);
      add(stops, stu.stopTimeProperties?.assignedStopId);
    }
  }
  for (const sel of entity.alert?.informedEntity ?? []) {
    add(trips, sel.trip?.tripId);
    add(routes, sel.trip?.routeId);
    add(routes, sel.routeId);
    add(stops, sel.stopId);
    add(agencies, sel.agencyId);
  }
  const vp = entity.vehicle;
  if (vp) {
    add(trips, vp.trip?.tripId);
    add(routes, vp.trip?.routeId);
    add(stops, vp.stopId);
  }
  return { tripIds: [...trips], routeIds: [...routes], stopIds: [...stops], agencyIds: [...agencies] };
}
