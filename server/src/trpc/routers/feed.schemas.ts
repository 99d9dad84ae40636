import { z } from 'zod';
import { MAX_STOP_TIME_UPDATES } from '../../feed/rules/too-many-stop-time-updates.ts';

export const feedKind = z.enum(['trip_update', 'alert', 'vehicle']);

// The sizes of an alert (text length, translations, informed entities) are settings checked by
// the save itself for REST and tRPC alike (feed/check-alert-size.ts), refused 413 with the limit.
const translatedString = z.object({
  translation: z.array(z.object({ text: z.string(), language: z.string().max(35).optional() })),
});
const stopTimeEvent = z.object({
  delay: z.number().int().optional(),
  time: z.number().int().optional(),
  uncertainty: z.number().int().optional(),
});
/**
 * GTFS-RT DropOffPickupType by name or number (REGULAR 0, NONE 1, PHONE_AGENCY 2,
 * COORDINATE_WITH_DRIVER 3), as protobuf-JSON gives enums; the JSON reader refuses other values.
 */
const dropOffPickupType = z.union([z.string().max(30), z.number().int()]);
const tripDescriptor = z.object({
  tripId: z.string().max(200).optional(),
  routeId: z.string().max(200).optional(),
  directionId: z.number().int().optional(),
  startTime: z.string().max(20).optional(),
  startDate: z.string().max(20).optional(),
  scheduleRelationship: z.union([z.string().max(30), z.number().int()]).optional(),
});

/** A trip update as the editor sends it (protobuf-JSON, camelCase); the feed rules check the rest. */
export const tripUpdateEntity = z.object({
  id: z.string().max(200).optional(),
  tripUpdate: z.object({
    trip: tripDescriptor,
    delay: z.number().int().optional(),
    timestamp: z.number().int().optional(),
    /**
     * An extra train (trip DUPLICATED): its new trip id, service date and start time; any trip: the
     * headsign riders see (a short-turned train's new destination).
     */
    tripProperties: z
      .object({
        tripId: z.string().max(200).optional(),
        startDate: z.string().max(20).optional(),
        startTime: z.string().max(20).optional(),
        tripHeadsign: z.string().max(200).optional(),
      })
      .optional(),
    stopTimeUpdate: z
      .array(
        z.object({
          stopSequence: z.number().int().optional(),
          stopId: z.string().max(200).optional(),
          arrival: stopTimeEvent.optional(),
          departure: stopTimeEvent.optional(),
          scheduleRelationship: z.union([z.string().max(30), z.number().int()]).optional(),
          /**
           * A platform change (the stop of the same station the train calls at instead), the
           * stop's headsign, and who may board or leave there (set down only, pick up only).
           */
          stopTimeProperties: z
            .object({
              assignedStopId: z.string().max(200).optional(),
              stopHeadsign: z.string().max(200).optional(),
              pickupType: dropOffPickupType.optional(),
              dropOffType: dropOffPickupType.optional(),
            })
            .optional(),
        }),
      )
      .max(MAX_STOP_TIME_UPDATES)
      .default([]),
  }),
});

const timeRanges = z
  .array(z.object({ start: z.number().int().optional(), end: z.number().int().optional() }))
  .max(50)
  .default([]);

export const alertEntity = z.object({
  id: z.string().max(200).optional(),
  alert: z.object({
    /** Deprecated by GTFS-Realtime for the two below; served from impactPeriod when absent. */
    activePeriod: timeRanges,
    communicationPeriod: timeRanges,
    impactPeriod: timeRanges,
    informedEntity: z
      .array(
        z.object({
          agencyId: z.string().max(200).optional(),
          routeId: z.string().max(200).optional(),
          routeType: z.number().int().optional(),
          directionId: z.number().int().optional(),
          trip: tripDescriptor.optional(),
          stopId: z.string().max(200).optional(),
        }),
      )
      .default([]),
    cause: z.union([z.string().max(40), z.number().int()]).optional(),
    effect: z.union([z.string().max(40), z.number().int()]).optional(),
    severityLevel: z.union([z.string().max(40), z.number().int()]).optional(),
    url: translatedString.optional(),
    headerText: translatedString.optional(),
    descriptionText: translatedString.optional(),
    ttsHeaderText: translatedString.optional(),
    ttsDescriptionText: translatedString.optional(),
    causeDetail: translatedString.optional(),
    effectDetail: translatedString.optional(),
  }),
});

/** The revision the editor started from (0 = new); a save over a later one is refused (entity_changed). */
const baseRevision = z.number().int().min(0).optional();
/** A delay cause of the catalogue (docs/glossary.md "cause"): its code, and where (one of the train's stops). */
export const causeInput = z.object({
  code: z.string().min(1).max(40),
  stopId: z.string().min(1).max(200).optional(),
});
export const saveTripUpdateInput = z.object({
  entity: tripUpdateEntity,
  baseRevision,
  /** null: the train's cause given before is taken back ("Not given" in the editor). */
  cause: causeInput.nullable().optional(),
});
/** draft: saved in the app only, published later with feed.publishAlert. */
export const saveAlertInput = z.object({
  entity: alertEntity,
  baseRevision,
  draft: z.boolean().default(false),
  /**
   * Epoch seconds: the alert enters the feed then, not before (the service words a bad value:
   * a fraction, before 1970, too far ahead).
   */
  publishAt: z.number().optional(),
  /** Publish at once although two-person approval is on; marked until approved afterwards. */
  emergency: z.boolean().optional(),
  /** The impact's start as the editor showed it (`YYYY-MM-DDTHH:MM`) and the zone it used. */
  chosenStart: z
    .object({
      wallClock: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
      zone: z.string().min(1).max(64),
    })
    .optional(),
});
export const publishAlertInput = z.object({ id: z.string().max(200), baseRevision });
export const lintAlertInput = z.object({ entity: alertEntity });
export const listFeedInput = z.object({ kind: feedKind });
export const getFeedInput = z.object({ kind: feedKind, id: z.string().max(200) });
export const deleteFeedInput = z.object({
  kind: feedKind,
  id: z.string().max(200),
  deleteFromLog: z.boolean().default(false),
});
export const entityRefInput = z.object({ kind: feedKind, id: z.string().max(200) });

/** A dated train: its trip and service date (YYYYMMDD). */
export const tripCauseInput = z.object({
  tripId: z.string().max(200),
  startDate: z.string().regex(/^\d{8}$/, 'a date YYYYMMDD'),
});
