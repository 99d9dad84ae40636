import type { FeedEntity } from '@feeddesk/proto';
import { OPERATOR_LANGUAGE_TAGS } from '../operator-languages.ts';
import { alertTranslations } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert translation in a language the operator does not publish in (warning): its tag is not one
 * of docs/spec.md §3's nine (en-ZA, af-ZA, xh-ZA, zu-ZA, nd, st, ts, tn, ve). A warning, not an error:
 * GTFS-Realtime allows any BCP-47 tag and a REST client may mean `en`, but riders' apps pick the
 * translation by tag, so a typo (`en-ZAA`) or a near miss (`af` beside `af-ZA`) is read by nobody.
 */
export const code = 'alert_language_not_offered';
export const severity: Severity = 'warning';
export const description = "An alert translation's language is not one of the operator's languages.";
export const sentence = ({ value }: { value?: unknown }) =>
  `Language "${value}" is not one of the operator's languages (${OPERATOR_LANGUAGE_TAGS.join(', ')}); use one of those tags.`;

export function check(entity: FeedEntity): FeedNotice[] {
  const alert = entity.alert;
  if (!alert) return [];
  const report = reporter(code, severity, entity.id);
  const urls = (alert.url?.translation ?? []).map((t, i) => ({
    field: `alert.url.translation[${i}].language`,
    language: t.language ?? '',
  }));
  const texts = alertTranslations(entity).map((t) => ({
    field: t.field.replace(/\.text$/, '.language'),
    language: t.language,
  }));
  // An untagged translation is the feed's default language (GTFS-Realtime TranslatedString).
  return [...texts, ...urls]
    .filter((t) => t.language !== '' && !OPERATOR_LANGUAGE_TAGS.includes(t.language))
    .map((t) => report(t.field, { value: t.language }));
}
