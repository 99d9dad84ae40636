import type { OfferedLanguage } from '../../lib/operator-languages.ts';

/** The English name of a tag (`es-US` → `Spanish (United States)`), as the server defaults it. */
export function englishName(tag: string): string {
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

/** The canonical form of a BCP 47 tag, or null when it is not one (the server checks again). */
export function canonicalTag(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag.trim())[0] ?? null;
  } catch {
    return null;
  }
}

/** The list with one language moved up (-1) or down (+1). */
export function moved(list: OfferedLanguage[], index: number, by: -1 | 1): OfferedLanguage[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
