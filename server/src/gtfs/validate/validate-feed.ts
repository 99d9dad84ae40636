import type { GtfsFeed, InputProblem } from '../tables.ts';
import { FeedIndex } from './feed-index.ts';
import { INPUT_PROBLEM, INVALID_INPUT_FILES_IN_SUBFOLDER, inputProblemsToNotices } from './input-problems.ts';
import { rules } from './rules/index.ts';
import type { Notice, NoticeSpec, Rule, ValidationCounts, ValidationResult } from './types.ts';

export type ValidateFeedOptions = {
  /** Dates (expired calendars, feed expiry) are judged against this day. */
  now: Date;
  /** The operator's setting: warnings block the upload too. */
  blockOnWarnings?: boolean;
  /** Problems the reader found; reported as ERROR notices before the rules' notices. */
  inputProblems?: readonly InputProblem[];
};

/** A rule threw: a bug of ours, reported rather than crashing the upload (MobilityData's system error). */
export const RUNTIME_EXCEPTION_IN_VALIDATOR: NoticeSpec = {
  code: 'runtime_exception_in_validator_error',
  severity: 'error',
  description: 'A validation rule failed unexpectedly; the feed could not be fully checked.',
};

/** Runs every rule of rules/index.ts over the feed; any ERROR (or WARNING if asked) makes the result blocking. */
export function validateFeed(
  feed: GtfsFeed,
  options: ValidateFeedOptions,
  ruleList: readonly Rule[] = rules,
): ValidationResult {
  const ctx = { now: options.now, index: new FeedIndex(feed) };
  const notices = inputProblemsToNotices(options.inputProblems ?? []);
  for (const rule of ruleList) {
    try {
      for (const n of rule.check(feed, ctx)) notices.push(withOrigin(feed, n));
    } catch (error) {
      const { code, severity } = RUNTIME_EXCEPTION_IN_VALIDATOR;
      notices.push({ code, severity, validator: rule.codes[0]?.code, message: String(error) });
    }
  }
  const counts = countBySeverity(notices);
  const blocking = counts.errors > 0 || (options.blockOnWarnings === true && counts.warnings > 0);
  return { notices, counts, blocking };
}

/** Every code the validator can emit, for the report's descriptions. */
export function allNoticeSpecs(): NoticeSpec[] {
  return [
    ...rules.flatMap((r) => r.codes),
    INVALID_INPUT_FILES_IN_SUBFOLDER,
    INPUT_PROBLEM,
    RUNTIME_EXCEPTION_IN_VALIDATOR,
  ];
}

function countBySeverity(notices: Notice[]): ValidationCounts {
  const counts = { errors: 0, warnings: 0, infos: 0 };
  for (const n of notices) {
    if (n.severity === 'error') counts.errors++;
    else if (n.severity === 'warning') counts.warnings++;
    else counts.infos++;
  }
  return counts;
}

/** Rows that came from a workbook carry their sheet and cell, so the planner knows what to fix. */
function withOrigin(feed: GtfsFeed, n: Notice): Notice {
  const file = (n.filename ?? n.childFilename) as string | undefined;
  if (n.origin || !file || typeof n.csvRowNumber !== 'number') return n;
  const origin = feed.get(file)?.origins?.[n.csvRowNumber - 2];
  return origin ? { ...n, origin } : n;
}
