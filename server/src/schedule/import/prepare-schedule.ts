import {
  agencyTimeZone,
  buildReport,
  convertUpload,
  type GtfsFeed,
  type InputProblem,
  plannerWarnings,
  type ReportJson,
  type ScheduleNotice,
  type StreamedFile,
  validateFeed,
  writeGtfsZip,
  writePlainWorkbook,
} from '../../gtfs/index.ts';
import {
  applyPlannedWorks,
  type PlannedWork,
  type PlannedWorkOutcome,
} from '../planned-works/apply-planned-works.ts';

export type PrepareScheduleOptions = {
  bytes: Uint8Array;
  fileName: string;
  now: Date;
  maxUnzippedBytes: number;
  blockOnWarnings: boolean;
  /** A GTFS zip's file to read last and follow while it is read (the import loads it meanwhile). */
  streamed?: StreamedFile;
  /** Told when reading is over and validating starts, then when writing the zip or workbook starts. */
  onPhase?: (phase: 'validate' | 'write') => void;
  /**
   * Called with the feed as read, before validating it: the import starts (or, when it streamed
   * stop_times, completes) its COPY here, so the database loads while the validator runs (the
   * load is discarded when validation refuses it).
   */
  afterRead?: (feed: GtfsFeed, readable: boolean, kind: PreparedSchedule['kind']) => Promise<void>;
  /** Planned works still ahead, applied to the feed as read, before it is validated and loaded. */
  plannedWorks?: PlannedWork[];
};

export type PreparedSchedule = {
  kind: 'timetable_workbook' | 'plain_workbook' | 'gtfs_zip' | 'unknown';
  /** Present only when the schedule may be loaded (no blocking notice). */
  feed: GtfsFeed | null;
  problems: InputProblem[];
  blocking: boolean;
  counts: { errors: number; warnings: number; infos: number };
  /** The first blocking notices as sentences with their cell, for the upload log. */
  firstErrors: string[];
  /** Expired calendars, a feed ending soon: sentences for the upload log. */
  plannerWarnings: string[];
  report: { json: ReportJson; html: string };
  zip: Uint8Array | null;
  /** For a zip upload: the same schedule as a plain workbook (docs/workbook.md export), when Excel can hold it. */
  workbook: Uint8Array | null;
  /** What each planned work did to this schedule (kept or dropped, and why). */
  plannedWorks: PlannedWorkOutcome[];
};

/**
 * The CPU-heavy part of an upload, run in a worker thread: read the file whatever its kind,
 * validate the GTFS, write the report and the zip. No database here.
 */
export async function prepareSchedule(options: PrepareScheduleOptions): Promise<PreparedSchedule> {
  const converted = await convertUpload(options.bytes, {
    maxUnzippedBytes: options.maxUnzippedBytes,
    streamed: options.streamed,
  });
  const plannedWorks =
    converted.problems.length === 0 ? planWorks(converted.feed, options.plannedWorks ?? []) : [];
  // A zip with planned works applied is no longer the uploaded one: written again below.
  const changed = plannedWorks.some((w) => w.kept);
  await options.afterRead?.(converted.feed, converted.problems.length === 0, converted.kind);
  options.onPhase?.('validate');
  const result = validateFeed(converted.feed, {
    now: options.now,
    blockOnWarnings: options.blockOnWarnings,
    inputProblems: converted.problems,
  });
  const rows = [...converted.feed.values()].reduce((n, t) => n + t.rows.length, 0);
  const report = buildReport(result, {
    feedName: options.fileName,
    validatedAt: options.now,
    files: converted.feed.size,
    rows,
    timeZone: agencyTimeZone(converted.feed),
  });
  const blocking = result.blocking || converted.problems.length > 0;
  const firstErrors = result.notices
    .filter((n) => n.severity === 'error' || (options.blockOnWarnings && n.severity === 'warning'))
    .slice(0, 10)
    .map(describeNotice);
  if (!blocking) options.onPhase?.('write');
  return {
    kind: converted.kind,
    feed: blocking ? null : converted.feed,
    problems: converted.problems,
    blocking,
    counts: result.counts,
    firstErrors,
    plannerWarnings: plannerWarnings(result.notices),
    report,
    zip: blocking || (converted.kind === 'gtfs_zip' && !changed) ? null : writeGtfsZip(converted.feed),
    workbook:
      blocking || converted.kind !== 'gtfs_zip' || !fitsExcel(converted.feed)
        ? null
        : await writePlainWorkbook(converted.feed),
    plannedWorks,
  };
}

/** The planned works applied; a feed whose tables lack what they need (validation will say so) drops them all. */
function planWorks(feed: GtfsFeed, works: PlannedWork[]): PlannedWorkOutcome[] {
  try {
    return applyPlannedWorks(feed, works);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return works.map((w) => ({
      id: w.id,
      kept: false,
      changed: 0,
      missing: [],
      added: [],
      sentence: `Planned works dropped: ${w.label}: ${why}`,
    }));
  }
}

/** One line of the upload log per notice: where (workbook cell or file and row), the code, and the message. */
export function describeNotice(n: ScheduleNotice): string {
  // A reference notice names its file and field as MobilityData's do: childFilename, childFieldName.
  const file = n.filename ?? (typeof n.childFilename === 'string' ? n.childFilename : undefined);
  const field = n.fieldName ?? (typeof n.childFieldName === 'string' ? n.childFieldName : undefined);
  const where = n.origin
    ? `'${n.origin.sheet}'!${n.origin.cell}`
    : file
      ? `${file}${n.csvRowNumber ? ` row ${n.csvRowNumber}` : ''}`
      : '';
  const missingFrom = typeof n.parentFilename === 'string' ? `, which is not in ${n.parentFilename}` : '';
  const detail =
    typeof n.message === 'string'
      ? n.message
      : field
        ? `${field} = '${n.fieldValue ?? ''}'${missingFrom}`
        : '';
  return [where, n.code, detail].filter(Boolean).join(': ');
}

/** Excel holds 1 048 576 rows a sheet. */
function fitsExcel(feed: GtfsFeed): boolean {
  return [...feed.values()].every((t) => t.rows.length < 1_048_575);
}
