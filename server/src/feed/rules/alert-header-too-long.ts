import type { FeedEntity } from '@feeddesk/proto';
import { alertTranslations } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/** Longest header that still fits a departure board line or a phone notification. */
export const MAX_HEADER_CHARS = 100;

/**
 * Alert header longer than about 100 characters (warning): journey planners cut long headers in
 * lists and notifications. MobilityData's service alert guidelines: a short header, the details
 * in the description.
 */
export const code = 'alert_header_too_long';
export const severity: Severity = 'warning';
export const description = `An alert header is longer than ${MAX_HEADER_CHARS} characters.`;
export const sentence = ({ value, language }: { value?: unknown; language?: unknown }) =>
  `The ${language || 'untagged'} header has ${value} characters; keep it under ${MAX_HEADER_CHARS} and move the details to the description.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return alertTranslations(entity, ['headerText'])
    .filter((t) => [...t.text.trim()].length > MAX_HEADER_CHARS)
    .map((t) => report(t.field, { value: [...t.text.trim()].length, language: t.language }));
}
