import type { InferSelectModel } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './types.ts';

/** One act that changed many trips at once (issue 12): who, when, why, what; lifted once. */
export const disruptions = pgTable(
  'disruptions',
  {
    id: text('id').primaryKey(),
    /** Order of application: a lift replays the later disruptions of a trip in this order. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by'),
    reason: text('reason').notNull(),
    serviceDate: text('service_date').notNull(),
    select: jsonb('select').notNull(),
    action: jsonb('action').notNull(),
    alertId: text('alert_id'),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: text('lifted_by'),
  },
  (t) => [index('disruptions_created_idx').on(t.createdAt)],
);
export type DisruptionRow = InferSelectModel<typeof disruptions>;

/**
 * Each trip a disruption touched, with the trip update it had before (the encoded entity, or
 * null when it had none): lifting puts exactly these bytes back.
 */
export const disruptionTrips = pgTable(
  'disruption_trips',
  {
    disruptionId: text('disruption_id')
      .notNull()
      .references(() => disruptions.id, { onDelete: 'cascade' }),
    tripId: text('trip_id').notNull(),
    startDate: text('start_date').notNull(),
    entityId: text('entity_id').notNull(),
    beforePb: bytea('before_pb'),
  },
  (t) => [
    primaryKey({ columns: [t.disruptionId, t.tripId, t.startDate] }),
    index('disruption_trips_trip_idx').on(t.tripId, t.startDate),
  ],
);
export type DisruptionTripRow = InferSelectModel<typeof disruptionTrips>;

/**
 * The operator's alert texts per language and action (cancel | delete | skip_stop | delay), with
 * placeholders {route} {stop} {trains} {date} {from} {to} {minutes} {reason}. An empty header
 * leaves that language out of drafted alerts.
 */
export const alertTemplates = pgTable(
  'alert_templates',
  {
    language: text('language').notNull(),
    action: text('action').notNull(),
    headerText: text('header_text').notNull(),
    descriptionText: text('description_text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.language, t.action] })],
);
export type AlertTemplateRow = InferSelectModel<typeof alertTemplates>;
