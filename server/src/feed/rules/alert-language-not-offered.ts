import type { FeedEntity } from '@feeddesk/proto';
import { DEMO_LANGUAGE_TAGS } from '../operator-languages.ts';
import type { FeedRuleContext } from './context.ts';
import { alertTranslations } from './fields.ts';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert translation in a language the operator does not publish in (warning): its tag is not one
 * of the operator's settings (docs/spec.md §3's nine by default). A warning, not an error:
 * GTFS-Realtime allows any BCP-47 tag and a REST client may mean `en`, but riders' apps pick the
 * translation by tag, so a typo (`en-ZAA`) or a near miss (`af` beside `af-ZA`) is read by nobody.
 */
export const code = 'alert_language_not_offered';
export const severity: Severity = 'warning';
export const description = "An alert translation's language is not one of the operator's languages.";
export const sentence = ({ value, offered }: { value?: unknown; offered?: unknown }) =>
  `Language "${value}" is not one of the operator's languages (${Array.isArray(offered) ? offered.join(', ') : ''}); use one of those tags.`;

export function check(entity: FeedEntity, ctx: FeedRuleContext): FeedNotice[] {
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
  const offered = ctx.languages ?? DEMO_LANGUAGE_TAGS;
  // An untagged translation is the feed's default language (GTFS-Realtime TranslatedString).
  return [...texts, ...urls]
    .filter((t) => t.language !== '' && !offered.includes(t.language))
    .map((t) => report(t.field, { value: t.language, offered: [...offered] }));
}
