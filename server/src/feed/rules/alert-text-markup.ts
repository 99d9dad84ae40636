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

/** JavaScript's `\s`, one character at a time. */
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
/** What `.` does not cross. */
const isLineBreak = (c: string) => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';

/**
 * `[text](target)`: text without `]` or a line break, target without `)` or spaces. A scan in one
 * pass: the regex `\[[^\]\n]+\]\([^)\s]+\)` tried at every `[` read the rest of the text again
 * each time (`[a](` × 2 500 took seconds, docs/quality.md "Reliability and security bars").
 */
export function hasMarkdownLink(text: string): boolean {
  let open = -1; // the first `[` since the last `]` or line break
  let targetReadTo = -1; // a target read from before here stopped here without `)`
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') open = -1;
    else if (c === '[') {
      if (open < 0) open = i;
    } else if (c === ']') {
      // A target starting at or before targetReadTo stops where that one stopped: no link.
      if (open >= 0 && open < i - 1 && text[i + 1] === '(' && i + 2 > targetReadTo) {
        let j = i + 2;
        while (j < text.length && text[j] !== ')' && !isSpace(text[j])) j++;
        if (j > i + 2 && text[j] === ')') return true;
        targetReadTo = j;
      }
      open = -1;
    }
  }
  return false;
}

/**
 * `**bold**` or `__bold__` on one line, a non-space just inside each mark, in one pass (the regex
 * `(\*\*|__)\S(.*?\S)?\1` was cubic on `__` repeated).
 */
export function hasMarkdownBold(text: string): boolean {
  return hasPairOf(text, '*') || hasPairOf(text, '_');
}

function hasPairOf(text: string, mark: string): boolean {
  let opened = -1; // the first doubled mark followed by a non-space, since the last line break
  for (let i = 0; i + 1 < text.length; i++) {
    if (isLineBreak(text[i])) opened = -1;
    else if (text[i] === mark && text[i + 1] === mark) {
      if (opened >= 0 && i >= opened + 3 && !isSpace(text[i - 1])) return true;
      if (opened < 0 && i + 2 < text.length && !isSpace(text[i + 2])) opened = i;
    }
  }
  return false;
}

/** What gives markup away, with the name told to the controller. Plain punctuation stays out. */
const MARKUP: [(text: string) => boolean, string][] = [
  [(text) => /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.test(text), 'an HTML tag'],
  [(text) => /&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text), 'an HTML entity'],
  [hasMarkdownLink, 'a Markdown link'],
  [hasMarkdownBold, 'Markdown bold'],
  [(text) => /(^|\n)#{1,6} \S/.test(text), 'a Markdown heading'],
  [(text) => /`[^`\n]+`/.test(text), 'Markdown code'],
];

export function check(entity: FeedEntity): FeedNotice[] {
  const report = reporter(code, severity, entity.id);
  return alertTranslations(entity).flatMap((t) => {
    const found = MARKUP.find(([holds]) => holds(t.text));
    return found ? [report(t.field, { value: found[1], language: t.language })] : [];
  });
}
