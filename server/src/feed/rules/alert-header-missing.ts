import type { FeedEntity } from '@feeddesk/proto';
import { alertTranslations } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert without a header: no header_text at all, or a language that has a description but no
 * header (warning). The header is the line riders see first; GTFS-Realtime marks header_text
 * required and MobilityData's service alert guidelines ask for one in every language given.
 */
export const code = 'alert_header_missing';
export const severity: Severity = 'warning';
export const description = 'The alert has no header text, or a language has a description without a header.';
export const sentence = ({ value }: { value?: unknown }) =>
  typeof value === 'string' && value !== ''
    ? `The alert has a description in ${value} but no header in ${value}; write a short header for it.`
    : 'The alert has no header; write a short header riders read first.';

export function check(entity: FeedEntity): FeedNotice[] {
  if (!entity.alert) return [];
  const report = reporter(code, severity, entity.id);
  const written = (t: { text: string }) => t.text.trim() !== '';
  const headers = alertTranslations(entity, ['headerText']).filter(written);
  if (headers.length === 0) return [report('alert.header_text')];
  const withHeader = new Set(headers.map((t) => t.language));
  const described = alertTranslations(entity, ['descriptionText']).filter(written);
  return [...new Set(described.map((t) => t.language))]
    .filter((language) => !withHeader.has(language))
    .map((language) => report('alert.header_text', { value: language }));
}
