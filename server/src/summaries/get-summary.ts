import { storedFiles } from '@feeddesk/drizzle';
import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { type StoredFile, storedFileColumns } from '../files/get-file.ts';
import { isSummaryName, SUMMARY_KIND } from './summary-name.ts';

/**
 * One stored summary by name, without its bytes (send-stored-file.ts streams them);
 * `summary_not_found` for an unknown (or ill-formed) name.
 */
export async function getSummary(deps: Pick<Deps, 'db'>, options: { name: string }): Promise<StoredFile> {
  const [row] = isSummaryName(options.name)
    ? await deps.db
        .select(storedFileColumns)
        .from(storedFiles)
        .where(and(eq(storedFiles.kind, SUMMARY_KIND), eq(storedFiles.name, options.name)))
        .orderBy(desc(storedFiles.id))
        .limit(1)
    : [];
  if (!row) throw summaryNotFound(options.name);
  return row;
}

export function summaryNotFound(name: string): AppError {
  return new AppError('summary_not_found', {
    message: `There is no summary named '${name.slice(0, 100)}'. Pick one from the list of summaries.`,
  });
}
