import { alertTemplates } from '@feeddesk/drizzle';
import { asc } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

export type AlertTemplate = { language: string; action: string; headerText: string; descriptionText: string };

/** The operator's alert templates, by language then action. */
export async function listAlertTemplates(deps: Pick<Deps, 'db'>): Promise<AlertTemplate[]> {
  return deps.db
    .select({
      language: alertTemplates.language,
      action: alertTemplates.action,
      headerText: alertTemplates.headerText,
      descriptionText: alertTemplates.descriptionText,
    })
    .from(alertTemplates)
    .orderBy(asc(alertTemplates.language), asc(alertTemplates.action));
}
