import type { AppDeps } from '../../deps.ts';
import { isAppError } from '../../errors.ts';
import { startJob } from '../../jobs/run-job.ts';
import { importSchedule } from './import-schedule.ts';
import { reportTripUpdatesGone } from './report-trip-updates-gone.ts';

/** Starts an upload job and returns its id at once (contract.md); progress goes to the job log. */
export async function startScheduleUpload(
  deps: AppDeps,
  options: { bytes: Uint8Array; fileName: string; user: { id: number; username: string } },
): Promise<{ jobId: string }> {
  const { jobId } = await startJob(deps, {
    kind: 'schedule_upload',
    createdBy: options.user,
    work: async (reporter) => {
      const { counts } = await importSchedule(deps, {
        ...options,
        uploadedBy: options.user.username,
        jobId: reporter.jobId,
        progress: reporter.progress,
      });
      await reportTripUpdatesGone(deps, reporter.progress);
      return {
        status: 'done',
        message: `✅ Successfully uploaded the gtfs excel file. Loaded ${counts.routes} routes, ${counts.stops} stops, ${counts.trips} trips and ${counts.stopTimes} stop times.`,
        data: { validation_report: true },
        result: counts,
      };
    },
    onError: (error) => ({
      status: 'error',
      message: isAppError(error)
        ? error.message
        : 'The upload failed on the server; the current schedule keeps serving. Try again.',
      data: {
        validation_report:
          isAppError(error) && (error.details as { validation_report?: boolean })?.validation_report === true,
      },
    }),
  });
  return { jobId };
}
