import { randomUUID } from 'node:crypto';
import { alertTemplates, alertTemplateTexts } from '@feeddesk/drizzle';
import { and, eq, ne } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import type { TemplateAction } from '../disruptions/disruption-input.ts';
import { AppError } from '../errors.ts';
import type { AlertTemplateText } from './alert-template.ts';

export type SaveAlertTemplateOptions = {
  /** Absent: a new template. */
  id?: string;
  name: string;
  action?: TemplateAction | null;
  cause: string;
  effect: string;
  severity: string;
  texts: Record<string, AlertTemplateText>;
  by: string | null;
};

/**
 * Creates or replaces a template with all its texts, in one transaction. A language whose three
 * texts are empty is not kept. Giving an action moves it here from the template that had it (one
 * template per disruption action).
 */
export async function saveAlertTemplate(
  deps: Pick<Deps, 'db' | 'now'>,
  options: SaveAlertTemplateOptions,
): Promise<{ id: string }> {
  const id = options.id ?? randomUUID();
  const name = options.name.trim();
  const action = options.action ?? null;
  const head = {
    name,
    action,
    cause: options.cause,
    effect: options.effect,
    severity: options.severity,
    updatedAt: deps.now(),
    updatedBy: options.by,
  };
  const texts = Object.entries(options.texts)
    .map(([language, t]) => ({
      templateId: id,
      language,
      headerText: t.headerText.trim(),
      descriptionText: t.descriptionText.trim(),
      url: t.url.trim(),
    }))
    .filter((t) => t.headerText || t.descriptionText || t.url);
  await deps.db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: alertTemplates.id })
      .from(alertTemplates)
      .where(and(eq(alertTemplates.name, name), ne(alertTemplates.id, id)));
    if (clash) {
      throw new AppError('alert_template_name_taken', {
        message: `A template named "${name}" exists already; choose another name or edit that one.`,
      });
    }
    if (action) {
      await tx
        .update(alertTemplates)
        .set({ action: null })
        .where(and(eq(alertTemplates.action, action), ne(alertTemplates.id, id)));
    }
    if (options.id) {
      const updated = await tx.update(alertTemplates).set(head).where(eq(alertTemplates.id, id)).returning();
      if (updated.length === 0) throw notFound(id);
    } else {
      await tx.insert(alertTemplates).values({ id, ...head });
    }
    await tx.delete(alertTemplateTexts).where(eq(alertTemplateTexts.templateId, id));
    if (texts.length > 0) await tx.insert(alertTemplateTexts).values(texts);
  });
  return { id };
}

export function notFound(id: string): AppError {
  return new AppError('alert_template_not_found', {
    message: `There is no alert template ${id}; it may have been deleted. Reload the list.`,
  });
}
