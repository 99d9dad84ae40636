import { feedEntities, formations, routes, type StoredCarriage, stops, trips } from '@feeddesk/drizzle';
import type { FeedEntityJson } from '@feeddesk/proto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { findCurrentLabels } from '../schedule/load-schedule-labels.ts';
import { labelOf } from '../schedule/route-labels.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

/** One train of the positions feed with what a controller reads of its trip. */
export type Train = {
  id: string;
  label: string;
  tripId: string | null;
  /** The service date of the train's run (trip.start_date), YYYYMMDD. */
  startDate: string | null;
  routeId: string | null;
  routeName: string | null;
  routeColor: string | null;
  /** trip_headsign, else the name of the trip's last stop. */
  headsign: string | null;
  trainNumber: string | null;
  /** The stop the train is at (STOPPED_AT) or heading for (the other statuses). */
  stopId: string | null;
  stopName: string | null;
  status: 'INCOMING_AT' | 'STOPPED_AT' | 'IN_TRANSIT_TO';
  lat: number | null;
  lon: number | null;
  bearing: number | null;
  /** POSIX seconds the position was measured. */
  timestamp: number | null;
  /** The dated train's formation (docs/glossary.md "formation"), null when none was saved. */
  formation: StoredCarriage[] | null;
  /**
   * At a call moved to another platform (the trip update's assigned_stop_id is `stopId`): the
   * scheduled platform's name, for "Platform 4, was 2"; else null.
   */
  scheduledStopName: string | null;
};

type VehicleJson = {
  trip?: { tripId?: string; routeId?: string; startDate?: string };
  vehicle?: { id?: string; label?: string };
  position?: { latitude?: number; longitude?: number; bearing?: number };
  stopId?: string;
  currentStatus?: Train['status'];
  timestamp?: string | number;
};

/** The live vehicle positions, each with its trip's route, headsign, number and stop names. */
export async function listTrains(deps: Pick<Deps, 'db'>): Promise<Train[]> {
  const rows = await deps.db
    .select({ id: feedEntities.id, json: feedEntities.json })
    .from(feedEntities)
    .where(eq(feedEntities.kind, 'vehicle'))
    .orderBy(asc(feedEntities.id));
  // The JSON column holds what saveFeedEntity made from the saved message.
  const vehicles = rows.map((r) => ({
    id: r.id,
    v: (r.json as FeedEntityJson & { vehicle?: VehicleJson }).vehicle ?? {},
  }));
  const schedule = await readTripsOf(
    deps,
    vehicles.map(({ v }) => v),
  );
  const tripIds = [...new Set(vehicles.flatMap(({ v }) => v.trip?.tripId ?? []))];
  const formed = new Map(
    (tripIds.length
      ? await deps.db
          .select({
            tripId: formations.tripId,
            date: formations.serviceDate,
            carriages: formations.carriages,
          })
          .from(formations)
          .where(isAnyOf(formations.tripId, tripIds))
      : []
    ).map((f) => [`${f.tripId} ${f.date}`, f.carriages]),
  );
  const moved = await platformsMoved(deps, tripIds);
  return vehicles.map(({ id, v }) => {
    const tripId = v.trip?.tripId ?? null;
    const trip = tripId ? schedule.trips.get(tripId) : undefined;
    const routeId = trip?.routeId ?? v.trip?.routeId ?? null;
    const stopId = v.stopId ?? null;
    return {
      id,
      label: v.vehicle?.label || v.vehicle?.id || id,
      tripId,
      startDate: v.trip?.startDate ?? null,
      routeId,
      routeName: routeId ? (schedule.labels.routes.get(routeId) ?? null) : null,
      routeColor: trip?.routeColor ?? null,
      headsign: trip?.headsign ?? null,
      trainNumber: trip?.trainNumber ?? null,
      stopId,
      stopName: stopId ? labelOf(schedule.labels.stops, stopId) : null,
      status: v.currentStatus ?? 'IN_TRANSIT_TO',
      lat: v.position?.latitude ?? null,
      lon: v.position?.longitude ?? null,
      bearing: v.position?.bearing ?? null,
      timestamp: v.timestamp === undefined ? null : Number(v.timestamp),
      formation: formed.get(`${tripId} ${v.trip?.startDate}`) ?? null,
      scheduledStopName: (() => {
        const scheduled = stopId && tripId ? moved.get(`${tripId} ${stopId}`) : undefined;
        return scheduled ? labelOf(schedule.labels.stops, scheduled) : null;
      })(),
    };
  });
}

/**
 * The platform changes of these trains' live trip updates: `tripId assignedStopId` → the
 * scheduled stop (stop_time_properties.assigned_stop_id), so a position at the assigned platform
 * says which it replaces.
 */
async function platformsMoved(deps: Pick<Deps, 'db'>, tripIds: string[]): Promise<Map<string, string>> {
  const moved = new Map<string, string>();
  if (tripIds.length === 0) return moved;
  const rows = await deps.db
    .select({ json: feedEntities.json })
    .from(feedEntities)
    .where(
      and(
        eq(feedEntities.kind, 'trip_update'),
        isAnyOf(sql<string>`${feedEntities.json}->'tripUpdate'->'trip'->>'tripId'`, tripIds),
      ),
    );
  for (const { json } of rows) {
    const update = (json as FeedEntityJson).tripUpdate;
    const tripId = update?.trip?.tripId;
    for (const call of update?.stopTimeUpdate ?? []) {
      const assigned = call.stopTimeProperties?.assignedStopId;
      if (tripId && assigned && call.stopId && assigned !== call.stopId)
        moved.set(`${tripId} ${assigned}`, call.stopId);
    }
  }
  return moved;
}

type TripInfo = {
  routeId: string;
  routeColor: string | null;
  headsign: string | null;
  trainNumber: string | null;
};

async function readTripsOf(deps: Pick<Deps, 'db'>, vehicles: VehicleJson[]) {
  const tripInfo = new Map<string, TripInfo>();
  const stopNames = new Map<string, string>();
  const current = await findCurrentSchedule(deps);
  const tripIds = [...new Set(vehicles.flatMap((v) => v.trip?.tripId ?? []))];
  const labels = await findCurrentLabels(deps);
  if (!current) return { trips: tripInfo, labels };
  const version = current.versionId;
  const tripRows = tripIds.length
    ? await deps.db
        .select({
          tripId: trips.tripId,
          routeId: trips.routeId,
          color: routes.routeColor,
          headsign: trips.tripHeadsign,
          tripShortName: trips.tripShortName,
          tripNumber: trips.tripNumber,
          lastStopId: trips.lastStopId,
        })
        .from(trips)
        .leftJoin(routes, and(eq(routes.versionId, trips.versionId), eq(routes.routeId, trips.routeId)))
        .where(and(eq(trips.versionId, version), isAnyOf(trips.tripId, tripIds)))
    : [];
  // A headsign falls back to the last stop's name as riders read it (not a label).
  const stopIds = [...new Set(tripRows.flatMap((t) => t.lastStopId ?? []))];
  if (stopIds.length) {
    const named = await deps.db
      .select({ stopId: stops.stopId, name: stops.stopName })
      .from(stops)
      .where(and(eq(stops.versionId, version), isAnyOf(stops.stopId, stopIds)));
    for (const s of named) stopNames.set(s.stopId, s.name ?? s.stopId);
  }
  for (const t of tripRows) {
    tripInfo.set(t.tripId, {
      routeId: t.routeId,
      routeColor: t.color ? t.color.replace(/^#/, '') : null,
      headsign: t.headsign ?? (t.lastStopId ? (stopNames.get(t.lastStopId) ?? t.lastStopId) : null),
      trainNumber: t.tripShortName ?? t.tripNumber,
    });
  }
  return { trips: tripInfo, labels };
}
