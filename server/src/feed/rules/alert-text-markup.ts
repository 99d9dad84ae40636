import type { FeedEntity } from '@feeddesk/proto';
import { alertTranslations } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert text with HTML or Markdown in it (warning): GTFS-Realtime header_text and description_text
 * are plain text, so journey planners show the tags and asterisks as they are.
 */
export const code = 'alert_text_markup';
export const severity: Severity = 'warning';
export const description = 'An alert text holds HTML or Markdown; alert texts are plain text.';
export const sentence = ({ value }: { value?: unknown }) =>
  `The text holds ${value}, which riders see as typed: alert texts are plain text, write it without markup.`;

/** What gives markup away, with the name told to the controller. Plain punctuation stays out. */
const MARKUP: [RegExp, string][] = [
  [/<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i, 'an HTML tag'],
  [/&(#\d+|#x[0-9a-f]+|[a-z]+);/i, 'an HTML entity'],
  [/\[[^\]\n]+\]\([^)\s]+\)/, 'a Markdown link'],
  [/(\*\*|__)\S(.*?\S)?\1/, 'Markdown bold'],
  [/(^|\n)#{1,6} \S/, 'a Markdown heading'],
  [/`[^`\n]+`/, 'Markdown code'],
];

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return alertTranslations(entity).flatMap((t) => {
    const found = MARKUP.find(([pattern]) => pattern.test(t.text));
    return found ? [report(t.field, { value: found[1], language: t.language })] : [];
  });
}
