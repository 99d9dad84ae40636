import { alertTemplates } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { notFound } from './save-alert-template.ts';

/** Deletes a template and its texts. A disruption action it drafted for then drafts without texts. */
export async function deleteAlertTemplate(deps: Pick<Deps, 'db'>, options: { id: string }): Promise<void> {
  const deleted = await deps.db.delete(alertTemplates).where(eq(alertTemplates.id, options.id)).returning();
  if (deleted.length === 0) throw notFound(options.id);
}
