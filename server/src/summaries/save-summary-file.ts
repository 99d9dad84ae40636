import { storedFiles } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { storeFile } from '../files/store-file.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { SUMMARY_CONTENT_TYPE, SUMMARY_KIND, summaryFileName } from './summary-name.ts';

export type SaveSummaryFileOptions = {
  madeAt: Date;
  timezone: string;
  bytes: Buffer;
  createdBy: string | null;
};

/**
 * Stores a summary in the database (every process sees it) under the name of the moment it was
 * asked for; a second summary of the same second gets `-2`, `-3`… Returns the name.
 */
export async function saveSummaryFile(deps: AppDeps, options: SaveSummaryFileOptions): Promise<string> {
  const candidates = Array.from({ length: 20 }, (_, i) =>
    summaryFileName(options.madeAt, options.timezone, i),
  );
  const taken = await deps.db
    .select({ name: storedFiles.name })
    .from(storedFiles)
    .where(and(eq(storedFiles.kind, SUMMARY_KIND), isAnyOf(storedFiles.name, candidates)));
  const used = new Set(taken.map((t) => t.name));
  const name =
    candidates.find((c) => !used.has(c)) ??
    summaryFileName(options.madeAt, options.timezone, Date.now() % 9000);
  await storeFile(deps, {
    kind: SUMMARY_KIND,
    name,
    contentType: SUMMARY_CONTENT_TYPE,
    bytes: options.bytes,
    createdBy: options.createdBy,
  });
  await deps.bus.publish('files_changed', SUMMARY_KIND);
  return name;
}
