import type { FeedEntity } from '@feeddesk/proto';
import { alertTranslations } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

export const MAX_DESCRIPTION_CHARS = 1200;

/**
 * Alert description longer than 1 200 characters (warning): riders read alerts on phones and
 * screens at stations; MobilityData's service alert guidelines ask for concise descriptions with a
 * link (url) to the long story.
 */
export const code = 'alert_description_too_long';
export const severity: Severity = 'warning';
export const description = `An alert description is longer than ${MAX_DESCRIPTION_CHARS} characters.`;
export const sentence = ({ value, language }: { value?: unknown; language?: unknown }) =>
  `The ${language || 'untagged'} description has ${value} characters; keep it under ${MAX_DESCRIPTION_CHARS} and link to a page for the rest.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return alertTranslations(entity, ['descriptionText'])
    .filter((t) => [...t.text.trim()].length > MAX_DESCRIPTION_CHARS)
    .map((t) => report(t.field, { value: [...t.text.trim()].length, language: t.language }));
}
