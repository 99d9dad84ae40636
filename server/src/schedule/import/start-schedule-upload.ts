import type { AppDeps } from '../../deps.ts';
import { AppError, isAppError } from '../../errors.ts';
import { isDatabaseUnreachable } from '../../health/database-unreachable.ts';
import { DISK_FULL_SENTENCE, diskFullError } from '../../health/disk-full.ts';
import { startJob } from '../../jobs/run-job.ts';
import { findCurrentSchedule } from '../find-current-schedule.ts';
import { plannedWorksAhead } from '../planned-works/planned-works-ahead.ts';
import { importSchedule, UPLOAD_PROGRESS_PLAN } from './import-schedule.ts';
import { oneImportAtATime } from './one-import-at-a-time.ts';
import type { PreparedSchedule } from './prepare-schedule.ts';
import { reportScheduleLanguages } from './report-schedule-languages.ts';
import { reportTripUpdatesGone } from './report-trip-updates-gone.ts';
import { safeFileName } from './safe-file-name.ts';

/** `bytes` in shared memory (readIntoSharedBytes), so the upload's thread reads them uncopied. */
export type UploadedFile = { bytes: Uint8Array; fileName: string };

/** What was uploaded, as the success sentence names it (docs/spec.md §3 words for the workbook). */
const UPLOADED: Record<PreparedSchedule['kind'], string> = {
  timetable_workbook: 'gtfs excel',
  plain_workbook: 'gtfs excel',
  gtfs_zip: 'GTFS zip',
  unknown: 'schedule',
};

type UploadLimit = Pick<AppDeps['config'], 'UPLOAD_MAX_MB'>;

export const uploadMaxBytes = (config: UploadLimit): number => config.UPLOAD_MAX_MB * 1024 * 1024;

export const uploadTooLarge = (config: UploadLimit): AppError =>
  new AppError('payload_too_large', { message: `The file is larger than ${config.UPLOAD_MAX_MB} MB.` });

/**
 * Starts an upload job and returns its id at once (docs/rest-api.md), and when it ends
 * (`finished`, whatever its outcome); progress goes to the job log.
 * Refuses a request without a file (a form sent with no file chosen has a nameless empty one) and
 * a file over UPLOAD_MAX_MB, whichever edge it came through.
 */
export async function startScheduleUpload(
  deps: AppDeps,
  upload: {
    file: UploadedFile | undefined;
    user: { id: number; username: string };
    /**
     * Called once the load's work ended, done or failed, just before its last message: a quota
     * held for it is given back before a client told "done" can upload again.
     */
    onWorkEnded?: () => void;
  },
): Promise<{ jobId: string; finished: Promise<void> }> {
  const { file, user, onWorkEnded } = upload;
  if (!file || (file.bytes.length === 0 && !file.fileName))
    throw new AppError('upload_missing', { message: 'Upload file!' });
  if (file.bytes.length > uploadMaxBytes(deps.config)) throw uploadTooLarge(deps.config);
  const options = { bytes: file.bytes, fileName: safeFileName(file.fileName), user };
  return startJob(deps, {
    kind: 'schedule_upload',
    createdBy: options.user,
    work: async (reporter) => {
      try {
        const { counts, uploadKind, versionId } = await oneImportAtATime(async () => {
          // Planned works still ahead stay in the schedule whatever the planners upload (the log
          // says which it kept and which it dropped, and why).
          const current = await findCurrentSchedule(deps);
          const works = current ? await plannedWorksAhead(deps, current.timezone) : { ahead: [], passed: [] };
          for (const work of works.passed)
            await reporter.progress(`Planned works not carried over: ${work.label}: its date has passed.`);
          return importSchedule(deps, {
            ...options,
            plannedWorks: works.ahead,
            uploadedBy: options.user.username,
            jobId: reporter.jobId,
            progress: reporter.progress,
            tracker: reporter.tracker(UPLOAD_PROGRESS_PLAN),
          });
        });
        await reportTripUpdatesGone(deps, reporter.progress);
        await reportScheduleLanguages(deps, reporter.progress);
        return {
          status: 'done',
          message: `✅ Successfully uploaded the ${UPLOADED[uploadKind]} file. Loaded ${counts.routes} routes, ${counts.stops} stops, ${counts.trips} trips and ${counts.stopTimes} stop times.`,
          // The version it made: the upload screen tells when a later one replaced it.
          data: { validation_report: true, version_id: versionId },
          result: counts,
        };
      } finally {
        onWorkEnded?.();
      }
    },
    onError: (error) => ({
      status: 'error',
      message: isAppError(error)
        ? error.message
        : diskFullError(error, deps.disk)
          ? `${DISK_FULL_SENTENCE} The current schedule keeps serving; free space, then upload again.`
          : isDatabaseUnreachable(error)
            ? 'The database went away during the upload, so nothing of this file was kept; the current schedule keeps serving. Upload the file again in a minute, once the database is back.'
            : 'The upload failed on the server; the current schedule keeps serving. Try again.',
      data: {
        validation_report:
          isAppError(error) && (error.details as { validation_report?: boolean })?.validation_report === true,
      },
    }),
  });
}
