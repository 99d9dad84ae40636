import { operatorSettings, routes } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Deps } from '../deps.ts';
import { isBusRouteType } from '../disruptions/plan-replacement-bus.ts';
import { AppError } from '../errors.ts';
import { findCurrentSchedule } from '../schedule/find-current-schedule.ts';
import { isAnyOf } from '../schedule/statement-batches.ts';
import { findLanguagesInUse, type LanguageInUse } from './find-languages-in-use.ts';
import { getOperatorSettings } from './get-operator-settings.ts';
import {
  checkOperatorSettings,
  keptRequiredLanguages,
  type OperatorSettings,
  type OperatorSettingsInput,
} from './operator-settings.ts';

export type SaveOperatorSettingsOptions = OperatorSettingsInput & {
  /** The administrator read which alerts and templates use the languages removed, and goes on. */
  confirmRemoval?: boolean;
  by: string | null;
};

/**
 * Saves the operator's settings and records the change in the audit trail, in one transaction.
 * Removing a language that live alerts or templates still use is refused (languages_in_use, with
 * which ones) until the administrator confirms; even then no text is deleted: the alerts keep
 * serving it and the templates keep it, shown as "not offered".
 */
export async function saveOperatorSettings(
  deps: Pick<Deps, 'db' | 'now'>,
  options: SaveOperatorSettingsOptions,
): Promise<OperatorSettings> {
  const next = checkOperatorSettings(options);
  return deps.db.transaction(async (tx) => {
    const before = await getOperatorSettings({ db: tx });
    const removed = before.languages.filter((l) => !next.languages.some((n) => n.tag === l.tag));
    if (removed.length > 0 && !options.confirmRemoval) {
      const inUse = await findLanguagesInUse(
        { db: tx },
        removed.map((l) => l.tag),
      );
      if (inUse.length > 0)
        throw new AppError('languages_in_use', {
          message: `${inUse.map((use) => inUseSentence(use, before)).join(' ')} Their texts are kept either way; confirm to stop offering ${inUse.length === 1 ? 'it' : 'them'}.`,
          details: { inUse },
        });
    }
    const busRouteIds = next.busRouteIds ?? before.busRouteIds;
    if (next.busRouteIds) await checkBusRoutes({ db: tx }, next.busRouteIds);
    const approval = next.approval ?? before.approval;
    const at = deps.now();
    const requiredLanguages = keptRequiredLanguages(
      next.requiredLanguages ?? before.requiredLanguages,
      next.languages,
      next.defaultLanguage,
    );
    const row = { ...next, busRouteIds, approval, requiredLanguages, updatedAt: at, updatedBy: options.by };
    await tx
      .insert(operatorSettings)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: operatorSettings.id, set: row });
    await recordAudit(tx, {
      at,
      by: options.by,
      kind: 'operator_settings',
      action: 'update',
      entityId: 'operator',
      summary: changeSummary(before, { ...next, requiredLanguages }),
      details: {
        before: {
          languages: before.languages,
          defaultLanguage: before.defaultLanguage,
          urlLanguage: before.urlLanguage,
          busRouteIds: before.busRouteIds,
          approval: before.approval,
          requiredLanguages: before.requiredLanguages,
        },
        after: { ...next, busRouteIds, approval, requiredLanguages },
      },
    });
    return row;
  });
}

/**
 * The bus routes named are bus routes (route_type 3, or 700–799) of the current schedule: a
 * replacement bus is never published as a train (docs/contract-notes.md "Operator settings").
 */
async function checkBusRoutes(deps: Pick<Deps, 'db'>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const current = await findCurrentSchedule(deps);
  if (!current)
    throw new AppError('validation_failed', {
      message: 'No schedule is loaded: upload one before naming its bus routes.',
    });
  const rows = await deps.db
    .select({ routeId: routes.routeId, routeType: routes.routeType })
    .from(routes)
    .where(and(eq(routes.versionId, current.versionId), isAnyOf(routes.routeId, ids)));
  const typeOf = new Map(rows.map((r) => [r.routeId, r.routeType]));
  const unknown = ids.filter((id) => !typeOf.has(id));
  const rail = ids.filter((id) => typeOf.has(id) && !isBusRouteType(typeOf.get(id)));
  const sentences = [
    unknown.length > 0 &&
      `The schedule has no route ${unknown.map((id) => `'${id}'`).join(', ')}: name its bus routes.`,
    rail.length > 0 &&
      `${rail.map((id) => `'${id}' (route_type ${typeOf.get(id) ?? 'empty'})`).join(', ')} ${rail.length === 1 ? 'is not a bus route' : 'are not bus routes'}: replacement buses run on bus routes (route_type 3).`,
  ].filter(Boolean);
  if (sentences.length > 0) throw new AppError('validation_failed', { message: sentences.join(' ') });
}

function inUseSentence(use: LanguageInUse, before: OperatorSettings): string {
  const name = before.languages.find((l) => l.tag === use.tag)?.name ?? use.tag;
  const listed = <T>(items: T[], show: (item: T) => string) =>
    items.length > 5
      ? `${items.slice(0, 5).map(show).join(', ')} and ${items.length - 5} more`
      : items.map(show).join(', ');
  const parts = [
    use.alerts.length > 0
      ? `${use.alerts.length === 1 ? 'the alert' : `${use.alerts.length} alerts`} ${listed(use.alerts, (a) => `"${a.header || a.id}"`)}`
      : '',
    use.templates.length > 0
      ? `${use.templates.length === 1 ? 'the template' : `${use.templates.length} templates`} ${listed(use.templates, (t) => `"${t.name}"`)}`
      : '',
  ].filter(Boolean);
  return `${name} (${use.tag}) is used by ${parts.join(' and ')}.`;
}

/** One sentence for the audit list: what was added, removed, renamed, reordered, chosen. */
function changeSummary(before: OperatorSettings, after: OperatorSettingsInput): string {
  const tags = (list: { tag: string }[]) => list.map((l) => l.tag);
  const added = after.languages.filter((l) => !before.languages.some((b) => b.tag === l.tag));
  const removed = before.languages.filter((l) => !after.languages.some((a) => a.tag === l.tag));
  const renamed = after.languages.filter((l) =>
    before.languages.some((b) => b.tag === l.tag && b.name !== l.name),
  );
  const parts: string[] = [];
  if (added.length) parts.push(`added ${tags(added).join(', ')}`);
  if (removed.length) parts.push(`removed ${tags(removed).join(', ')}`);
  if (renamed.length) parts.push(`renamed ${renamed.map((l) => `${l.tag} to "${l.name}"`).join(', ')}`);
  const kept = (list: { tag: string }[], others: { tag: string }[]) =>
    tags(list).filter((t) => others.some((o) => o.tag === t));
  if (kept(before.languages, after.languages).join() !== kept(after.languages, before.languages).join())
    parts.push('reordered the languages');
  if (before.defaultLanguage !== after.defaultLanguage)
    parts.push(`default language ${before.defaultLanguage} → ${after.defaultLanguage}`);
  if (before.urlLanguage !== after.urlLanguage)
    parts.push(`URL language ${before.urlLanguage} → ${after.urlLanguage}`);
  if (after.approval && after.approval !== before.approval)
    parts.push(`approval ${before.approval} → ${after.approval}`);
  if (after.requiredLanguages && after.requiredLanguages.join() !== before.requiredLanguages.join())
    parts.push(`required languages ${after.requiredLanguages.join(', ')}`);
  if (after.busRouteIds && after.busRouteIds.join() !== before.busRouteIds.join())
    parts.push(`bus routes ${after.busRouteIds.join(', ') || 'none'}`);
  const what = parts.length ? parts.join('; ') : 'saved unchanged';
  return `Operator settings: ${what}. Languages offered: ${tags(after.languages).join(', ')}.`;
}
