import type { Deps } from '../deps.ts';
import { listAgencies } from '../schedule/list-agencies.ts';
import { getOperatorSettings } from './get-operator-settings.ts';
import { canonicalTag, languageName, type OfferedLanguage } from './operator-settings.ts';

/** The current schedule's languages (agency.txt's agency_lang), and those not offered yet. */
export type ScheduleLanguages = {
  /** Canonical tags, once each, in agency order. */
  languages: string[];
  /** The schedule's languages the settings do not offer, with their English names: the suggestion. */
  notOffered: OfferedLanguage[];
};

/**
 * What the current schedule says of its riders' language: a suggestion for the settings, never
 * applied by itself (an administrator adopts it in one click on the settings screen).
 */
export async function findScheduleLanguages(deps: Pick<Deps, 'db'>): Promise<ScheduleLanguages> {
  const agencies = await listAgencies(deps);
  const languages = [
    ...new Set(
      agencies.flatMap((a) => (a.agency_lang ? [canonicalTag(a.agency_lang)] : [])).filter((t) => t !== null),
    ),
  ];
  const { languages: offered } = await getOperatorSettings(deps);
  // agency_lang is often the bare language (`en`) where the operator offers `en-US`: that counts.
  const isOffered = (tag: string) =>
    offered.some((l) => l.tag === tag || l.tag.toLowerCase().startsWith(`${tag.toLowerCase()}-`));
  return {
    languages,
    notOffered: languages.filter((tag) => !isOffered(tag)).map((tag) => ({ tag, name: languageName(tag) })),
  };
}

/** The upload log's line about languages, or null when the schedule names none. */
export function scheduleLanguagesSentence(
  found: ScheduleLanguages,
  offered: readonly OfferedLanguage[],
): string | null {
  if (found.languages.length === 0) return null;
  const list = offered.map((l) => l.tag).join(', ');
  const what = `The schedule's language is ${found.languages.join(', ')}; offered languages are ${list}.`;
  if (found.notOffered.length === 0) return what;
  return `${what} Administrators can offer ${found.notOffered.map((l) => l.tag).join(', ')} in one click on the Settings screen; nothing was changed.`;
}
