/**
 * The languages the operator publishes alert texts in (docs/spec.md §3 "Language list offered for
 * descriptions"), English first: the alert linter, the templates and their completeness read it.
 * The web app keeps the same list for its menus (web/src/features/feed/types.ts); a test keeps
 * the two equal.
 */
export const OPERATOR_LANGUAGES = [
  { tag: 'en-ZA', name: 'English' },
  { tag: 'af-ZA', name: 'Afrikaans' },
  { tag: 'xh-ZA', name: 'isiXhosa' },
  { tag: 'zu-ZA', name: 'isiZulu' },
  { tag: 'nd', name: 'isiNdebele' },
  { tag: 'st', name: 'Sotho' },
  { tag: 'ts', name: 'Tsonga' },
  { tag: 'tn', name: 'Tswana' },
  { tag: 've', name: 'Venda' },
] as const;

export type OperatorLanguage = (typeof OPERATOR_LANGUAGES)[number]['tag'];

export const OPERATOR_LANGUAGE_TAGS: readonly string[] = OPERATOR_LANGUAGES.map((l) => l.tag);
