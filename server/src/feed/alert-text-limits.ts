import { MAX_DESCRIPTION_CHARS } from './rules/alert-description-too-long.ts';
import { MAX_HEADER_CHARS } from './rules/alert-header-too-long.ts';

/** Longest text of any alert field the feed accepts (the save refuses longer ones). */
export const MAX_ALERT_TEXT_CHARS = 10_000;

export type AlertTextLimits = {
  /** Above this a header is warned about (alert_header_too_long). */
  headerWarnChars: number;
  /** Above this a description is warned about (alert_description_too_long). */
  descriptionWarnChars: number;
  /** Above this any text is refused. */
  maxChars: number;
};

/**
 * The limits the editor says next to each text before saving, taken from the
 * rules themselves so the two never disagree.
 */
export function alertTextLimits(): AlertTextLimits {
  return {
    headerWarnChars: MAX_HEADER_CHARS,
    descriptionWarnChars: MAX_DESCRIPTION_CHARS,
    maxChars: MAX_ALERT_TEXT_CHARS,
  };
}
