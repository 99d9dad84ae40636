import type { InferSelectModel } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Reusable named alerts: cause, effect, severity, and per language a header,
 * a description and a URL (alert_template_texts). Texts hold placeholders ({route} {stop} {trains}
 * {date} {from} {to} {until} {minutes} {reason}) filled when the template is used. A template with
 * an `action` (cancel | delete | skip_stop | delay | short_turn_end | short_turn_start |
 * set_down_only | pick_up_only | replace_by_bus | change_platform) is also the one a disruption of that action
 * drafts its alert from; at most one per action.
 */
export const alertTemplates = pgTable('alert_templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  action: text('action').unique(),
  cause: text('cause').notNull(),
  effect: text('effect').notNull(),
  severity: text('severity').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by'),
});
export type AlertTemplateRow = InferSelectModel<typeof alertTemplates>;

/**
 * A template's texts in one language. An empty header or description is kept as such: that text
 * is then left out of the alert in that language (never sent empty).
 */
export const alertTemplateTexts = pgTable(
  'alert_template_texts',
  {
    templateId: text('template_id')
      .notNull()
      .references(() => alertTemplates.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    headerText: text('header_text').notNull(),
    descriptionText: text('description_text').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.language] })],
);
export type AlertTemplateTextRow = InferSelectModel<typeof alertTemplateTexts>;
