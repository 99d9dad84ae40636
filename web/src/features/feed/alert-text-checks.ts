import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import type { inferRouterOutputs } from '@trpc/server';
import type { AlertForm, LanguageTexts } from './alert-entity.ts';

export type AlertTextLimits = inferRouterOutputs<AppRouter>['feed']['alertTextLimits'];

/** A template's placeholder, as alert-template-fill.ts fills them. */
const PLACEHOLDER = /\{(\w+)\}/g;

/** What fills each placeholder the editor can fill; the others are for the controller to write. */
const HOW: Record<string, string> = {
  route: 'choose a route below',
  stop: 'choose a stop below',
  trains: 'choose the trips below',
  date: 'set the start date of the period',
  from: 'set the start time of the period',
  until: 'set the end of the period',
  to: 'set the end of the period',
};

/** The names of the `{placeholders}` a text still holds, once each. */
export function unfilledPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The sentence next to a field holding placeholders: which, and what fills each. */
export function placeholderSentence(names: string[]): string {
  const list = names.map((n) => `{${n}} (${HOW[n] ?? 'replace it with the words riders should read'})`);
  return `Not filled yet: ${list.join(', ')}. Riders would read the braces: publishing waits until it is filled.`;
}

export type TextCheck = { error?: string; warning?: string };
const chars = (text: string) => [...text.trim()].length;
const number = (n: number) => n.toLocaleString('en-US').replaceAll(',', ' ');

/** What the editor says under one text field before saving: placeholders, too long for the feed, long. */
export function checkText(
  text: string,
  kind: 'header' | 'description' | 'other',
  limits: AlertTextLimits | undefined,
): TextCheck {
  const n = chars(text);
  if (limits && n > limits.maxChars)
    return {
      error: `${number(n)} characters: the feed takes at most ${number(limits.maxChars)}. Shorten it, and link to a page for the rest.`,
    };
  const names = unfilledPlaceholders(text);
  if (names.length > 0) return { error: placeholderSentence(names) };
  const warnAt =
    kind === 'header'
      ? limits?.headerWarnChars
      : kind === 'description'
        ? limits?.descriptionWarnChars
        : undefined;
  if (warnAt !== undefined && n > warnAt)
    return {
      warning:
        kind === 'header'
          ? `${number(n)} characters: journey planners cut headers longer than ${warnAt}; move the details to the description.`
          : `${number(n)} characters: keep it under ${number(warnAt)} and link to a page for the rest.`,
    };
  return {};
}

/** Why the form cannot be saved (too long) or published (placeholders) yet; empty when it can. */
export function textBlocks(form: AlertForm, limits: AlertTextLimits | undefined) {
  const texts = form.languages.flatMap((tag) => {
    const t = form.texts[tag];
    return t ? (Object.values(t) as LanguageTexts[keyof LanguageTexts][]) : [];
  });
  return {
    tooLong: limits ? texts.some((text) => chars(text) > limits.maxChars) : false,
    placeholders: texts.some((text) => unfilledPlaceholders(text).length > 0),
  };
}

export const TOO_LONG = 'A text is longer than the feed takes: shorten the field marked in red.';
export const PLACEHOLDERS_LEFT =
  'A text still holds a {placeholder}: fill it (see the field marked in red) before publishing, or save as draft.';
