import { storedFiles } from '@feeddesk/drizzle';
import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { SUMMARY_KIND } from './summary-name.ts';

export type SummaryListItem = { name: string; size: number; createdBy: string | null; createdAt: string };

/** The stored summaries, newest first (without their bytes). */
export async function listSummaries(deps: Deps): Promise<SummaryListItem[]> {
  const rows = await deps.db
    .select({
      name: storedFiles.name,
      size: storedFiles.size,
      createdBy: storedFiles.createdBy,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(eq(storedFiles.kind, SUMMARY_KIND))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
