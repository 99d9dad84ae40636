import { DateTime } from 'luxon';

export const SUMMARY_KIND = 'summary';
export const SUMMARY_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `summary-YYYY-MM-DDTHH-MM-SS.xlsx`, plus `-N` when two summaries start in the same second. */
const SUMMARY_NAME = /^summary-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(-\d{1,4})?\.xlsx$/;

/** The file name of a summary made at `at`, in the agency's local time. */
export function summaryFileName(at: Date, timezone: string, suffix = 0): string {
  const stamp = DateTime.fromJSDate(at, { zone: timezone }).toFormat("yyyy-LL-dd'T'HH-mm-ss");
  return `summary-${stamp}${suffix > 0 ? `-${suffix + 1}` : ''}.xlsx`;
}

/** Only names of this shape are looked up; anything else is unknown (and never a path). */
export function isSummaryName(name: string): boolean {
  return SUMMARY_NAME.test(name);
}
