import { alertTemplates, alertTemplateTexts } from '@feeddesk/drizzle';
import { asc } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import type { TemplateAction } from '../disruptions/disruption-input.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import { type AlertTemplate, type AlertTemplateText, completenessOf } from './alert-template.ts';

/** Every alert template by name, with its texts and which languages are complete. */
export async function listAlertTemplates(deps: Pick<Deps, 'db'>): Promise<AlertTemplate[]> {
  const [heads, texts, settings] = await Promise.all([
    deps.db.select().from(alertTemplates).orderBy(asc(alertTemplates.name)),
    deps.db.select().from(alertTemplateTexts),
    getOperatorSettings(deps),
  ]);
  const byTemplate = new Map<string, Record<string, AlertTemplateText>>();
  for (const t of texts) {
    const own = byTemplate.get(t.templateId) ?? {};
    own[t.language] = { headerText: t.headerText, descriptionText: t.descriptionText, url: t.url };
    byTemplate.set(t.templateId, own);
  }
  return heads.map((head) => {
    const own = byTemplate.get(head.id) ?? {};
    const completeness = completenessOf(own, settings.languages);
    return {
      id: head.id,
      name: head.name,
      action: head.action as TemplateAction | null,
      cause: head.cause,
      effect: head.effect,
      severity: head.severity,
      texts: own,
      completeness,
      offered: completeness.some((c) => c.offered && c.header),
      updatedAt: head.updatedAt,
      updatedBy: head.updatedBy,
    };
  });
}
