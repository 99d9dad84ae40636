import type { AppDeps, ScheduleLoadTimer } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { storeFile } from '../../files/store-file.ts';
import { withFeedVersion } from '../../gtfs/index.ts';
import type { ProgressPlan, ProgressTracker } from '../../jobs/job-progress.ts';
import { getOperatorSettings } from '../../operator-settings/get-operator-settings.ts';
import { onBackgroundConnection } from '../../workers/background-connection.ts';
import type { PlannedWork } from '../planned-works/apply-planned-works.ts';
import { servedFeedVersion } from '../served-feed-version.ts';
import type { VersionFiles } from '../store/activate-version.ts';
import { type StoreScheduleVersionOptions, storeScheduleVersion } from '../store-schedule-version.ts';
import { type PreparedResult, type ReadUpload, readInWorker } from './prepare-in-worker.ts';

/** The planners' feed_version of the version (ImportScheduleOptions.feedVersion, else the file's). */
const feedVersionOf = (options: ImportScheduleOptions, upload: ReadUpload) =>
  options.feedVersion === undefined ? upload.feedVersion : options.feedVersion;

export type ImportScheduleOptions = {
  bytes: Uint8Array;
  fileName: string;
  uploadedBy: string | null;
  jobId: string | null;
  progress: (message: string, data?: Record<string, unknown>) => Promise<void>;
  /** Structured progress through UPLOAD_PROGRESS_PLAN (the upload screen's bar). */
  tracker?: ProgressTracker;
  /** Planned works still ahead, applied to the schedule before it is validated (planned-works/). */
  plannedWorks?: PlannedWork[];
  /** Writes made in the transaction that makes the version current (storeScheduleVersion's). */
  withSwitch?: StoreScheduleVersionOptions['withSwitch'];
  /**
   * The planners' feed_version of the version made (null: none), instead of the file's: planned
   * works import the served zip again, whose feed_info.txt names the served version.
   */
  feedVersion?: string | null;
};

/** The upload thread's heap: IMPORT_HEAP_MB, else three times UNZIPPED_MAX_MB (at least 1 024 MB). */
export function importHeapMb(config: { IMPORT_HEAP_MB?: number; UNZIPPED_MAX_MB: number }): number {
  return config.IMPORT_HEAP_MB ?? Math.max(1024, Math.ceil(3 * config.UNZIPPED_MAX_MB));
}

/** An upload's phases and their rough share of its time; loading the rows is most of it. */
export const UPLOAD_PROGRESS_PLAN: ProgressPlan = [
  ['read', 0.15],
  ['validate', 0.15],
  ['write', 0.1],
  ['load', 0.6],
];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An upload from bytes to the current schedule: read, validate and encode off the event loop,
 * load while it validates, keep the report whatever happens, refuse on errors (the load is
 * dropped, the previous schedule keeps serving), else store the workbook and zip with the new
 * version, which becomes current in one step.
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
  const upload = await readInWorker(
    {
      bytes: options.bytes,
      fileName: options.fileName,
      now: deps.now(),
      maxUnzippedBytes: deps.config.UNZIPPED_MAX_MB * 1024 * 1024,
      blockOnWarnings: deps.config.BLOCK_ON_WARNINGS,
      plannedWorks: options.plannedWorks,
    },
    (phase) => tracker?.update(phase, 0, 1),
    importHeapMb(deps.config),
  );
  // Resolved once the whole file is read: a zip's stop times are loading by then.
  const fileRead = upload.readDone.then(({ rowsToLoad }) => {
    phases.phaseDone('read');
    return rowsToLoad;
  });
  fileRead.catch(() => {});
  try {
    if (!upload.readable || !upload.timezone) {
      // Nothing to load: validation says why, and approve refuses it.
      upload.skipLoad();
      await fileRead;
      await approve(deps, options, upload, await upload.prepared);
      throw new Error('A schedule that cannot be read was approved.');
    }
    return await load(deps, options, upload, fileRead, phases);
  } finally {
    await upload.close();
  }
}

/**
 * Loads the version while the worker reads the rest of the file and validates; it becomes current
 * once validation approves it.
 */
async function load(
  deps: AppDeps,
  options: ImportScheduleOptions,
  upload: ReadUpload,
  fileRead: Promise<number>,
  phases: ScheduleLoadTimer,
) {
  const { progress, tracker } = options;
  let rowsToLoad = 0;
  const read = fileRead.then(async (rows) => {
    rowsToLoad = rows;
    await progress(`Read ${rows} rows; validating them while the database loads them…`);
  });
  read.catch(() => {});
  let validated = false;
  let copied = 0;
  // Until validation is done its messages come first, and the bar shows validation.
  const loadMessages: string[] = [];
  let written: Promise<void> = Promise.resolve();
  const loaded = await storeScheduleVersion(deps, {
    timezone: upload.timezone!,
    feedVersion: feedVersionOf(options, upload),
    encode: (versionId) => upload.encode(versionId, 20_000),
    approve: async (versionId) => {
      await read;
      const prepared = await upload.prepared;
      phases.phaseDone('validate');
      const files = await approve(deps, options, upload, prepared, versionId);
      validated = true;
      await progress('Loading the schedule…');
      // Given together, written together (the job's writer batches them).
      await Promise.all(loadMessages.splice(0).map((message) => progress(message)));
      tracker?.update('load', Math.min(copied, rowsToLoad), rowsToLoad);
      return files;
    },
    onProgress: (message) => {
      if (!validated) loadMessages.push(message);
      // In order (the job's writer keeps it), all written before the upload says it is done.
      else {
        const line = progress(message).catch((err) => deps.log.warn({ err }, 'progress message not saved'));
        written = Promise.all([written, line]).then(() => {});
      }
    },
    onRows: (rows) => {
      copied = rows;
      if (validated) tracker?.update('load', Math.min(copied, rowsToLoad), rowsToLoad);
    },
    sourceKind: upload.kind,
    sourceName: options.fileName,
    uploadedBy: options.uploadedBy,
    jobId: options.jobId,
    withSwitch: options.withSwitch,
  });
  await written;
  tracker?.update('load', rowsToLoad, rowsToLoad);
  await tracker?.flush();
  phases.phaseDone('load');
  // The loader itself forgets the cached schedule and tells the other processes.
  return { ...loaded, uploadKind: upload.kind };
}

/**
 * Stores a file of the upload on a connection at the load's priority: its bytea (the 16 MB zip,
 * 87 MB at five times Renfe) is parsed and written by a database process that yields to the one
 * serving the feed's polls.
 */
function storeInBackground(deps: AppDeps, file: Parameters<typeof storeFile>[1]): Promise<number> {
  return onBackgroundConnection(deps, (background) => storeFile(background, file));
}

/**
 * Keeps the validation report, tells the uploader what validation found, and refuses a schedule
 * with errors (throws); else stores the workbook and the zip and returns the files to note on
 * the version.
 */
async function approve(
  deps: AppDeps,
  options: ImportScheduleOptions,
  upload: ReadUpload,
  { result: prepared, loadable }: PreparedResult,
  /** The version being loaded; none when nothing can be loaded (validation refuses it). */
  versionId?: number,
): Promise<VersionFiles> {
  const { progress } = options;
  const by = options.uploadedBy;
  const reportHtmlFileId = await storeInBackground(deps, {
    kind: 'report_html',
    name: 'report.html',
    contentType: 'text/html; charset=utf-8',
    bytes: Buffer.from(prepared.report.html),
    createdBy: by,
  });
  const reportJsonFileId = await storeInBackground(deps, {
    kind: 'report_json',
    name: 'report.json',
    contentType: 'application/json; charset=utf-8',
    bytes: Buffer.from(JSON.stringify(prepared.report.json)),
    createdBy: by,
  });
  const { errors, warnings, infos } = prepared.counts;
  // The job names its report: the public one stays that of the current schedule (getScheduleFile).
  await progress(`Validated: ${errors} errors, ${warnings} warnings, ${infos} infos.`, {
    validation_report: true,
    reportFileIds: { html: reportHtmlFileId, json: reportJsonFileId },
  });
  for (const warning of prepared.plannerWarnings) await progress(warning, { warning: true });
  for (const work of prepared.plannedWorks) await progress(work.sentence, work.kept ? {} : { warning: true });
  const firstErrors = upload.timezoneError
    ? [upload.timezoneError, ...prepared.firstErrors]
    : prepared.firstErrors;
  if (!loadable || !upload.timezone) {
    const lines = firstErrors.length > 0 ? firstErrors : prepared.problems.map((p) => p.message);
    throw new AppError('validation_failed', {
      message: `The schedule was not loaded; the current one keeps serving. Fix these and upload again:\n${lines.join('\n')}${
        errors > lines.length ? `\n… and ${errors - lines.length} more in the validation report.` : ''
      }`,
      details: { validation_report: true },
    });
  }
  options.tracker?.update('write', 0, 1);
  const isWorkbook = prepared.kind !== 'gtfs_zip';
  const workbookBytes = isWorkbook ? options.bytes : prepared.workbook;
  const workbookFileId = workbookBytes
    ? await storeInBackground(deps, {
        kind: 'schedule_workbook',
        name: 'gtfs.xlsx',
        contentType: XLSX,
        bytes: workbookBytes,
        createdBy: by,
      })
    : undefined;
  // With planned works applied the zip is written again from the changed feed. Its feed_info.txt
  // names the version the realtime feeds name (docs/rest-api.md "Downloads").
  const zip = prepared.zip ?? options.bytes;
  const zipFileId = await storeInBackground(deps, {
    kind: 'schedule_zip',
    name: 'gtfs.zip',
    contentType: 'application/zip',
    bytes:
      versionId === undefined
        ? zip
        : withFeedVersion(zip, {
            feedVersion: servedFeedVersion({ versionId, feedVersion: feedVersionOf(options, upload) })!,
            defaultLanguage: (await getOperatorSettings(deps)).defaultLanguage,
          }),
    createdBy: by,
  });
  const plannedWorks = prepared.plannedWorks.filter((w) => w.kept).map((w) => w.id);
  // The planners' file without the planned works: the next version made from planned works
  // starts again from it (a workbook upload stores it as the workbook already).
  const sourceFileId =
    plannedWorks.length === 0
      ? undefined
      : isWorkbook
        ? workbookFileId
        : await storeInBackground(deps, {
            kind: 'schedule_source',
            name: 'source.zip',
            contentType: 'application/zip',
            bytes: options.bytes,
            createdBy: by,
          });
  options.tracker?.update('write', 1, 1);
  return { workbookFileId, zipFileId, reportHtmlFileId, reportJsonFileId, sourceFileId, plannedWorks };
}
