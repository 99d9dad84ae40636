import type { LanguageSettings } from '../../lib/operator-languages.ts';
import type { AlertForm, Texts } from './alert-entity.ts';
import { EMPTY_TEXTS } from './alert-entity.ts';
import type { AlertTemplate } from './api/alert-templates.ts';

/** What the chosen informed entities and the first period say, for a template's placeholders. */
export type PlaceholderValues = Partial<
  Record<'route' | 'stop' | 'trains' | 'date' | 'from' | 'until', string>
>;

/**
 * A template text with its placeholders filled; one without a value ({minutes}, {reason}, or
 * {stop} when no stop is chosen) stays as written, for the controller to see and replace.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text
    .replace(/\{(\w+)\}/g, (whole, name: string) => values[name as keyof PlaceholderValues] || whole)
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** The placeholder values of a form: names of its routes and stops, train numbers, the first period. */
export function placeholderValues(form: AlertForm, routeNames: Map<string, string>): PlaceholderValues {
  const ids = (kind: 'route' | 'stop' | 'trip') =>
    form.affected.filter((a) => a.kind === kind).map((a) => a.id);
  // Trip ids are <service>-<train number> (docs/workbook.md).
  const trains = ids('trip').map((id) => id.split('-').pop() ?? id);
  const period = form.periods.find((p) => p.startDate || p.endDate);
  return {
    route: ids('route')
      .map((id) => routeNames.get(id) || id)
      .join(', '),
    stop: ids('stop').join(', '),
    trains: trains.join(', '),
    date: period?.startDate ?? '',
    from: period?.startTime ?? '',
    until: period?.endTime || (period?.endDate ? '23:59' : ''),
  };
}

/**
 * The form started from a template: its cause, effect and severity; its texts in each offered
 * language whose header is written, in the settings' order (a language left empty, or no longer
 * offered, is left out: never sent empty, kept in the template); its URL in the URL language.
 * Periods and affected entities stay as chosen.
 */
export function applyTemplate(
  form: AlertForm,
  template: AlertTemplate,
  values: PlaceholderValues,
  settings: LanguageSettings,
): AlertForm {
  const order = settings.languages.map((l) => l.tag);
  const languages = Object.keys(template.texts)
    .filter((tag) => order.includes(tag) && template.texts[tag]!.headerText.trim() !== '')
    .sort((a, b) => rank(order, a) - rank(order, b));
  const texts: Texts = Object.fromEntries(
    languages.map((tag) => {
      const t = template.texts[tag]!;
      return [
        tag,
        {
          ...EMPTY_TEXTS,
          header: fillPlaceholders(t.headerText, values),
          description: fillPlaceholders(t.descriptionText, values),
        },
      ];
    }),
  );
  return {
    ...form,
    cause: template.cause,
    effect: template.effect,
    severity: template.severity,
    ...(languages.length > 0 ? { languages, texts } : {}),
    url: template.texts[settings.urlLanguage]?.url || form.url,
  };
}

/** What a template gives the texts: its header and description per language. */
export type TemplateSource = Pick<AlertTemplate, 'texts'>;

/**
 * The form after the placeholder values changed (a route or period chosen after the template):
 * each header and description that still reads as the template filled it is filled again with the
 * new values; a text the controller rewrote is left as they wrote it.
 */
export function refillTemplate(
  form: AlertForm,
  template: TemplateSource,
  before: PlaceholderValues,
  after: PlaceholderValues,
): AlertForm {
  const texts: Texts = { ...form.texts };
  for (const [tag, raw] of Object.entries(template.texts)) {
    const current = texts[tag];
    if (!current) continue;
    const refill = (now: string, written: string) =>
      now === fillPlaceholders(written, before) ? fillPlaceholders(written, after) : now;
    texts[tag] = {
      ...current,
      header: refill(current.header, raw.headerText),
      description: refill(current.description, raw.descriptionText),
    };
  }
  return { ...form, texts };
}

const rank = (order: string[], tag: string) => (order.includes(tag) ? order.indexOf(tag) : order.length);
