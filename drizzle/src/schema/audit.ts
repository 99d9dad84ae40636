import type { InferSelectModel } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who changed what and when, for the changes no other log keeps: users, API tokens,
 * disruptions, schedule versions. Written in the same transaction as the change, so a change
 * is never without its record and a rolled-back change leaves none. Feed entity saves and
 * deletes are not copied here: feed_log already holds them, and the audit list reads both; only a
 * delete with deleteFromLog, which erases feed_log rows' content, is recorded here.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0011).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Username of whoever acted; null for the product itself (first admin at start-up). */
    by: text('by'),
    /** user | token | disruption | schedule_version | operator_settings, or a feed kind (deleteFromLog) */
    kind: text('kind').notNull(),
    /** e.g. create, update_roles, reset_password, rename, delete, apply, lift, upload, rollback, revoke */
    action: text('action').notNull(),
    entityId: text('entity_id').notNull(),
    /** One sentence a person reads in the list and the export. */
    summary: text('summary').notNull(),
    details: jsonb('details'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_kind_at_idx').on(t.kind, t.at)],
);
export type AuditLogRow = InferSelectModel<typeof auditLog>;
