import { createContext, useContext } from 'react';
import { trpc } from './trpc.ts';

/** One language offered for alert texts (the operator settings). */
export type OfferedLanguage = { tag: string; name: string };
/** What the editors, the templates and the feed list follow. */
export type LanguageSettings = {
  languages: OfferedLanguage[];
  defaultLanguage: string;
  urlLanguage: string;
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

/** The name editors read for a tag: the offered language's, else the tag itself. */
export function languageName(settings: Pick<LanguageSettings, 'languages'>, tag: string): string {
  return settings.languages.find((l) => l.tag === tag)?.name ?? tag;
}
