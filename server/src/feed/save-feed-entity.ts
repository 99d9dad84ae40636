import { randomUUID } from 'node:crypto';
import { feedEntities, feedLog } from '@feeddesk/drizzle';
import {
  decodeFeedEntity,
  encodeFeedEntity,
  entityKind,
  type FeedEntity,
  FeedVerifyError,
  feedEntityToJson,
} from '@feeddesk/proto';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { loadScheduleView, type ScheduleView } from '../schedule/load-schedule-view.ts';
import { alertExpiry, tripUpdateExpiry } from './entity-expiry.ts';
import { entityRefs } from './entity-refs.ts';
import type { FeedKind } from './feed-kind.ts';
import { markFeedChanged } from './feed-state.ts';
import { checkFeedEntity, type FeedNotice, hasErrors } from './rules/index.ts';

export type SaveFeedEntityOptions = {
  kind: Exclude<FeedKind, 'vehicle'>;
  entity: FeedEntity;
  by: string | null;
  /** false = do not keep this save in the history (header LogEntity: false). */
  log: boolean;
};

export type SaveFeedEntityResult = { id: string; warnings: FeedNotice[] };

const ENDPOINT: Record<string, string> = {
  trip_update: 'POST /feed/trip_update',
  alert: 'POST /feed/service_alert',
};

/**
 * Checks an entity against the feed rules and the current schedule, then upserts it by id,
 * logs it and marks the feed changed, all in one transaction; other processes hear of it by NOTIFY.
 */
export async function saveFeedEntity(
  deps: AppDeps,
  options: SaveFeedEntityOptions,
): Promise<SaveFeedEntityResult> {
  const { kind } = options;
  const entity = { ...options.entity };
  const actual = entityKind(entity);
  if (actual !== kind) {
    const wanted = kind === 'trip_update' ? 'a trip update' : 'an alert';
    throw new AppError('bad_request', {
      message:
        `This call takes ${wanted}, but the entity holds ${actual === 'other' ? 'neither' : `a ${actual.replace('_', ' ')}`}. ${
          ENDPOINT[actual] ? `Send it to ${ENDPOINT[actual]}.` : ''
        }`.trim(),
    });
  }
  const now = deps.now();
  const nowSecs = Math.floor(now.getTime() / 1000);
  const view = await loadScheduleView(deps, entityRefs(entity));
  if (kind === 'trip_update') fillTripUpdateDefaults(entity, view, nowSecs);
  entity.id = entity.id || (await existingIdOfTrip(deps, entity, view)) || randomUUID();

  const notices = checkFeedEntity(entity, { now, schedule: view });
  if (hasErrors(notices)) {
    const errors = notices.filter((n) => n.severity === 'error');
    throw new AppError('feed_rules_failed', {
      message: errors.map((n) => n.message).join(' '),
      details: { notices },
    });
  }
  let pb: Uint8Array;
  try {
    pb = encodeFeedEntity(entity);
  } catch (error) {
    if (error instanceof FeedVerifyError)
      throw new AppError('feed_rules_failed', { message: `The entity is not valid: ${error.message}.` });
    throw error;
  }
  const json = feedEntityToJson(decodeFeedEntity(pb));
  const expiresAt =
    kind === 'trip_update'
      ? tripUpdateExpiry(entity, view, nowSecs, deps.config.TRIP_UPDATE_TTL_MINUTES * 60)
      : alertExpiry(entity, deps.config.ALERT_TTL_HOURS * 3600);
  const id = entity.id;
  const row = {
    pb: Buffer.from(pb),
    json,
    tripId: entity.tripUpdate?.trip?.tripId ?? null,
    updatedAt: now,
    updatedBy: options.by,
    expiresAt,
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(feedEntities)
      .values({ kind, id, createdAt: now, ...row })
      .onConflictDoUpdate({ target: [feedEntities.kind, feedEntities.id], set: row });
    if (options.log)
      await tx.insert(feedLog).values({ kind, entityId: id, action: 'save', at: now, by: options.by, json });
    await markFeedChanged(tx as never, kind, now);
  });
  await deps.bus.publish('feed_changed', kind);
  return { id, warnings: notices };
}

/** A trip update without start_date gets the service date of the trip's current run; a timestamp, now. */
function fillTripUpdateDefaults(entity: FeedEntity, view: ScheduleView | null, nowSecs: number) {
  const tu = { ...entity.tripUpdate! };
  entity.tripUpdate = tu;
  if (!tu.timestamp) tu.timestamp = nowSecs;
  const tripId = tu.trip?.tripId;
  if (!tripId || tu.trip?.startDate) return;
  const startDate = serviceDateOfRun(view, tripId);
  if (startDate) tu.trip = { ...tu.trip, startDate };
}

/** The service date of the trip's current run (noon of its service day names the date). */
function serviceDateOfRun(view: ScheduleView | null, tripId: string): string | undefined {
  const start = view?.trip(tripId) ? view.serviceDayStart?.(tripId) : undefined;
  if (start === undefined || !view) return undefined;
  return DateTime.fromSeconds(start + 43_200, { zone: view.timezone }).toFormat('yyyyMMdd');
}

/**
 * A new trip update (no id) for a trip that already has one on the same service date replaces it,
 * keeping its id; another date gets a new id, so one trip can have updates on two dates. A row saved
 * without start_date counts as the current run's date, so ids saved before dated trips stay stable.
 */
async function existingIdOfTrip(
  deps: AppDeps,
  entity: FeedEntity,
  view: ScheduleView | null,
): Promise<string | undefined> {
  const tripId = entity.tripUpdate?.trip?.tripId;
  if (!tripId) return undefined;
  const rows = await deps.db
    .select({ id: feedEntities.id, json: feedEntities.json })
    .from(feedEntities)
    .where(and(eq(feedEntities.kind, 'trip_update'), eq(feedEntities.tripId, tripId)));
  const currentRun = serviceDateOfRun(view, tripId);
  const dateOf = (startDate: string | null | undefined) => startDate || currentRun;
  const wanted = dateOf(entity.tripUpdate?.trip?.startDate);
  const same = rows.find((r) => {
    const json = r.json as { tripUpdate?: { trip?: { startDate?: string } } };
    return dateOf(json.tripUpdate?.trip?.startDate) === wanted;
  });
  return same?.id;
}
