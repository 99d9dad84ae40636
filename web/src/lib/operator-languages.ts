import { createContext, useContext } from 'react';
import { trpc } from './trpc.ts';

/** One language offered for alert texts (the operator settings). */
export type OfferedLanguage = { tag: string; name: string };
/** What the editors, the templates and the feed list follow. */
export type LanguageSettings = {
  languages: OfferedLanguage[];
  defaultLanguage: string;
  urlLanguage: string;
  /** The languages every published alert must carry a header in (docs/contract-notes.md "Operator settings"). */
  requiredLanguages: string[];
};

/** The operator settings as every screen reads them (settings.get, any logged-in user). */
export function useOperatorSettings() {
  return trpc.settings.get.useQuery(undefined, { staleTime: 30_000 });
}

/** Provided by <OfferedLanguages> once settings.get has answered (app/offered-languages.tsx). */
export const LanguageSettingsContext = createContext<LanguageSettings | null>(null);

/**
 * The operator's languages: never a built-in list. Screens render inside
 * <OfferedLanguages>, which waits for the settings, so a new alert never starts in another
 * operator's language.
 */
export function useLanguageSettings(): LanguageSettings {
  const settings = useContext(LanguageSettingsContext);
  if (!settings)
    throw new Error('useLanguageSettings() outside <OfferedLanguages>: the settings are not read yet.');
  return settings;
}

/**
 * "Add a header in isiZulu and Sesotho.": the required languages without a written header, as the
 * server refuses them (server/src/feed/check-alert-languages.ts); empty when none is missing.
 */
export function missingHeadersSentence(
  settings: Pick<LanguageSettings, 'languages' | 'requiredLanguages'>,
  headers: Record<string, string | undefined>,
): string {
  const written = new Set(
    Object.entries(headers)
      .filter(([, text]) => (text ?? '').trim() !== '')
      .map(([tag]) => tag.toLowerCase()),
  );
  // A header in the language alone (`en`) serves `en-ZA` too, as the server counts it.
  const served = (tag: string) => {
    const parts = tag.toLowerCase().split('-');
    return parts.some((_, i) => written.has(parts.slice(0, i + 1).join('-')));
  };
  const names = settings.requiredLanguages
    .filter((tag) => !served(tag))
    .map((tag) => languageName(settings, tag));
  if (names.length === 0) return '';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Add a header in ${list}.`;
}

/** The name editors read for a tag: the offered language's, else the tag itself. */
export function languageName(settings: Pick<LanguageSettings, 'languages'>, tag: string): string {
  return settings.languages.find((l) => l.tag === tag)?.name ?? tag;
}
