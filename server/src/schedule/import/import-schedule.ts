import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { storeFile } from '../../files/store-file.ts';
import type { ProgressPlan, ProgressTracker } from '../../jobs/job-progress.ts';
import type { ScheduleLoadTimer } from '../../metrics/metrics.ts';
import { storeScheduleVersion } from '../store-schedule-version.ts';
import { type PreparedUpload, prepareInWorker } from './prepare-in-worker.ts';

export type ImportScheduleOptions = {
  bytes: Uint8Array;
  fileName: string;
  uploadedBy: string | null;
  jobId: string | null;
  progress: (message: string, data?: Record<string, unknown>) => Promise<void>;
  /** Structured progress through UPLOAD_PROGRESS_PLAN (the upload screen's bar). */
  tracker?: ProgressTracker;
};

/** An upload's phases and their rough share of its time; loading the rows is most of it. */
export const UPLOAD_PROGRESS_PLAN: ProgressPlan = [
  ['read', 0.15],
  ['validate', 0.15],
  ['write', 0.1],
  ['load', 0.6],
];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An upload from bytes to the current schedule: read and validate off the event loop, keep the
 * report whatever happens, refuse on errors (the previous schedule keeps serving), else store the
 * workbook and zip and load the new version, which becomes current in one step.
 */
export async function importSchedule(deps: AppDeps, options: ImportScheduleOptions) {
  const { progress } = options;
  if (options.bytes.byteLength === 0) {
    throw new AppError('validation_failed', {
      message: 'The file is empty. Choose the schedule workbook or GTFS zip.',
    });
  }
  await progress(`Reading ${options.fileName} (${Math.round(options.bytes.byteLength / 1024)} KB)…`);
  const { tracker } = options;
  tracker?.update('read', 0, 1);
  const phases = deps.metrics.timeScheduleLoad();
  const upload = await prepareInWorker(
    {
      bytes: options.bytes,
      fileName: options.fileName,
      now: deps.now(),
      maxUnzippedBytes: deps.config.UNZIPPED_MAX_MB * 1024 * 1024,
      blockOnWarnings: deps.config.BLOCK_ON_WARNINGS,
    },
    (phase) => tracker?.update(phase, 0, 1),
  );
  phases.phaseDone('read_validate');
  try {
    return await storeAndLoad(deps, options, upload, phases);
  } finally {
    await upload.close();
  }
}

async function storeAndLoad(
  deps: AppDeps,
  options: ImportScheduleOptions,
  upload: PreparedUpload,
  phases: ScheduleLoadTimer,
) {
  const { progress } = options;
  const prepared = upload.result;
  const by = options.uploadedBy;
  const reportHtmlFileId = await storeFile(deps, {
    kind: 'report_html',
    name: 'report.html',
    contentType: 'text/html; charset=utf-8',
    bytes: Buffer.from(prepared.report.html),
    createdBy: by,
  });
  const reportJsonFileId = await storeFile(deps, {
    kind: 'report_json',
    name: 'report.json',
    contentType: 'application/json; charset=utf-8',
    bytes: Buffer.from(JSON.stringify(prepared.report.json)),
    createdBy: by,
  });
  const { errors, warnings, infos } = prepared.counts;
  await progress(`Validated: ${errors} errors, ${warnings} warnings, ${infos} infos.`, {
    validation_report: true,
  });
  for (const warning of prepared.plannerWarnings) await progress(warning, { warning: true });
  if (!upload.loadable || !upload.timezone) {
    const lines =
      prepared.firstErrors.length > 0 ? prepared.firstErrors : prepared.problems.map((p) => p.message);
    throw new AppError('validation_failed', {
      message: `The schedule was not loaded; the current one keeps serving. Fix these and upload again:\n${lines.join('\n')}${
        errors > lines.length ? `\n… and ${errors - lines.length} more in the validation report.` : ''
      }`,
      details: { validation_report: true },
    });
  }
  const isWorkbook = prepared.kind !== 'gtfs_zip';
  const workbookBytes = isWorkbook ? options.bytes : prepared.workbook;
  const workbookFileId = workbookBytes
    ? await storeFile(deps, {
        kind: 'schedule_workbook',
        name: 'gtfs.xlsx',
        contentType: XLSX,
        bytes: workbookBytes,
        createdBy: by,
      })
    : undefined;
  const zipFileId = await storeFile(deps, {
    kind: 'schedule_zip',
    name: 'gtfs.zip',
    contentType: 'application/zip',
    bytes: isWorkbook ? prepared.zip! : options.bytes,
    createdBy: by,
  });
  options.tracker?.update('write', 1, 1);
  phases.phaseDone('store_files');
  await progress('Loading the schedule…');
  const rowsToLoad = upload.rowsToLoad;
  options.tracker?.update('load', 0, rowsToLoad);
  const loaded = await storeScheduleVersion(deps, {
    timezone: upload.timezone,
    feedVersion: upload.feedVersion,
    encode: (versionId) => upload.encode(versionId, 20_000),
    onProgress: (message) => {
      progress(message).catch((err) => deps.log.warn({ err }, 'progress message not saved'));
    },
    onRows: (copied) => options.tracker?.update('load', Math.min(copied, rowsToLoad), rowsToLoad),
    sourceKind: prepared.kind,
    sourceName: options.fileName,
    uploadedBy: by,
    jobId: options.jobId,
    files: { workbookFileId, zipFileId, reportHtmlFileId, reportJsonFileId },
  });
  options.tracker?.update('load', rowsToLoad, rowsToLoad);
  await options.tracker?.flush();
  phases.phaseDone('load');
  // The loader itself forgets the cached schedule and tells the other processes.
  return loaded;
}
