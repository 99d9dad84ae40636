import type { OfferedLanguage } from '@feeddesk/drizzle';

/**
 * The demo's languages for alert texts (docs/spec.md §3 "Language list offered for descriptions"),
 * English first: what an operator without settings of its own offers. The operator's own list is
 * in its settings (server/src/operator-settings/), which every screen and rule reads.
 */
export const DEMO_LANGUAGES: readonly OfferedLanguage[] = [
  { tag: 'en-ZA', name: 'English' },
  { tag: 'af-ZA', name: 'Afrikaans' },
  { tag: 'xh-ZA', name: 'isiXhosa' },
  { tag: 'zu-ZA', name: 'isiZulu' },
  { tag: 'nd', name: 'isiNdebele' },
  { tag: 'st', name: 'Sotho' },
  { tag: 'ts', name: 'Tsonga' },
  { tag: 'tn', name: 'Tswana' },
  { tag: 've', name: 'Venda' },
];

export const DEMO_LANGUAGE_TAGS: readonly string[] = DEMO_LANGUAGES.map((l) => l.tag);
