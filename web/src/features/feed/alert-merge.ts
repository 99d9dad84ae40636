import type { AlertForm, LanguageTexts, Period, Texts } from './alert-entity.ts';
import { EMPTY_TEXTS } from './alert-entity.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The controller's entries on top of a colleague's later version: each field the
 * controller changed since opening the alert keeps their value; every other field takes the
 * colleague's. Texts are merged field by field in each language.
 */
export function mergeAlertForms(original: AlertForm, mine: AlertForm, theirs: AlertForm): AlertForm {
  const pick = <K extends keyof AlertForm>(key: K): AlertForm[K] =>
    same(mine[key], original[key]) ? theirs[key] : mine[key];
  const languages = [...theirs.languages, ...mine.languages.filter((l) => !theirs.languages.includes(l))];
  const texts: Texts = Object.fromEntries(
    languages.map((tag) => {
      const o = original.texts[tag] ?? EMPTY_TEXTS;
      const m = mine.texts[tag] ?? EMPTY_TEXTS;
      const t = theirs.texts[tag] ?? EMPTY_TEXTS;
      const merged = Object.fromEntries(
        (Object.keys(EMPTY_TEXTS) as (keyof LanguageTexts)[]).map((k) => [k, m[k] !== o[k] ? m[k] : t[k]]),
      ) as LanguageTexts;
      return [tag, merged];
    }),
  );
  return {
    periods: pick('periods'),
    communication: pick('communication'),
    cause: pick('cause'),
    effect: pick('effect'),
    severity: pick('severity'),
    affected: pick('affected'),
    url: pick('url'),
    languages,
    texts,
  };
}

const periodText = (periods: Period[]) =>
  periods
    .filter((p) => p.startDate || p.endDate)
    .map((p) => `${p.startDate} ${p.startTime} → ${p.endDate ? `${p.endDate} ${p.endTime}` : 'no end'}`)
    .join('; ') || 'none';

/** The fields where the colleague's version and the controller's entries differ, as text. */
export function alertDifferences(
  mine: AlertForm,
  theirs: AlertForm,
): { field: string; theirs: string; mine: string }[] {
  const rows: { field: string; theirs: string; mine: string }[] = [];
  const add = (field: string, t: string, m: string) => {
    if (t !== m) rows.push({ field, theirs: t, mine: m });
  };
  const languages = [...new Set([...theirs.languages, ...mine.languages])];
  for (const tag of languages) {
    add(`Header (${tag})`, theirs.texts[tag]?.header ?? '', mine.texts[tag]?.header ?? '');
    add(`Description (${tag})`, theirs.texts[tag]?.description ?? '', mine.texts[tag]?.description ?? '');
  }
  add('Impact periods', periodText(theirs.periods), periodText(mine.periods));
  add('Tell riders', periodText(theirs.communication), periodText(mine.communication));
  add('Cause', theirs.cause, mine.cause);
  add('Effect', theirs.effect, mine.effect);
  add('Severity', theirs.severity, mine.severity);
  const affected = (f: AlertForm) => f.affected.map((a) => `${a.kind}:${a.id}`).join(', ');
  add('About', affected(theirs), affected(mine));
  add('URL', theirs.url, mine.url);
  return rows;
}
