import type { InferSelectModel } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './types.ts';

/** One act that changed many trips at once (docs/contract-notes.md "Dated trips and disruptions"): who, when, why, what; lifted once. */
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
    /**
     * 'feed': trip updates in the realtime feed; 'schedule': planned works applied to the
     * schedule (a new version), nothing in the trip updates (docs/contract-notes.md "Planned works in the schedule").
     */
    publishAs: text('publish_as').notNull().default('feed'),
    /** Planned works: the schedule version made when they were published. */
    versionId: integer('version_id'),
    /** The delay cause of the catalogue (docs/glossary.md "cause"): `{ code, stopId? }`, or null. */
    cause: jsonb('cause').$type<{ code: string; stopId?: string }>(),
  },
  (t) => [index('disruptions_created_idx').on(t.createdAt)],
);
export type DisruptionRow = InferSelectModel<typeof disruptions>;

/**
 * Each trip a disruption touched, with the trip update it had before (the encoded entity, or
 * null when it had none): lifting puts exactly these bytes back. A trip the disruption added (a
 * replacement bus) has none before, so the lift deletes it.
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
    /**
     * replace_by_bus: the train this NEW bus trip replaces (the row's trip is the bus, which had no
     * update before, so the lift deletes it); null for a trip of the schedule.
     */
    replacesTripId: text('replaces_trip_id'),
    /**
     * The later disruption in force that contradicts what this one's alert says of this run (a
     * train cancelled over a skip, running again over a cancellation): while it is in force the
     * alert leaves the run out; its lift gives the run back (docs/contract-notes.md "Consistency
     * findings"). The lift of this disruption still replays the later one on the run.
     */
    overriddenBy: text('overridden_by'),
  },
  (t) => [
    primaryKey({ columns: [t.disruptionId, t.tripId, t.startDate] }),
    index('disruption_trips_trip_idx').on(t.tripId, t.startDate),
  ],
);
export type DisruptionTripRow = InferSelectModel<typeof disruptionTrips>;

/**
 * What a disruption took out of an alert it contradicted (docs/contract-notes.md "Consistency
 * findings"): the runs, the alert as it was before, and its revision after the edit (or that the
 * edit ended it). The disruption's lift gives the runs back: the alert as it was when nobody has
 * edited it since, else the runs added back to its informed entities.
 */
export const alertNarrowings = pgTable(
  'alert_narrowings',
  {
    id: serial('id').primaryKey(),
    disruptionId: text('disruption_id')
      .notNull()
      .references(() => disruptions.id, { onDelete: 'cascade' }),
    alertId: text('alert_id').notNull(),
    runs: jsonb('runs').$type<{ tripId: string; startDate: string }[]>().notNull(),
    beforeJson: jsonb('before_json').notNull(),
    /** The alert's revision the edit left, or null when the edit ended the alert. */
    revisionAfter: integer('revision_after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alert_narrowings_disruption_idx').on(t.disruptionId)],
);
