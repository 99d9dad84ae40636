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

export type NoticeGroup = {
  code: string;
  severity: Severity;
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
const ORDER: Record<Severity, number> = { ERROR: 0, WARNING: 1, INFO: 2 };

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
  const descriptions = new Map(allNoticeSpecs().map((s) => [s.code, s.description]));
  const groups = new Map<string, NoticeGroup>();
  for (const { code, severity, ...context } of notices) {
    let group = groups.get(code);
    if (!group) {
      const description = descriptions.get(code) ?? (context.message as string | undefined) ?? code;
      group = { code, severity, description, totalNotices: 0, sampleNotices: [] };
      groups.set(code, group);
    }
    group.totalNotices++;
    if (group.sampleNotices.length < MAX_SAMPLES) group.sampleNotices.push(context);
  }
  return [...groups.values()].sort(
    (a, b) => ORDER[a.severity] - ORDER[b.severity] || a.code.localeCompare(b.code),
  );
}
