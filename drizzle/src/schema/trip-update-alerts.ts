import type { InferSelectModel } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The alert published with a single cancellation or skipped stop in the trip update editor
 * (docs/contract-notes.md "Dated trips and disruptions"): the link lets an edit of either offer to update or end the other. A disruption's
 * trips are linked through disruptions.alert_id instead. Rows may outlive the entities (expiry);
 * readers join with the live feed.
 */
export const tripUpdateAlerts = pgTable(
  'trip_update_alerts',
  {
    tripUpdateId: text('trip_update_id').primaryKey(),
    alertId: text('alert_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by'),
  },
  (t) => [index('trip_update_alerts_alert_idx').on(t.alertId)],
);
export type TripUpdateAlertRow = InferSelectModel<typeof tripUpdateAlerts>;
