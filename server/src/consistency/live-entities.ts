import { feedEntities } from '@feeddesk/drizzle';
import {
  decodeFeedEntity,
  type FeedEntity,
  TripScheduleRelationship,
  transit_realtime,
} from '@feeddesk/proto';
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { impactPeriods } from '../feed/alert-periods.ts';
import { servedRows } from '../feed/feed-snapshot.ts';
import type { ServiceDate } from '../schedule/time/service-day.ts';
import type { InformedEntity, LiveAlert, LiveTripUpdate, LiveVehicle } from './context.ts';

/** Whether a decoded message carries a field (protobufjs puts proto2 defaults on the prototype). */
const has = (message: object, field: string) => Object.hasOwn(message, field);
const num = (v: unknown): number | undefined => (v === null || v === undefined ? undefined : Number(v));
const SKIPPED = transit_realtime.TripUpdate.StopTimeUpdate.ScheduleRelationship.SKIPPED;
const isNone = (v: unknown) =>
  num(v) === transit_realtime.TripUpdate.StopTimeUpdate.StopTimeProperties.DropOffPickupType.NONE;
const EXTRA = new Set<number>([
  TripScheduleRelationship.ADDED,
  TripScheduleRelationship.NEW,
  TripScheduleRelationship.DUPLICATED,
]);

/** Every live trip update and alert (the rows the public feeds serve). */
export async function listLiveEntities(deps: Pick<Deps, 'db'>): Promise<FeedEntity[]> {
  const rows = await deps.db
    .select({ pb: feedEntities.pb })
    .from(feedEntities)
    .where(servedRows(['trip_update', 'alert']));
  return rows.map((r) => decodeFeedEntity(r.pb));
}

/** A trip update as the rules compare it; `defaultDate` stands in for a missing start_date. */
export function toLiveTripUpdate(entity: FeedEntity, defaultDate: ServiceDate): LiveTripUpdate | undefined {
  const tu = entity.tripUpdate;
  const tripId = tu?.trip?.tripId;
  if (!tu || !tripId) return undefined;
  const relationship = num(tu.trip.scheduleRelationship) ?? 0;
  return {
    id: entity.id ?? '',
    tripId,
    // An extra train (DUPLICATED) runs on its TripProperties date; its descriptor names the original.
    startDate:
      (relationship === TripScheduleRelationship.DUPLICATED
        ? tu.tripProperties?.startDate
        : tu.trip.startDate) || defaultDate,
    cancelled: relationship === TripScheduleRelationship.CANCELED,
    deleted: relationship === TripScheduleRelationship.DELETED,
    extra: EXTRA.has(relationship),
    skippedStopIds: (tu.stopTimeUpdate ?? [])
      .filter((stu) => num(stu.scheduleRelationship) === SKIPPED && stu.stopId)
      .map((stu) => stu.stopId!),
    restrictedStopIds: (tu.stopTimeUpdate ?? [])
      .filter(
        (stu) =>
          stu.stopId &&
          (isNone(stu.stopTimeProperties?.pickupType) || isNone(stu.stopTimeProperties?.dropOffType)),
      )
      .map((stu) => stu.stopId!),
    stopTimeUpdates: tu.stopTimeUpdate?.length ?? 0,
    assignedPlatforms: (tu.stopTimeUpdate ?? []).flatMap((stu) => {
      const assignedStopId = stu.stopTimeProperties?.assignedStopId;
      if (!assignedStopId) return [];
      return [
        {
          assignedStopId,
          ...(has(stu, 'stopSequence') ? { stopSequence: num(stu.stopSequence)! } : {}),
          ...(stu.stopId ? { stopId: stu.stopId } : {}),
        },
      ];
    }),
  };
}

/**
 * The live positions of trains whose live trip update moves a call to another platform: the only
 * ones a consistency rule compares (vehicle_platform_not_assigned), so the check does not decode a
 * whole fleet's positions.
 */
export async function listPlatformVehicles(deps: Pick<Deps, 'db'>): Promise<FeedEntity[]> {
  const rows = (await deps.db.execute(sql`
    select v.pb from feed_entities v
    where v.kind = 'vehicle' and not v.draft and v.trip_id in (
      select e.trip_id from feed_entities e,
        jsonb_array_elements(coalesce(e.json->'tripUpdate'->'stopTimeUpdate', '[]'::jsonb)) as stu
      where e.kind = 'trip_update' and not e.draft
        and stu->'stopTimeProperties'->>'assignedStopId' is not null)`)) as unknown as { pb: Buffer }[];
  return rows.map((r) => decodeFeedEntity(r.pb));
}

/** A vehicle position as the rules compare it; `defaultDate` stands in for a missing start_date. */
export function toLiveVehicle(entity: FeedEntity, defaultDate: ServiceDate): LiveVehicle | undefined {
  const vp = entity.vehicle;
  const tripId = vp?.trip?.tripId;
  if (!vp || !tripId) return undefined;
  return {
    id: entity.id ?? '',
    tripId,
    startDate: vp.trip?.startDate || defaultDate,
    ...(vp.stopId ? { stopId: vp.stopId } : {}),
    ...(has(vp, 'currentStopSequence') ? { currentStopSequence: num(vp.currentStopSequence)! } : {}),
  };
}

export function toLiveAlert(entity: FeedEntity): LiveAlert | undefined {
  const alert = entity.alert;
  if (!alert) return undefined;
  return {
    id: entity.id ?? '',
    effect: transit_realtime.Alert.Effect[num(alert.effect) ?? 8] ?? 'UNKNOWN_EFFECT',
    // The time service is affected (what the rules compare with trips), not when riders are told.
    periods: impactPeriods(alert),
    informed: (alert.informedEntity ?? []).map((sel) => {
      const out: InformedEntity = {};
      if (sel.agencyId) out.agencyId = sel.agencyId;
      if (sel.routeId) out.routeId = sel.routeId;
      if (has(sel, 'directionId') && num(sel.directionId) !== undefined)
        out.directionId = num(sel.directionId)!;
      if (sel.stopId) out.stopId = sel.stopId;
      if (sel.trip?.tripId) out.tripId = sel.trip.tripId;
      if (sel.trip?.routeId && !out.routeId) out.routeId = sel.trip.routeId;
      if (sel.trip?.startDate) out.startDate = sel.trip.startDate;
      return out;
    }),
    texts: TEXT_FIELDS.flatMap((field) =>
      (alert[field]?.translation ?? []).map((t) => ({
        field: FIELD_NAMES[field],
        language: t.language ?? '',
        text: t.text ?? '',
      })),
    ),
  };
}

const TEXT_FIELDS = ['headerText', 'descriptionText', 'url', 'ttsHeaderText', 'ttsDescriptionText'] as const;
const FIELD_NAMES: Record<(typeof TEXT_FIELDS)[number], string> = {
  headerText: 'header',
  descriptionText: 'description',
  url: 'URL',
  ttsHeaderText: 'spoken header',
  ttsDescriptionText: 'spoken description',
};
