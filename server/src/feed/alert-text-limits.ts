import type { AppDeps } from '../deps.ts';
import { MAX_DESCRIPTION_CHARS } from './rules/alert-description-too-long.ts';
import { MAX_HEADER_CHARS } from './rules/alert-header-too-long.ts';

export type AlertTextLimits = {
  /** Above this a header is warned about (alert_header_too_long). */
  headerWarnChars: number;
  /** Above this a description is warned about (alert_description_too_long). */
  descriptionWarnChars: number;
  /** Above this any text is refused (ALERT_TEXT_MAX_CHARS; check-alert-size.ts). */
  maxChars: number;
};

/**
 * The limits the editor says next to each text before saving, taken from the
 * rules themselves so the two never disagree.
 */
export function alertTextLimits(deps: Pick<AppDeps, 'config'>): AlertTextLimits {
  return {
    headerWarnChars: MAX_HEADER_CHARS,
    descriptionWarnChars: MAX_DESCRIPTION_CHARS,
    maxChars: deps.config.ALERT_TEXT_MAX_CHARS,
  };
}
