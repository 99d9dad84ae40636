import type { InferSelectModel } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './types.ts';

/** The live feed: one row per entity, upserted by id. kind: trip_update | alert | vehicle. */
export const feedEntities = pgTable(
  'feed_entities',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    pb: bytea('pb').notNull(),
    json: jsonb('json').notNull(),
    tripId: text('trip_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: text('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Counts the saves of this entity: an editor's save names the revision it started from. */
    revision: integer('revision').notNull().default(1),
    /** An alert saved in the app but not yet published: kept here, never served. */
    draft: boolean('draft').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] }), index('feed_entities_expiry_idx').on(t.expiresAt)],
);
export type FeedEntityRow = InferSelectModel<typeof feedEntities>;

/** The last deleted row of each entity, whole, so a delete can be undone for a minute. */
export const feedTrash = pgTable(
  'feed_trash',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    row: jsonb('row').notNull(),
    pb: bytea('pb').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
    deletedBy: text('deleted_by'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

/** Every save and delete, kept after the entity leaves the live feed (history summaries and the audit trail read this). */
export const feedLog = pgTable(
  'feed_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    entityId: text('entity_id').notNull(),
    /** save | delete | restore */
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    by: text('by'),
    json: jsonb('json'),
    /**
     * When deleteFromLog took the row out of the entity's history (its content, json, is then
     * null). The row itself stays: it is the audit trail's record of who changed what and when,
     * which no call removes (a trigger refuses any other change, migration 0011).
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /**
     * The trip a trip update's row is about (saves, deletes, restores alike): the audit trail
     * names its train by it after the entity is gone and after deleteFromLog erased the content.
     */
    tripId: text('trip_id'),
  },
  (t) => [index('feed_log_entity_idx').on(t.kind, t.entityId), index('feed_log_at_idx').on(t.at)],
);
export type FeedLogRow = InferSelectModel<typeof feedLog>;

/** When each feed's content last changed (the header timestamp; never decreases). */
export const feedState = pgTable('feed_state', {
  kind: text('kind').primaryKey(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});
