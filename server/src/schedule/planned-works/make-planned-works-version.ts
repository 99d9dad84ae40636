import { scheduleVersions } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { getFileById } from '../../files/get-file.ts';
import { readStoredFile } from '../../files/read-file.ts';
import { importSchedule } from '../import/import-schedule.ts';
import { oneImportAtATime } from '../import/one-import-at-a-time.ts';
import { plannedWorksAhead } from './planned-works-ahead.ts';

export type PlannedWorksVersion = {
  versionId: number;
  /** The planned works the new version holds. */
  plannedWorks: string[];
  /** The lines an upload's log would have (validation, planned works kept and dropped). */
  log: string[];
};

/**
 * A new current schedule version with the planned works still ahead: the current version's source
 * (the planners' file as given, without planned works) imported again through the upload pipeline
 * with them applied, so it is validated, reported, diffed and rolled back as any upload is.
 */
export async function makePlannedWorksVersion(
  deps: AppDeps,
  options: { by: string | null },
): Promise<PlannedWorksVersion> {
  return oneImportAtATime(async () => {
    const [current] = await deps.db
      .select()
      .from(scheduleVersions)
      .where(eq(scheduleVersions.status, 'current'));
    const sourceId = current?.sourceFileId ?? current?.zipFileId;
    if (!current || !sourceId)
      throw new AppError('bad_request', {
        message: 'There is no uploaded schedule to plan works in: upload the planners’ file first.',
      });
    const file = await getFileById(deps, sourceId, 'The current schedule’s source file');
    const bytes = await readAll(readStoredFile(deps, file));
    const { ahead } = await plannedWorksAhead(deps, current.agencyTimezone ?? 'UTC');
    const log: string[] = [];
    const { versionId } = await importSchedule(deps, {
      bytes,
      fileName: current.sourceName,
      uploadedBy: options.by,
      jobId: null,
      plannedWorks: ahead,
      progress: async (message) => {
        log.push(message);
      },
    });
    const [made] = await deps.db
      .select({ plannedWorks: scheduleVersions.plannedWorks })
      .from(scheduleVersions)
      .where(eq(scheduleVersions.id, versionId));
    return { versionId, plannedWorks: made?.plannedWorks ?? [], log };
  });
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
