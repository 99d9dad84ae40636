import type { InferSelectModel } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Webhooks of the operator's own systems (docs/rest-api.md "Webhooks"): a URL told of the events
 * it names, each delivery signed with `secret` (Standard Webhooks, `whsec_` + base64), which is
 * stored as it is since every delivery is signed with it, and shown only once.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Username of the admin who added it: the quota WEBHOOKS_PER_ADMIN counts per admin. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [index('webhooks_created_by_idx').on(t.createdBy)],
);
export type WebhookRow = InferSelectModel<typeof webhooks>;

/**
 * The outbox of webhook deliveries: one row per event and webhook, inserted by triggers on
 * feed_log and audit_log in the transaction of the act itself (migration 0030), so an act that
 * commits is delivered however the process ends, and one that rolls back never is. A worker
 * claims due rows with FOR UPDATE SKIP LOCKED and moves `next_attempt_at` past its request, so
 * several processes on one PostgreSQL send each delivery once (server/src/webhooks/send-due-deliveries.ts).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The body as sent: `{ type, timestamp, data }` (Standard Webhooks). */
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** pending | delivered | failed (every attempt of the backoff refused). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next; null once delivered or failed. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);
export type WebhookDeliveryRow = InferSelectModel<typeof webhookDeliveries>;

/** Each request of a delivery: its answer's status, or why there was none. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
export type WebhookAttemptRow = InferSelectModel<typeof webhookAttempts>;
