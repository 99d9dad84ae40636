import type { InferSelectModel } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Riders' e-mail subscriptions to alerts (docs/rest-api.md "E-mail subscriptions"): an address,
 * the routes and stops it follows (none: the whole network) and its language. Unconfirmed until
 * the link of the confirmation mail is followed; a subscription ended by its unsubscribe link is
 * deleted.
 */
export const mailSubscriptions = pgTable(
  'mail_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The address in lower case: the limits per address count on it. */
    emailKey: text('email_key').notNull(),
    routes: text('routes').array().notNull(),
    stops: text('stops').array().notNull(),
    lang: text('lang').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Alert mails not sent because the address had its hour's share (SUBSCRIPTION_MAILS_PER_HOUR). */
    skippedMails: integer('skipped_mails').notNull().default(0),
  },
  (t) => [index('mail_subscriptions_email_key_idx').on(t.emailKey)],
);
export type MailSubscriptionRow = InferSelectModel<typeof mailSubscriptions>;

/**
 * The links of the mails: only the SHA-256 of each random token is stored. `confirm` tokens
 * confirm their subscription (once, within a day); `unsubscribe` tokens (one per mail) end it.
 */
export const mailSubscriptionTokens = pgTable(
  'mail_subscription_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => mailSubscriptions.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_subscription_tokens_subscription_idx').on(t.subscriptionId)],
);

/**
 * The outbox: each mail to send, written in the transaction that decided it, sent by any process
 * (claimed with FOR UPDATE SKIP LOCKED), retried with backoff until sent or given up.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `confirm` or `alert`. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    emailKey: text('email_key').notNull(),
    subject: text('subject').notNull(),
    /** The text, with its links; emptied once sent (its unsubscribe token is the only copy). */
    body: text('body').notNull(),
    /** Extra headers (List-Unsubscribe), emptied once sent. */
    headers: jsonb('headers').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A process sending it holds it until then; past it (the process died) another may. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_email_key_idx').on(t.emailKey, t.createdAt),
  ],
);
export type MailOutboxRow = InferSelectModel<typeof mailOutbox>;

/**
 * The live alerts as last mailed about: each served alert's id and the hash of its JSON. The
 * alert watcher compares the feed with it to find alerts published, changed and ended.
 */
export const mailAlertState = pgTable('mail_alert_state', {
  alertId: text('alert_id').primaryKey(),
  hash: text('hash').notNull(),
  /** The alert as last seen: an ended alert's mail tells its texts. */
  json: jsonb('json').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
