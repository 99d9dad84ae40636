import { storedFiles } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { summaryNotFound } from './get-summary.ts';
import { isSummaryName, SUMMARY_KIND } from './summary-name.ts';

/** Deletes a stored summary; `summary_not_found` when there is none of that name. */
export async function deleteSummary(deps: AppDeps, options: { name: string }): Promise<void> {
  if (!isSummaryName(options.name)) throw summaryNotFound(options.name);
  const deleted = await deps.db
    .delete(storedFiles)
    .where(and(eq(storedFiles.kind, SUMMARY_KIND), eq(storedFiles.name, options.name)))
    .returning({ id: storedFiles.id });
  if (deleted.length === 0) throw summaryNotFound(options.name);
  await deps.bus.publish('files_changed', SUMMARY_KIND);
}
