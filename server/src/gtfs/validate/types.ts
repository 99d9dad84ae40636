import type { Notice as AnyNotice, NoticeSpec } from '../notice.ts';
import type { GtfsFeed, RowOrigin } from '../tables.ts';
import type { FeedIndex } from './feed-index.ts';

export type { NoticeSpec, Severity } from '../notice.ts';

/**
 * One finding of the schedule rules. Field names follow the MobilityData GTFS Validator
 * sampleNotices (`csvRowNumber`, `tripId`, `fieldName`, ...); report.json writes its severity in
 * MobilityData's capitals.
 */
export type Notice = AnyNotice & {
  filename?: string;
  csvRowNumber?: number;
  fieldName?: string;
  fieldValue?: string;
  origin?: RowOrigin;
};

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
