import { noticeCatalogue, renderNotice } from '../../notice.ts';
import type { Notice, Severity, ValidationResult } from '../types.ts';
import { allNoticeSpecs } from '../validate-feed.ts';
import { renderHtml } from './render-html.ts';

export type ReportMeta = {
  feedName: string;
  validatedAt: Date;
  /** Number of files and of data rows read. */
  files: number;
  rows: number;
  /** The agency's zone (agency.txt): report.html gives its times there. */
  timeZone?: string;
};

/** report.json keeps MobilityData's capitals; notices carry the product's lower-case severity. */
export type ReportSeverity = 'ERROR' | 'WARNING' | 'INFO';
const REPORT_SEVERITY: Record<Severity, ReportSeverity> = {
  error: 'ERROR',
  warning: 'WARNING',
  info: 'INFO',
};

export type NoticeGroup = {
  code: string;
  severity: ReportSeverity;
  description: string;
  totalNotices: number;
  sampleNotices: Omit<Notice, 'code' | 'severity'>[];
};

export type ReportJson = {
  summary: {
    feedName: string;
    validatedAt: string;
    /** The agency's zone, when the feed names one. */
    timeZone?: string;
    files: number;
    rows: number;
    counts: ValidationResult['counts'];
    blocking: boolean;
  };
  notices: NoticeGroup[];
};

/** As MobilityData's report.json: at most 50 samples per code. */
export const MAX_SAMPLES = 50;
const ORDER: Record<ReportSeverity, number> = { ERROR: 0, WARNING: 1, INFO: 2 };

/** report.json ({summary, notices: [{code, severity, totalNotices, sampleNotices}]}) and a readable report.html. */
export function buildReport(result: ValidationResult, meta: ReportMeta): { json: ReportJson; html: string } {
  const json: ReportJson = {
    summary: {
      feedName: meta.feedName,
      validatedAt: meta.validatedAt.toISOString(),
      ...(meta.timeZone ? { timeZone: meta.timeZone } : {}),
      files: meta.files,
      rows: meta.rows,
      counts: result.counts,
      blocking: result.blocking,
    },
    notices: groupNotices(result.notices),
  };
  return { json, html: renderHtml(json) };
}

function groupNotices(notices: Notice[]): NoticeGroup[] {
  const catalogue = noticeCatalogue(allNoticeSpecs());
  const groups = new Map<string, NoticeGroup>();
  for (const n of notices) {
    const { code, severity, ...context } = n;
    let group = groups.get(code);
    if (!group) {
      // A code's description; a reader's problem of a code we do not list brings its own sentence.
      const description = catalogue.get(code)?.description ?? renderNotice(n, catalogue);
      group = { code, severity: REPORT_SEVERITY[severity], description, totalNotices: 0, sampleNotices: [] };
      groups.set(code, group);
    }
    group.totalNotices++;
    if (group.sampleNotices.length < MAX_SAMPLES) group.sampleNotices.push(context);
  }
  return [...groups.values()].sort(
    (a, b) => ORDER[a.severity] - ORDER[b.severity] || a.code.localeCompare(b.code),
  );
}
