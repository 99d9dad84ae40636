import { feedEntities } from '@feeddesk/drizzle';
import type { FeedEntityJson } from '@feeddesk/proto';
import { and, asc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readScheduleView } from '../schedule/read-schedule-view.ts';
import { parseGtfsTime } from '../schedule/time/gtfs-time.ts';
import { isServiceDate, serviceDayStartSecs } from '../schedule/time/service-day.ts';
import { type AlertAttention, alertAttention } from './alert-attention.ts';
import { type AlertState, alertState, type TripUpdateState, tripUpdateState } from './entity-state.ts';
import type { FeedKind } from './feed-kind.ts';

export type FeedListItem = {
  id: string;
  /** protobuf-JSON, as stored when saved. */
  entity: FeedEntityJson;
  updatedAt: string;
  updatedBy: string | null;
  /** The revision an editor names when it saves (feed.saveTripUpdate baseRevision). */
  revision: number;
  state: TripUpdateState | AlertState | null;
  tripId?: string;
  routeId?: string;
  /** The scheduled trip's train number (trip_short_name, else from its id), when the schedule has one. */
  trainNumber?: string;
  /** An alert saved in the app but not yet published (never in the public feed). */
  draft: boolean;
  createdAt: string;
  /** A published alert in effect that ends within 30 minutes, or is open-ended and old. */
  attention?: AlertAttention;
  /**
   * GTFS seconds of the trip's first scheduled departure (may pass 24:00), an extra train's own start;
   * absent when not in the schedule.
   */
  departureSecs?: number;
};

/** The live entities of a feed with their derived state (trip state or alert state). */
export async function listFeedEntities(
  deps: Deps,
  options: {
    kind: FeedKind;
    id?: string;
    /** ALERT_OPEN_ENDED_WARN_HOURS: an open-ended alert older than this gets attention. */
    openEndedWarnHours?: number;
  },
): Promise<FeedListItem[]> {
  const openEndedWarnHours = options.openEndedWarnHours ?? 24;
  const rows = await deps.db
    .select()
    .from(feedEntities)
    .where(
      options.id
        ? and(eq(feedEntities.kind, options.kind), eq(feedEntities.id, options.id))
        : eq(feedEntities.kind, options.kind),
    )
    .orderBy(asc(feedEntities.updatedAt));
  const tripIds = [...new Set(rows.map((r) => r.tripId).filter((t): t is string => !!t))];
  const view =
    options.kind === 'trip_update' && tripIds.length > 0
      ? await readScheduleView(deps, { tripIds, routeIds: [], stopIds: [], agencyIds: [] })
      : null;
  const nowSecs = Math.floor(deps.now().getTime() / 1000);
  return rows.map((row) => {
    // The JSON column holds what saveFeedEntity made from the saved message.
    const entity = row.json as FeedEntityJson;
    const tripId = row.tripId ?? undefined;
    const scheduled = tripId ? view?.trip(tripId) : undefined;
    const first = scheduled?.stopTimes[0];
    const extraStart = entity.tripUpdate?.tripProperties?.startTime;
    const relationship = entity.tripUpdate?.trip?.scheduleRelationship;
    const departureSecs =
      relationship === 'DUPLICATED' && extraStart
        ? (parseGtfsTime(extraStart) ?? undefined)
        : relationship === 'NEW' || relationship === 'REPLACEMENT'
          ? journeyDepartureSecs(entity, view?.timezone)
          : (first?.departureSecs ?? first?.arrivalSecs ?? undefined);
    const createdSecs = Math.floor(row.createdAt.getTime() / 1000);
    const attention =
      options.kind === 'alert' && !row.draft
        ? alertAttention(entity, { nowSecs, createdSecs, openEndedWarnHours })
        : null;
    return {
      id: row.id,
      entity,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy,
      revision: row.revision,
      draft: row.draft,
      createdAt: row.createdAt.toISOString(),
      ...(attention ? { attention } : {}),
      state:
        options.kind === 'trip_update'
          ? tripUpdateState(entity, view, nowSecs)
          : options.kind === 'alert'
            ? alertState(entity, nowSecs)
            : null,
      ...(tripId
        ? { tripId, routeId: scheduled?.routeId ?? entity.tripUpdate?.trip?.routeId ?? undefined }
        : {}),
      ...(scheduled?.trainNumber ? { trainNumber: scheduled.trainNumber } : {}),
      ...(departureSecs !== undefined ? { departureSecs } : {}),
    };
  });
}

/** A whole journey's (NEW, REPLACEMENT) first time given, as seconds of its service day. */
function journeyDepartureSecs(entity: FeedEntityJson, zone: string | undefined): number | undefined {
  const tu = entity.tripUpdate;
  const first = tu?.stopTimeUpdate?.[0];
  const time = first?.departure?.time ?? first?.arrival?.time;
  const date = tu?.trip?.startDate;
  if (time === null || time === undefined || !zone || !date || !isServiceDate(date)) return undefined;
  return Number(time) - serviceDayStartSecs(date, zone);
}

export async function getFeedEntity(
  deps: Deps,
  options: { kind: FeedKind; id: string; openEndedWarnHours?: number },
): Promise<FeedListItem> {
  const [item] = await listFeedEntities(deps, options);
  if (!item)
    throw new AppError('entity_not_found', {
      message: `There is no entity '${options.id}' in the live feed.`,
    });
  return item;
}
