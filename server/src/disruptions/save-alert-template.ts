import { alertTemplates } from '@feeddesk/drizzle';
import type { Deps } from '../deps.ts';
import type { AlertTemplate } from './list-alert-templates.ts';

export type SaveAlertTemplateOptions = AlertTemplate & { by: string | null };

/**
 * Upserts one template. An empty header text is kept as such: that language is then left out of
 * drafted alerts for the action (never sent empty).
 */
export async function saveAlertTemplate(
  deps: Pick<Deps, 'db' | 'now'>,
  options: SaveAlertTemplateOptions,
): Promise<void> {
  const row = {
    headerText: options.headerText.trim(),
    descriptionText: options.descriptionText.trim(),
    updatedAt: deps.now(),
    updatedBy: options.by,
  };
  await deps.db
    .insert(alertTemplates)
    .values({ language: options.language, action: options.action, ...row })
    .onConflictDoUpdate({ target: [alertTemplates.language, alertTemplates.action], set: row });
}
