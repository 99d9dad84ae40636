import type { InferSelectModel } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One language offered for alert texts: a canonical BCP-47 tag and the name people read. */
export type OfferedLanguage = { tag: string; name: string };

/**
 * The operator's settings (docs/contract-notes.md "Operator settings"): one row (id 1), written by an administrator and audited.
 * No row = the demo's defaults (the South African nine), so a fresh database needs no seed.
 */
export const operatorSettings = pgTable('operator_settings', {
  id: integer('id').primaryKey(),
  /** In the order editors see them; the first is not special, `default_language` is. */
  languages: jsonb('languages').$type<OfferedLanguage[]>().notNull(),
  /** The language a new alert starts in, and the one untagged texts are read as. */
  defaultLanguage: text('default_language').notNull(),
  /** The tag of an alert's URL translation. */
  urlLanguage: text('url_language').notNull(),
  /** The bus routes (route_type 3) replacement buses run on, in the order they are offered. */
  busRouteIds: jsonb('bus_route_ids').$type<string[]>().notNull().default([]),
  /**
   * Two-person approval (docs/contract-notes.md "Two-person approval and publication times"):
   * off | alerts | alerts_and_disruptions.
   */
  approval: text('approval').notNull().default('off'),
  /**
   * The languages every published alert must carry a header in, a subset of `languages`; null =
   * the default language alone (docs/contract-notes.md "Operator settings").
   */
  requiredLanguages: jsonb('required_languages').$type<string[]>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by'),
});
export type OperatorSettingsRow = InferSelectModel<typeof operatorSettings>;
