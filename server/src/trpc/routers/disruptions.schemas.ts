import { z } from 'zod';
import { DISRUPTION_ACTIONS } from '../../disruptions/disruption-input.ts';
import { alertEntity, causeInput, tripUpdateEntity } from './feed.schemas.ts';

const localTime = z.string().regex(/^\d{1,2}:\d{2}$/, 'a local time HH:MM');
const texts = z.record(z.string().max(35), z.string().max(10_000));

export const disruptionSelect = z.object({
  routeId: z.string().max(200).optional(),
  directionId: z.number().int().min(0).max(1).optional(),
  stopId: z.string().max(200).optional(),
  from: localTime.optional(),
  to: localTime.optional(),
  tripIds: z.array(z.string().max(200)).max(5000).optional(),
});

export const disruptionAction = z.object({
  type: z.enum(DISRUPTION_ACTIONS),
  stopId: z.string().max(200).optional(),
  minutes: z.number().int().min(-1440).max(1440).optional(),
  fromStopId: z.string().max(200).optional(),
  toStopId: z.string().max(200).optional(),
  routeId: z.string().max(200).optional(),
  marginMinutes: z.number().int('a whole number of minutes').min(0).max(180).optional(),
  busMinutes: z.number().int('a whole number of minutes').min(0).max(600).optional(),
  /** short_turn: the trains terminate at (end) or start from (start) stopId. */
  at: z.enum(['end', 'start']).optional(),
});

export const disruptionAlert = z.object({
  cause: z.string().max(40).optional(),
  effect: z.string().max(40).optional(),
  headerText: texts.optional(),
  descriptionText: texts.optional(),
});

/** The body of POST /feed/disruptions (docs/rest-api.md), also the web app's apply and preview. */
export const applyDisruptionInput = z.object({
  serviceDate: z
    .string()
    .regex(/^\d{8}$/, 'a date YYYYMMDD')
    .optional(),
  select: disruptionSelect.default({}),
  action: disruptionAction,
  reason: z.string().max(2000).default(''),
  alert: z.union([z.boolean(), disruptionAlert]).default(false),
  dryRun: z.boolean().default(false),
  /** The delay cause of the catalogue the disruption's trains carry (docs/glossary.md "cause"). */
  cause: causeInput.optional(),
  /** 'schedule': planned works in a new schedule version (needs the gtfs role too). */
  publishAs: z.enum(['feed', 'schedule']).default('feed'),
  /** Epoch seconds: the alert enters the feed then; the service says what is wrong with a value. */
  publishAt: z.number().optional(),
});

export const liftDisruptionInput = z.object({ id: z.string().max(200) });

const id = z.string().max(200);
const serviceDate = z.string().regex(/^\d{8}$/, 'a date YYYYMMDD');

/** The trip update editor's change as riders see it, and the update it edits (absent when new). */
export const tripAlertInput = z.object({
  tripUpdateId: id.optional(),
  tripId: id,
  /** Absent: today's service date (a trip update saved without one). */
  startDate: serviceDate.optional(),
  cancelled: z.boolean(),
  skippedStopIds: z.array(id).max(1000),
});

export const saveTripUpdateWithAlertInput = z.object({
  entity: tripUpdateEntity,
  baseRevision: z.number().int().min(0).optional(),
  cause: causeInput.nullable().optional(),
  alert: z.union([
    z.object({ publish: z.object({ alert: alertEntity.shape.alert }) }),
    z.object({ end: z.literal(true) }),
  ]),
});

export const deleteTripUpdateInput = z.object({ id, endAlert: z.boolean() });

export const alertLinksInput = z.object({ alertId: id });
