import type { InferSelectModel } from 'drizzle-orm';
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * API tokens of other systems (an AVL system, a planner's tool): named, with roles, revoked by
 * deleting the row. Only the SHA-256 of the token is stored; the token itself is shown once.
 */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  /** Unique among live tokens: the history names a token's saves "token:<name>". */
  name: text('name').notNull().unique(),
  tokenHash: text('token_hash').notNull().unique(),
  roles: text('roles').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  createdBy: text('created_by'),
  /** Written at most once a minute per token, not per request. */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});
export type ApiTokenRow = InferSelectModel<typeof apiTokens>;
