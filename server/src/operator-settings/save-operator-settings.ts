import { operatorSettings } from '@feeddesk/drizzle';
import { recordAudit } from '../audit/record-audit.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findLanguagesInUse, type LanguageInUse } from './find-languages-in-use.ts';
import { getOperatorSettings } from './get-operator-settings.ts';
import {
  checkOperatorSettings,
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
    const at = deps.now();
    const row = { ...next, updatedAt: at, updatedBy: options.by };
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
      summary: changeSummary(before, next),
      details: {
        before: {
          languages: before.languages,
          defaultLanguage: before.defaultLanguage,
          urlLanguage: before.urlLanguage,
        },
        after: next,
      },
    });
    return row;
  });
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
  const what = parts.length ? parts.join('; ') : 'saved unchanged';
  return `Operator settings: ${what}. Languages offered: ${tags(after.languages).join(', ')}.`;
}
