import type { FeedEntity } from '@feeddesk/proto';
import type { AppDeps } from '../deps.ts';

type Alert = FeedEntity['alert'];

/** The translated fields of an alert, by the name a rider's app gives them (GTFS-Realtime Alert). */
const TEXT_FIELDS = [
  ['headerText', 'header_text'],
  ['descriptionText', 'description_text'],
  ['url', 'url'],
  ['ttsHeaderText', 'tts_header_text'],
  ['ttsDescriptionText', 'tts_description_text'],
  ['causeDetail', 'cause_detail'],
  ['effectDetail', 'effect_detail'],
] as const;

/**
 * Refuses (413) an alert bigger than the settings allow: a text over ALERT_TEXT_MAX_CHARS, a text
 * in more than ALERT_TRANSLATIONS_MAX languages, or more than ALERT_INFORMED_ENTITIES_MAX informed
 * entities. Each text is linted and each informed entity checked against the schedule on the
 * thread that serves the feed, so an alert is bounded before any rule runs (docs/rest-api.md
 * "Quotas of a principal"). The one check of every alert save, REST and tRPC alike
 * (save-feed-entity.ts), so the two never disagree.
 */
export function checkAlertSize(
  deps: Pick<AppDeps, 'config' | 'quotas'>,
  alert: Alert | null | undefined,
): void {
  if (!alert) return;
  const {
    ALERT_TEXT_MAX_CHARS: maxChars,
    ALERT_TRANSLATIONS_MAX: maxTranslations,
    ALERT_INFORMED_ENTITIES_MAX: maxInformed,
  } = deps.config;
  const informed = alert.informedEntity?.length ?? 0;
  if (informed > maxInformed) {
    throw deps.quotas.refusal(
      'alert_informed_entities',
      'alert_too_large',
      `This alert names ${informed} informed entities; an alert takes at most ${maxInformed} (ALERT_INFORMED_ENTITIES_MAX). Name the route or the stop instead of each train, or split the alert.`,
    );
  }
  for (const [key, name] of TEXT_FIELDS) {
    const translations = alert[key]?.translation ?? [];
    if (translations.length > maxTranslations) {
      throw deps.quotas.refusal(
        'alert_translations',
        'alert_too_large',
        `The ${name} of this alert has ${translations.length} translations; a text takes at most ${maxTranslations} (ALERT_TRANSLATIONS_MAX). Keep the languages riders read.`,
      );
    }
    for (const translation of translations) {
      // Characters as the editor counts them (code points); never more than UTF-16 units.
      const text = translation.text ?? '';
      const chars = text.length > maxChars ? [...text].length : 0;
      if (chars > maxChars) {
        throw deps.quotas.refusal(
          'alert_text_chars',
          'alert_too_large',
          `The ${name}${translation.language ? ` (${translation.language})` : ''} of this alert has ${chars} characters; a text takes at most ${maxChars} (ALERT_TEXT_MAX_CHARS). Shorten it, and link to a page for the rest.`,
        );
      }
    }
  }
}
