import { formations } from '@feeddesk/drizzle';
import { type FeedEntity, transit_realtime } from '@feeddesk/proto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../deps.ts';
import { type Carriage, carriageDetails, occupancyValue, trainOccupancy } from '../formations/formation.ts';
import type { ScheduleView } from '../schedule/read-schedule-view.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

/** A platform a live trip update assigns (StopTimeProperties.assigned_stop_id) at one call. */
export type AssignedPlatform = { stopSequence?: number; stopId?: string; assignedStopId: string };

/**
 * What the desk knows of dated trains besides what a producer sends: their formations and the
 * platforms their live trip updates assign. Keys are `tripId date`.
 */
export type TrainFacts = {
  formations: Map<string, Carriage[]>;
  platforms: Map<string, AssignedPlatform[]>;
};

const SKIPPED = transit_realtime.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
const keyOf = (tripId: string, date: string) => `${tripId} ${date}`;

/** The trains' facts, for every date: two queries however many trains a push names. */
export async function loadTrainFacts(db: DbOrTx, tripIds: string[]): Promise<TrainFacts> {
  const ids = [...new Set(tripIds)];
  const facts: TrainFacts = { formations: new Map(), platforms: new Map() };
  if (ids.length === 0) return facts;
  const [rows, assigned] = await Promise.all([
    db
      .select({ tripId: formations.tripId, date: formations.serviceDate, carriages: formations.carriages })
      .from(formations)
      .where(isAnyOf(formations.tripId, ids)),
    db.execute(sql`
      select e.trip_id, e.json->'tripUpdate'->'trip'->>'startDate' as start_date,
        (stu->>'stopSequence')::int as stop_sequence, stu->>'stopId' as stop_id,
        stu->'stopTimeProperties'->>'assignedStopId' as assigned
      from feed_entities e,
        jsonb_array_elements(coalesce(e.json->'tripUpdate'->'stopTimeUpdate', '[]'::jsonb)) as stu
      where e.kind = 'trip_update' and not e.draft
        and e.trip_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
        and stu->'stopTimeProperties'->>'assignedStopId' is not null`) as unknown as Promise<
      {
        trip_id: string;
        start_date: string | null;
        stop_sequence: number | null;
        stop_id: string | null;
        assigned: string;
      }[]
    >,
  ]);
  for (const r of rows) facts.formations.set(keyOf(r.tripId, r.date), r.carriages);
  for (const r of assigned) {
    const key = keyOf(r.trip_id, r.start_date ?? '');
    const list = facts.platforms.get(key) ?? [];
    list.push({
      assignedStopId: r.assigned,
      ...(r.stop_sequence !== null ? { stopSequence: r.stop_sequence } : {}),
      ...(r.stop_id ? { stopId: r.stop_id } : {}),
    });
    facts.platforms.set(key, list);
  }
  return facts;
}

/** Every stop the facts assign: the schedule view must know their stations (vehicle_stop_not_in_trip). */
export const assignedStopIds = (facts: TrainFacts) =>
  [...facts.platforms.values()].flatMap((list) => list.map((p) => p.assignedStopId));

/**
 * Writes the facts into an entity about to be saved, its trip's start_date already filled:
 * - a vehicle position gets its train's formation as multi_carriage_details, and, at (or heading
 *   for) a call whose platform its trip update moved, names the assigned platform instead of the
 *   scheduled one (docs/contract-notes.md "Platforms in positions"); one naming a third platform is left as
 *   sent, for vehicle_platform_not_assigned to flag;
 * - a trip update gets the formation's occupancy (trainOccupancy) as departure_occupancy_status of
 *   each call it does not skip.
 * A formation deleted takes its carriages and occupancy out again (`formationGone`).
 */
export function carryTrainFacts(
  entity: FeedEntity,
  facts: TrainFacts,
  view: ScheduleView | null,
  options: { formationGone?: boolean } = {},
): void {
  const vehicle = entity.vehicle;
  const tu = entity.tripUpdate;
  const trip = (vehicle ?? tu)?.trip;
  if (!trip?.tripId || !trip.startDate) return;
  const key = keyOf(trip.tripId, trip.startDate);
  const carriages = facts.formations.get(key);
  if (vehicle) {
    if (carriages) vehicle.multiCarriageDetails = carriageDetails(carriages);
    else if (options.formationGone) vehicle.multiCarriageDetails = [];
    const platform = platformAt(vehicle, facts.platforms.get(key) ?? [], view);
    if (platform) vehicle.stopId = platform;
  }
  if (tu) {
    const occupancy = carriages ? trainOccupancy(carriages) : undefined;
    if (!occupancy && !options.formationGone) return;
    for (const stu of tu.stopTimeUpdate ?? []) {
      if (stu.scheduleRelationship === SKIPPED) continue;
      if (occupancy) stu.departureOccupancyStatus = occupancyValue(occupancy);
      else delete stu.departureOccupancyStatus;
    }
  }
}

/** The platform to name instead of the vehicle's stop, when it is at a call moved to another platform. */
function platformAt(
  vehicle: NonNullable<FeedEntity['vehicle']>,
  platforms: AssignedPlatform[],
  view: ScheduleView | null,
): string | undefined {
  if (platforms.length === 0) return undefined;
  const sequence = vehicle.currentStopSequence ?? undefined;
  const stopId = vehicle.stopId || undefined;
  const scheduledAt = (p: AssignedPlatform) =>
    p.stopId ??
    view?.trip(vehicle.trip?.tripId ?? '')?.stopTimes.find((st) => st.stopSequence === p.stopSequence)
      ?.stopId;
  const call = platforms.find((p) =>
    sequence !== undefined && sequence !== null && p.stopSequence !== undefined
      ? p.stopSequence === sequence
      : stopId !== undefined && scheduledAt(p) === stopId,
  );
  if (!call) return undefined;
  // Sent without a stop, or naming the scheduled platform: the rider is told the assigned one.
  if (stopId === undefined || stopId === scheduledAt(call)) return call.assignedStopId;
  return undefined;
}
