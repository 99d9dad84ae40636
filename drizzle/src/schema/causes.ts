import type { InferSelectModel } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operator's catalogue of delay causes (docs/glossary.md "cause"): what controllers pick when
 * a train is late or a disruption is applied, each with its GTFS-Realtime Alert.Cause. An
 * administrator replaces the whole list; the migration seeds a rail default.
 */
export const delayCauses = pgTable('delay_causes', {
  /** Short and stable (`SIGNAL_FAILURE`): kept with trip updates and disruptions, so never renamed. */
  code: text('code').primaryKey(),
  /** The label by language tag, e.g. `{ "en-ZA": "Signal failure" }`. */
  labels: jsonb('labels').$type<Record<string, string>>().notNull(),
  /** A GTFS-RT Alert.Cause enum name (TECHNICAL_PROBLEM…): a disruption's drafted alert takes it. */
  gtfsCause: text('gtfs_cause').notNull(),
  /** The order the catalogue is listed in. */
  position: integer('position').notNull(),
});
export type DelayCauseRow = InferSelectModel<typeof delayCauses>;

/**
 * The cause given for one dated train (a trip update's save or a disruption's apply): the last one
 * given wins. Kept after the trip update leaves the feed: summaries count minutes lost by cause
 * from it (docs/glossary.md "minutes lost").
 */
export const tripCauses = pgTable(
  'trip_causes',
  {
    tripId: text('trip_id').notNull(),
    /** The service date (YYYYMMDD) of the train's run. */
    startDate: text('start_date').notNull(),
    code: text('code').notNull(),
    /** Where it happened: one of the train's stops, or null. */
    stopId: text('stop_id'),
    /** The disruption that gave it, or null for a trip update's save. */
    disruptionId: text('disruption_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    by: text('by'),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.startDate] }), index('trip_causes_date_idx').on(t.startDate)],
);
export type TripCauseRow = InferSelectModel<typeof tripCauses>;
