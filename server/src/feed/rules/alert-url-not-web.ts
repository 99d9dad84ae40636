import type { FeedEntity } from '@feeddesk/proto';
import { type FeedNotice, reporter, type Severity } from './notice.ts';

/**
 * Alert URL that is no web address: every translation of alert.url must be an http or https URL
 * (error). Journey planners show it as a link, so a `javascript:` or `data:` URL would run in
 * their pages.
 */
export const code = 'alert_url_not_web';
export const severity: Severity = 'error';
export const description = 'An alert URL is not an http or https address.';
export const sentence = () => 'The alert URL must start with http:// or https://.';

export function check(entity: FeedEntity): FeedNotice[] {
  const translations = entity.alert?.url?.translation ?? [];
  const report = reporter(code, severity, entity.id);
  return translations.flatMap((translation, i) => {
    const text = translation.text ?? '';
    if (isWebUrl(text)) return [];
    return [report(`alert.url.translation[${i}].text`, { value: text.slice(0, 200) })];
  });
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
