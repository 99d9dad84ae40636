import { alertTemplates, alertTemplateTexts, feedEntities } from '@feeddesk/drizzle';
import { and, asc, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';

/** Where a language's texts are: the live alerts (drafts too) and the templates that hold one. */
export type LanguageInUse = {
  tag: string;
  alerts: { id: string; header: string }[];
  templates: { id: string; name: string }[];
};

type Json = { [key: string]: unknown };
const TEXT_FIELDS = ['headerText', 'descriptionText', 'ttsHeaderText', 'ttsDescriptionText', 'url'];
const translations = (alert: Json, field: string): Json[] => {
  const list = (alert[field] as Json | undefined)?.translation;
  return Array.isArray(list) ? (list as Json[]) : [];
};

/**
 * The live alerts and templates with a text in one of `tags` (written, not empty): what removing
 * those languages from the offered ones would leave without a menu entry.
 */
export async function findLanguagesInUse(
  deps: Pick<Deps, 'db'>,
  tags: readonly string[],
): Promise<LanguageInUse[]> {
  if (tags.length === 0) return [];
  const alerts = await deps.db
    .select({ id: feedEntities.id, json: feedEntities.json })
    .from(feedEntities)
    .where(eq(feedEntities.kind, 'alert'))
    .orderBy(asc(feedEntities.id));
  const templates = await deps.db
    .selectDistinct({
      id: alertTemplates.id,
      name: alertTemplates.name,
      language: alertTemplateTexts.language,
    })
    .from(alertTemplateTexts)
    .innerJoin(alertTemplates, eq(alertTemplates.id, alertTemplateTexts.templateId))
    .where(and(isAnyOf(alertTemplateTexts.language, [...tags])))
    .orderBy(asc(alertTemplates.name));
  const lower = (tag: unknown) => (typeof tag === 'string' ? tag.toLowerCase() : '');
  return tags
    .map((tag) => ({
      tag,
      alerts: alerts.flatMap(({ id, json }) => {
        const alert = ((json as Json).alert ?? {}) as Json;
        const used = TEXT_FIELDS.some((field) =>
          translations(alert, field).some((t) => lower(t.language) === tag.toLowerCase() && t.text),
        );
        if (!used) return [];
        const header = translations(alert, 'headerText');
        const text = header.find((t) => lower(t.language) === tag.toLowerCase()) ?? header[0];
        return [{ id, header: typeof text?.text === 'string' ? text.text : '' }];
      }),
      templates: templates.filter((t) => t.language === tag).map(({ id, name }) => ({ id, name })),
    }))
    .filter((use) => use.alerts.length > 0 || use.templates.length > 0);
}
