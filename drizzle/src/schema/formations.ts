import type { InferSelectModel } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One carriage of a formation as the desk stores it (docs/glossary.md "carriage"). */
export type StoredCarriage = {
  label: string;
  class?: string;
  /** GTFS-RT OccupancyStatus name, e.g. MANY_SEATS_AVAILABLE. */
  occupancyStatus?: string;
  occupancyPercentage?: number;
  toilet?: boolean;
  closed?: boolean;
};

/**
 * The formation of one dated train (docs/glossary.md "formation"): its carriages in the order of
 * travel. Served in that train's vehicle position and trip update (server/src/feed/carry-train-facts.ts).
 */
export const formations = pgTable(
  'formations',
  {
    tripId: text('trip_id').notNull(),
    /** The service date (YYYYMMDD) of the train's run, as GTFS-RT start_date. */
    serviceDate: text('service_date').notNull(),
    carriages: jsonb('carriages').$type<StoredCarriage[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Who first saved it: the quota of formations per principal and day counts these. */
    createdBy: text('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: text('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tripId, t.serviceDate] }),
    index('formations_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);
export type FormationRow = InferSelectModel<typeof formations>;
