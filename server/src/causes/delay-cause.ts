import { transit_realtime } from '@feeddesk/proto';
import { AppError } from '../errors.ts';
import { canonicalTag } from '../operator-settings/operator-settings.ts';

/** The GTFS-Realtime Alert.Cause enum names a catalogue's cause maps to, read off gtfs-realtime.proto. */
export type GtfsCause = keyof typeof transit_realtime.Alert.Cause;
export const GTFS_CAUSES: readonly GtfsCause[] = Object.keys(transit_realtime.Alert.Cause).filter((name) =>
  Number.isNaN(Number(name)),
) as GtfsCause[];

/** One cause of the operator's catalogue (docs/glossary.md "cause"). */
export type DelayCause = {
  /** Upper case letters, digits and `_` (`SIGNAL_FAILURE`): stable, kept with trains and disruptions. */
  code: string;
  /** The label by language tag; at least one. */
  labels: Record<string, string>;
  gtfsCause: GtfsCause;
};

/** What an administrator sends: gtfsCause still to be checked. */
export type DelayCauseInput = Omit<DelayCause, 'gtfsCause'> & { gtfsCause: string };

/** The cause a trip update or a disruption carries: a code of the catalogue, and where. */
export type CauseInput = { code: string; stopId?: string };

/** Bounds of the catalogue: a real operator's list is a few dozen lines (docs/rest-api.md "Delay causes"). */
export const MAX_CAUSES = 100;
export const MAX_CAUSE_LABEL_CHARS = 80;
export const MAX_CAUSE_LANGUAGES = 40;
export const CAUSE_CODE = /^[A-Z][A-Z0-9_]{0,39}$/;

const invalid = (message: string) => new AppError('validation_failed', { message });
// A label is read in menus and workbook cells: no control characters (a tab or a line break).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused
const CONTROL = /[\u0000-\u001f\u007f]/;

const isGtfsCause = (value: string): value is GtfsCause => (GTFS_CAUSES as readonly string[]).includes(value);

/**
 * The catalogue an administrator sent, checked: at most MAX_CAUSES causes, each code once and of
 * the pattern, each label a BCP 47 tag and a short text without control characters, each
 * gtfsCause an Alert.Cause name. Throws validation_failed with a sentence on the first fault.
 */
export function checkDelayCauses(causes: readonly DelayCauseInput[]): DelayCause[] {
  if (causes.length > MAX_CAUSES)
    throw invalid(`${causes.length} causes are too many: keep at most ${MAX_CAUSES} in the catalogue.`);
  const checked: DelayCause[] = [];
  for (const [i, cause] of causes.entries()) {
    const code = cause.code.trim();
    const { gtfsCause } = cause;
    if (!CAUSE_CODE.test(code))
      throw invalid(
        `Cause ${i + 1}: the code "${code.slice(0, 40)}" is not upper case letters, digits and _ (at most 40, starting with a letter), e.g. SIGNAL_FAILURE.`,
      );
    if (checked.some((c) => c.code === code))
      throw invalid(`Cause ${i + 1}: the code ${code} is listed twice.`);
    if (!isGtfsCause(gtfsCause))
      throw invalid(`Cause ${code}: gtfsCause is one of ${GTFS_CAUSES.join(', ')}.`);
    const entries = Object.entries(cause.labels);
    if (entries.length === 0) throw invalid(`Cause ${code}: give it a label in at least one language.`);
    if (entries.length > MAX_CAUSE_LANGUAGES)
      throw invalid(`Cause ${code}: labels in at most ${MAX_CAUSE_LANGUAGES} languages.`);
    const labels: Record<string, string> = {};
    for (const [given, text] of entries) {
      const tag = canonicalTag(given);
      if (!tag) throw invalid(`Cause ${code}: "${given.slice(0, 35)}" is not a BCP 47 language tag.`);
      const label = text.trim();
      if (label === '') throw invalid(`Cause ${code}: its ${tag} label is empty; write one or leave it out.`);
      if ([...label].length > MAX_CAUSE_LABEL_CHARS)
        throw invalid(
          `Cause ${code}: its ${tag} label has ${[...label].length} characters; keep it under ${MAX_CAUSE_LABEL_CHARS}.`,
        );
      if (CONTROL.test(label))
        throw invalid(`Cause ${code}: its ${tag} label holds a control character (a tab or a line break).`);
      labels[tag] = label;
    }
    checked.push({ code, labels, gtfsCause });
  }
  return checked;
}

/** The label people read: in `language`, else in one of the same language, else the first. */
export function causeLabel(cause: Pick<DelayCause, 'code' | 'labels'>, language: string): string {
  const labels = Object.entries(cause.labels);
  const base = language.split('-')[0]!.toLowerCase();
  return (
    cause.labels[language] ??
    labels.find(([tag]) => tag.split('-')[0]!.toLowerCase() === base)?.[1] ??
    labels[0]?.[1] ??
    cause.code
  );
}
