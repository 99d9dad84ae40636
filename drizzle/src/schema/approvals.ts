import type { InferSelectModel } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What waits to enter the public feed (docs/contract-notes.md "Two-person approval and publication
 * times"): an alert saved by a user without the `approve` role while approval is on (`pending`),
 * an alert to publish at a later time (`scheduled`), an emergency publish still to be approved
 * afterwards (`emergency`), and what became of each (`published`, `rejected`, `failed`). The live
 * version of an edited alert keeps serving from feed_entities until its edit is approved.
 */
export const pendingItems = pgTable(
  'pending_items',
  {
    id: text('id').primaryKey(),
    /** alert */
    kind: text('kind').notNull(),
    /** The alert's id: the live one an edit replaces, or the id the new alert will have. */
    entityId: text('entity_id').notNull(),
    /** pending | scheduled | emergency | published | rejected | failed */
    state: text('state').notNull(),
    /** The alert as protobuf-JSON, checked by the feed rules when saved and again when published. */
    entity: jsonb('entity').notNull(),
    /** The live revision the edit started from (null: last write wins, as a REST save). */
    baseRevision: integer('base_revision'),
    /** false: the publish is not kept in the entity's history (header LogEntity: false). */
    log: boolean('log').notNull().default(true),
    /** When it enters the feed (null: as soon as approved). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    emergency: boolean('emergency').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by'),
    /** Who approved or rejected it, when, and why (a rejection's reason, a failed publish's cause). */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    reason: text('reason'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('pending_items_due_idx').on(t.state, t.publishAt),
    index('pending_items_author_idx').on(t.createdBy, t.state),
    index('pending_items_created_idx').on(t.createdAt),
  ],
);
export type PendingItemRow = InferSelectModel<typeof pendingItems>;
