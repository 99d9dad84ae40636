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

/** JavaScript's `\s` (WhiteSpace and LineTerminator), by UTF-16 code unit: no string made per character. */
function isSpaceCode(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
/** What `.` does not cross. */
const isLineBreakCode = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

const NEWLINE = 10;
const OPEN_BRACKET = 91; // [
const CLOSE_BRACKET = 93; // ]
const OPEN_PAREN = 40; // (
const CLOSE_PAREN = 41; // )

/**
 * `[text](target)`: text without `]` or a line break, target without `)` or spaces. A scan in one
 * pass: the regex `\[[^\]\n]+\]\([^)\s]+\)` tried at every `[` read the rest of the text again
 * each time (`[a](` × 2 500 took seconds, docs/quality.md "Reliability and security bars").
 * By code unit: a string per character was most of a 100 KB alert's checking.
 */
export function hasMarkdownLink(text: string): boolean {
  let open = -1; // the first `[` since the last `]` or line break
  let targetReadTo = -1; // a target read from before here stopped here without `)`
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) open = -1;
    else if (c === OPEN_BRACKET) {
      if (open < 0) open = i;
    } else if (c === CLOSE_BRACKET) {
      // A target starting at or before targetReadTo stops where that one stopped: no link.
      if (open >= 0 && open < i - 1 && text.charCodeAt(i + 1) === OPEN_PAREN && i + 2 > targetReadTo) {
        let j = i + 2;
        while (j < n) {
          const t = text.charCodeAt(j);
          if (t === CLOSE_PAREN || isSpaceCode(t)) break;
          j++;
        }
        if (j > i + 2 && text.charCodeAt(j) === CLOSE_PAREN) return true;
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
  return hasPairOf(text, 42) || hasPairOf(text, 95); // * and _
}

function hasPairOf(text: string, mark: number): boolean {
  let opened = -1; // the first doubled mark followed by a non-space, since the last line break
  for (let i = 0; i + 1 < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isLineBreakCode(c)) opened = -1;
    else if (c === mark && text.charCodeAt(i + 1) === mark) {
      if (opened >= 0 && i >= opened + 3 && !isSpaceCode(text.charCodeAt(i - 1))) return true;
      if (opened < 0 && i + 2 < text.length && !isSpaceCode(text.charCodeAt(i + 2))) opened = i;
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
