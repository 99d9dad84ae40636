/**
 * GTFS Schedule as a module of its own: reading uploads (GTFS zip, timetable and plain
 * workbooks), validating them into a MobilityData-style report, writing the zip and workbook, the
 * demo network and the tests' twin-locals workbook. It imports nothing of the rest of the product,
 * and the product imports it only through this file (tests/structure/gtfs-module.test.ts holds both).
 */
export {
  type ConvertedUpload,
  type ConvertOptions,
  convertUpload,
  type UploadKind,
} from './convert-upload.ts';
export { buildDemoTimetableWorkbook } from './demo-schedule.ts';
export { FILE, FILE_SPEC_BY_NAME, FILE_SPECS, type FileSpec, sheetOf, WRITE_ORDER } from './files.ts';
export {
  type Notice,
  type NoticeCatalogue,
  type NoticeFields,
  type NoticeSpec,
  noticeCatalogue,
  renderNotice,
  type Severity,
} from './notice.ts';
export { PackedRows, packedRows, packedRowsView } from './packed-rows.ts';
export {
  cellTimeToSeconds,
  formatGtfsTime,
  parseGtfsTime,
  parseTextTime,
  unwrapMidnight,
} from './parse-time.ts';
export type { StreamedFile } from './read-zip.ts';
export { column, type GtfsFeed, type GtfsTable, type InputProblem, type RowOrigin } from './tables.ts';
export { buildTwinLocalsWorkbook, TWIN_LOCALS_ZONE } from './test-support/twin-locals-workbook.ts';
export { buildReport, type ReportJson, type ReportMeta } from './validate/report/build-report.ts';
export { agencyTimeZone, plannerWarnings } from './validate/report/planner-warnings.ts';
export type {
  Notice as ScheduleNotice,
  ValidationCounts,
  ValidationResult,
} from './validate/types.ts';
export { type ValidateFeedOptions, validateFeed } from './validate/validate-feed.ts';
export { EXCEL_MAX_ROWS, TooManyRowsError, writePlainWorkbook } from './write-plain-workbook.ts';
export { writeGtfsZip } from './write-zip.ts';
export { type FeedVersionOptions, withFeedVersion } from './zip-feed-version.ts';
