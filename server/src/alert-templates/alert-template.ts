import type { TemplateAction } from '../disruptions/disruption-input.ts';
import type { OfferedLanguage } from '../operator-settings/operator-settings.ts';

/** A template's texts in one language; an empty text is left out of alerts in that language. */
export type AlertTemplateText = { headerText: string; descriptionText: string; url: string };

/** Which texts a language has: the templates screen shows what is missing. */
export type LanguageCompleteness = {
  language: string;
  name: string;
  /** False for a language the template has but the settings no longer offer: its texts are kept. */
  offered: boolean;
  header: boolean;
  description: boolean;
  url: boolean;
};

export type AlertTemplate = {
  id: string;
  name: string;
  /** The disruption action that drafts its alert from this template, or null. */
  action: TemplateAction | null;
  cause: string;
  effect: string;
  severity: string;
  /** By language tag. */
  texts: Record<string, AlertTemplateText>;
  /** The operator's languages first (its settings' order), then any other the template has. */
  completeness: LanguageCompleteness[];
  /**
   * A header is written in a language the operator offers: controllers are offered the template.
   * One written only in languages the operator no longer uses is kept for administrators, not offered.
   */
  offered: boolean;
  updatedAt: Date;
  updatedBy: string | null;
};

/** Placeholders a template text may hold, filled where the template is used. */
export const PLACEHOLDERS = [
  'route',
  'stop',
  'trains',
  'date',
  'from',
  'until',
  'to',
  'minutes',
  'reason',
  /** replace_by_bus: the section's ends. */
  'fromStop',
  'toStop',
] as const;

export function completenessOf(
  texts: Record<string, AlertTemplateText>,
  offered: readonly OfferedLanguage[],
): LanguageCompleteness[] {
  const written = (text: string | undefined) => (text ?? '').trim() !== '';
  const others = Object.keys(texts)
    .filter((tag) => !offered.some((l) => l.tag === tag))
    .sort()
    .map((tag) => ({ tag, name: tag, offered: false }));
  return [...offered.map((l) => ({ ...l, offered: true })), ...others].map(({ tag, name, offered }) => ({
    language: tag,
    name,
    offered,
    header: written(texts[tag]?.headerText),
    description: written(texts[tag]?.descriptionText),
    url: written(texts[tag]?.url),
  }));
}

/**
 * A template text with its placeholders filled from `values`; a placeholder without a value stays
 * as written ({stop}), for the controller to see and replace.
 */
export function fillTemplateText(text: string, values: Partial<Record<string, string>>): string {
  return (
    text
      // An empty value (no reason given) drops its placeholder; an unknown one stays for the controller.
      .replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
      .replace(/[ \t]+/g, ' ')
      .trim()
  );
}
