/**
 * The one notice type of the product, for the schedule rules (GTFS validation) and the feed rules
 * (GTFS-Realtime entities): a code, a severity and the fields that locate and explain the finding,
 * as MobilityData's notices carry `csvRowNumber`, `tripId` or `fieldName`. The sentence a person
 * reads is rendered from those fields by `renderNotice`, never stored in the rule's output.
 */

/** From the spec's words: 'error' = "must" (refuses a feed save, blocks an upload), 'warning' = "should" or best practice, 'info' = neither. */
export type Severity = 'error' | 'warning' | 'info';

export type NoticeFields = { [field: string]: unknown };

export type Notice = { code: string; severity: Severity } & NoticeFields;

/** What a code means: its severity, a one-line description, and the sentence of one notice. */
export type NoticeSpec<F extends NoticeFields = NoticeFields> = {
  code: string;
  severity: Severity;
  description: string;
  /** The sentence for one notice, saying what is wrong and how to fix it; else the description serves. */
  sentence?(fields: F): string;
};

/** Codes to their specs, for rendering. */
export type NoticeCatalogue = ReadonlyMap<string, NoticeSpec>;

export function noticeCatalogue(specs: readonly NoticeSpec[]): NoticeCatalogue {
  return new Map(specs.map((spec) => [spec.code, spec]));
}

/**
 * The sentence of one notice: a `message` the notice brought (a reader's problem in the upload),
 * else its code's sentence from the notice's fields, else its code's description.
 */
export function renderNotice(notice: Notice, catalogue: NoticeCatalogue): string {
  if (typeof notice.message === 'string') return notice.message;
  const spec = catalogue.get(notice.code);
  return spec?.sentence?.(notice) ?? spec?.description ?? notice.code;
}
