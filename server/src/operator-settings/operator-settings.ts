import type { OfferedLanguage } from '@feeddesk/drizzle';
import { AppError } from '../errors.ts';
import { DEMO_LANGUAGES } from '../feed/operator-languages.ts';

export type { OfferedLanguage } from '@feeddesk/drizzle';

/** What every screen and rule reads: the languages offered for alert texts, in order. */
export type OperatorSettings = {
  languages: OfferedLanguage[];
  /** A new alert starts in it; an untagged text is read as it. */
  defaultLanguage: string;
  /** The tag of an alert's URL. */
  urlLanguage: string;
  /** The bus routes (route_type 3) replacement buses run on, first the one used when none is named. */
  busRouteIds: string[];
  /** Which saves of users without the `approve` role wait for a second person (docs/contract-notes.md). */
  approval: ApprovalSetting;
  /**
   * The languages every published alert must carry a header in (tags, a subset of `languages`):
   * the default language alone unless an administrator chose more (docs/contract-notes.md
   * "Operator settings"). The product never invents a translation, so an operator requires only
   * the languages its editors write.
   */
  requiredLanguages: string[];
  /** Null while the demo's defaults apply (nobody saved settings yet). */
  updatedAt: Date | null;
  updatedBy: string | null;
};

/** What an administrator sends. */
export type OperatorSettingsInput = Pick<
  OperatorSettings,
  'languages' | 'defaultLanguage' | 'urlLanguage'
> & {
  /** Absent: kept as they are. */
  busRouteIds?: string[];
  /** Absent: kept as it is. */
  approval?: ApprovalSetting;
  /** Absent: kept as they are (less any language no longer offered). */
  requiredLanguages?: string[];
};

/** Two-person approval: off, for alerts, or for alerts and disruptions. */
export const APPROVAL_SETTINGS = ['off', 'alerts', 'alerts_and_disruptions'] as const;
export type ApprovalSetting = (typeof APPROVAL_SETTINGS)[number];

/** Bounds of the bus routes named: a real operator names a few. */
export const MAX_BUS_ROUTES = 50;

/** The demo operator's settings: the South African nine, English default. */
export const DEMO_SETTINGS: OperatorSettings = {
  languages: DEMO_LANGUAGES.map((l) => ({ ...l })),
  defaultLanguage: 'en-ZA',
  urlLanguage: 'en-ZA',
  busRouteIds: [],
  approval: 'off',
  requiredLanguages: ['en-ZA'],
  updatedAt: null,
  updatedBy: null,
};

/** Bounds that keep the menus usable and the row small; a real operator offers a handful. */
export const MAX_LANGUAGES = 40;
export const MAX_LANGUAGE_NAME_CHARS = 60;
/** BCP 47 tags of real use are short; RFC 5646 §4.4.1 asks implementations for at least 35. */
export const MAX_TAG_CHARS = 35;

/** The canonical form of a BCP 47 tag (`EN-us` → `en-US`), or null when it is not one. */
export function canonicalTag(tag: string): string | null {
  const text = tag.trim();
  if (text === '' || text.length > MAX_TAG_CHARS) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(text);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** The English name of a tag (`es-US` → `Spanish (United States)`), else the tag itself. */
export function languageName(tag: string): string {
  try {
    return (
      new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard', fallback: 'code' }).of(
        tag,
      ) ?? tag
    );
  } catch {
    return tag;
  }
}

/**
 * The required languages of settings whose offered languages may have changed: those still
 * offered, else the default language alone (an alert always has one language it must carry).
 */
export function keptRequiredLanguages(
  required: readonly string[] | null | undefined,
  languages: readonly OfferedLanguage[],
  defaultLanguage: string,
): string[] {
  const kept = languages.map((l) => l.tag).filter((tag) => required?.includes(tag));
  return kept.length > 0 ? kept : [defaultLanguage];
}

const invalid = (message: string) => new AppError('validation_failed', { message });
// A name is read in menus and workbook headers: no control characters (a tab or a line break).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The settings an administrator sent, checked and in canonical form: every tag BCP 47 and once,
 * a name (the English name when left empty) without control characters, the default and URL
 * languages among the offered ones. Throws validation_failed with a sentence on the first fault.
 */
export function checkOperatorSettings(input: OperatorSettingsInput): OperatorSettingsInput {
  if (input.languages.length === 0) throw invalid('Offer at least one language for alert texts.');
  if (input.languages.length > MAX_LANGUAGES)
    throw invalid(
      `${input.languages.length} languages are too many: offer at most ${MAX_LANGUAGES} for alert texts.`,
    );
  const languages: OfferedLanguage[] = [];
  for (const [i, language] of input.languages.entries()) {
    const tag = canonicalTag(language.tag);
    if (!tag)
      throw invalid(
        `Language ${i + 1}: "${language.tag.slice(0, MAX_TAG_CHARS)}" is not a BCP 47 language tag; write one such as en-US, es-US or zu-ZA.`,
      );
    if (languages.some((l) => l.tag === tag))
      throw invalid(`Language ${i + 1}: ${tag} is offered twice; keep it once.`);
    const name = language.name.trim() || languageName(tag);
    if ([...name].length > MAX_LANGUAGE_NAME_CHARS)
      throw invalid(
        `The name of ${tag} has ${[...name].length} characters; keep it under ${MAX_LANGUAGE_NAME_CHARS}.`,
      );
    if (CONTROL.test(name))
      throw invalid(`The name of ${tag} holds a control character (a tab or a line break); remove it.`);
    languages.push({ tag, name });
  }
  const member = (what: string, value: string) => {
    const tag = canonicalTag(value);
    if (!tag || !languages.some((l) => l.tag === tag))
      throw invalid(
        `The ${what} "${value.slice(0, MAX_TAG_CHARS)}" is not one of the offered languages (${languages.map((l) => l.tag).join(', ')}); choose one of them.`,
      );
    return tag;
  };
  const busRouteIds = input.busRouteIds?.map((id) => id.trim());
  if (busRouteIds && busRouteIds.length > MAX_BUS_ROUTES)
    throw invalid(`${busRouteIds.length} bus routes are too many: name at most ${MAX_BUS_ROUTES}.`);
  if (busRouteIds && new Set(busRouteIds).size !== busRouteIds.length)
    throw invalid('A bus route is named twice: name each once.');
  if (busRouteIds?.some((id) => id === '' || CONTROL.test(id)))
    throw invalid('A bus route id is empty or holds a control character: name routes of the schedule.');
  if (input.approval !== undefined && !APPROVAL_SETTINGS.includes(input.approval))
    throw invalid(`Approval is one of ${APPROVAL_SETTINGS.join(', ')}.`);
  const required = input.requiredLanguages?.map((tag) => member('required language', tag));
  if (required && required.length === 0)
    throw invalid('Require at least one language: every published alert carries a header in it.');
  if (required && new Set(required).size !== required.length)
    throw invalid('A required language is named twice: name each once.');
  return {
    languages,
    defaultLanguage: member('default language', input.defaultLanguage),
    urlLanguage: member('URL language', input.urlLanguage),
    ...(busRouteIds && { busRouteIds }),
    ...(input.approval && { approval: input.approval }),
    // In the order the languages are offered, as every screen lists them.
    ...(required && { requiredLanguages: languages.map((l) => l.tag).filter((t) => required.includes(t)) }),
  };
}
