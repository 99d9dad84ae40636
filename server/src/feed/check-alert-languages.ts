import type { FeedEntity } from '@feeddesk/proto';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { getOperatorSettings } from '../operator-settings/get-operator-settings.ts';
import type { OperatorSettings } from '../operator-settings/operator-settings.ts';

type Alert = FeedEntity['alert'];
/** An alert's headers, decoded or as protobuf-JSON (the same field names). */
type Headers = {
  headerText?: { translation?: { text?: string | null; language?: string | null }[] | null } | null;
};

/** A required language an alert has no header in: its tag and the name editors read. */
export type MissingLanguage = { tag: string; name: string };

/**
 * The required languages (operator settings) an alert has no written header in. An untagged
 * header is the default language's (GTFS-Realtime TranslatedString; docs/contract-notes.md
 * "Operator settings"); tags compare without case, and a header in a tag's language alone (`en`)
 * serves the riders of `en-ZA`, as a rider's app falls back (RFC 4647 lookup).
 */
export function missingAlertLanguages(
  settings: Pick<OperatorSettings, 'languages' | 'defaultLanguage' | 'requiredLanguages'>,
  alert: Headers | null | undefined,
): MissingLanguage[] {
  const written = new Set(
    (alert?.headerText?.translation ?? [])
      .filter((t) => (t.text ?? '').trim() !== '')
      .map((t) => (t.language || settings.defaultLanguage).toLowerCase()),
  );
  const served = (tag: string) => {
    const parts = tag.toLowerCase().split('-');
    return parts.some((_, i) => written.has(parts.slice(0, i + 1).join('-')));
  };
  return settings.requiredLanguages
    .filter((tag) => !served(tag))
    .map((tag) => ({ tag, name: settings.languages.find((l) => l.tag === tag)?.name || tag }));
}

/** "Add a header in isiZulu and Sesotho." */
export function missingLanguagesSentence(missing: readonly MissingLanguage[]): string {
  const names = missing.map((l) => l.name);
  const list = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Add a header in ${list}.`;
}

/**
 * Refuses (400 validation_failed) a published alert without a header in every language the
 * operator requires: riders reading those languages would be told nothing. Every path that
 * publishes an alert goes through it (the saves of save-feed-entity.ts, a draft published); a
 * draft is work in progress and is checked when published.
 */
export async function checkAlertLanguages(
  deps: Pick<Deps, 'db'>,
  alert: Alert | null | undefined,
): Promise<void> {
  if (!alert) return;
  const missing = missingAlertLanguages(await getOperatorSettings(deps), alert);
  if (missing.length === 0) return;
  throw new AppError('validation_failed', {
    message: missingLanguagesSentence(missing),
    details: { missingLanguages: missing },
  });
}
