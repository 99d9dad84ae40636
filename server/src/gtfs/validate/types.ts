import type { GtfsFeed, RowOrigin } from '../tables.ts';
import type { FeedIndex } from './feed-index.ts';

/** MobilityData severities: ERROR = the spec says "must", WARNING = "should" or best practice, INFO = neither. */
export type Severity = 'ERROR' | 'WARNING' | 'INFO';

/**
 * One finding, as data. Field names follow the MobilityData GTFS Validator sampleNotices
 * (`csvRowNumber`, `tripId`, `fieldName`, ...); the sentence is rendered from it in the report.
 */
export type Notice = {
  code: string;
  severity: Severity;
  filename?: string;
  csvRowNumber?: number;
  fieldName?: string;
  fieldValue?: string;
  origin?: RowOrigin;
  [context: string]: unknown;
};

/** A notice code a rule can emit, with the one-line description shown in the report. */
export type NoticeSpec = { code: string; severity: Severity; description: string };

export type RuleContext = { now: Date; index: FeedIndex };

/** A rule module: the codes it may emit and a check that returns notices and never throws. */
export type Rule = {
  codes: readonly NoticeSpec[];
  check(feed: GtfsFeed, ctx: RuleContext): Notice[];
};

export type ValidationCounts = { errors: number; warnings: number; infos: number };

export type ValidationResult = { notices: Notice[]; counts: ValidationCounts; blocking: boolean };

/** Builds a notice of `spec`'s code and severity carrying `fields` as context. */
export function notice(spec: NoticeSpec, fields: Omit<Notice, 'code' | 'severity'> = {}): Notice {
  return { code: spec.code, severity: spec.severity, ...fields };
}
