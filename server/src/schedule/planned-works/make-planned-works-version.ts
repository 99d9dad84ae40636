import { scheduleVersions } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { AppDeps, Tx } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { getFileById } from '../../files/get-file.ts';
import { readStoredFile } from '../../files/read-file.ts';
import { importSchedule } from '../import/import-schedule.ts';
import { oneImportAtATime } from '../import/one-import-at-a-time.ts';
import type { PlannedWork } from './apply-planned-works.ts';
import { openPlannedWorkIds, plannedWorksAhead } from './planned-works-ahead.ts';

export type PlannedWorksVersion = {
  versionId: number;
  /** The planned works the new version holds. */
  plannedWorks: string[];
  /** The lines an upload's log would have (validation, planned works kept and dropped). */
  log: string[];
};

export type MakePlannedWorksVersionOptions = {
  by: string | null;
  /** Planned works being published: applied with those ahead; their rows are written by `withSwitch`. */
  adding?: PlannedWork;
  /** Planned works being lifted: left out; `withSwitch` marks them lifted. */
  lifting?: string;
  /**
   * The act's own writes (the disruption, its alert, the audit), in the transaction that makes the
   * version current: a crash or a refusal at any phase leaves the schedule and the planned works
   * both as they were, or both changed (docs/contract-notes.md "Planned works in the schedule").
   */
  withSwitch: (tx: Tx, made: PlannedWorksVersion) => Promise<void>;
};

/**
 * A new current schedule version with the planned works still ahead: the current version's source
 * (the planners' file as given, without planned works) imported again through the upload pipeline
 * with them applied, so it is validated, reported, diffed and rolled back as any upload is.
 */
export async function makePlannedWorksVersion(
  deps: AppDeps,
  options: MakePlannedWorksVersionOptions,
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
    const read = await openPlannedWorkIds(deps.db);
    const { ahead } = await plannedWorksAhead(deps, current.agencyTimezone ?? 'UTC');
    const works = [
      ...ahead.filter((w) => w.id !== options.lifting),
      ...(options.adding ? [options.adding] : []),
    ];
    const log: string[] = [];
    const { versionId } = await importSchedule(deps, {
      bytes,
      fileName: current.sourceName,
      uploadedBy: options.by,
      jobId: null,
      plannedWorks: works,
      // The planners' feed_version, not the served zip's (its feed_info.txt names the served version).
      feedVersion: current.feedVersion,
      progress: async (message) => {
        log.push(message);
      },
      withSwitch: async (tx, switched) => {
        // Under the switch's lock (activateVersion): every publish and lift of planned works writes
        // in it, so the planned works read here stay as they are until the commit. Another process published or lifted planned works while this version was made: it
        // would silently drop theirs (or keep what they lifted). Nothing is changed; try again.
        const now = await openPlannedWorkIds(tx);
        if (now.join('\n') !== read.join('\n'))
          throw new AppError('conflict', {
            message:
              'Other planned works were published or lifted while this schedule version was being made: nothing was changed. Try again.',
          });
        await options.withSwitch(tx, {
          versionId: switched.versionId,
          plannedWorks: switched.files.plannedWorks ?? [],
          log,
        });
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
