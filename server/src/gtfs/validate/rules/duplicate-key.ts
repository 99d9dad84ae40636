import { FILE_SPEC_BY_NAME } from '../../files.ts';
import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/** Two rows share a primary key. GTFS reference, "Dataset Files": primary keys must be unique. */
export const DUPLICATE_KEY: NoticeSpec = {
  code: 'duplicate_key',
  severity: 'error',
  description:
    'Two rows have the same primary key (e.g. the same stop_id, or the same trip_id and stop_sequence).',
};

export const codes = [DUPLICATE_KEY];

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const notices: Notice[] = [];
  for (const [filename, table] of feed) {
    const key = FILE_SPEC_BY_NAME.get(filename)?.key;
    if (!key || key.some((f) => !table.header.includes(f))) continue;
    if (filename === 'stop_times.txt') notices.push(...stopTimeDuplicates(ctx));
    else notices.push(...keyDuplicates(filename, key, ctx));
  }
  return notices;
}

function keyDuplicates(filename: string, key: readonly string[], ctx: RuleContext): Notice[] {
  const notices: Notice[] = [];
  const spec = FILE_SPEC_BY_NAME.get(filename)!;
  // Integer key parts compare as numbers: stop_sequence `005` and `5` are the same key.
  const columns = key.map((f) => {
    const get = ctx.index.column(filename, f);
    const integer = spec.fields.find((s) => s.name === f)?.type === 'integer';
    return integer ? (r: number) => normalizeInteger(get(r)) : get;
  });
  const seen = new Map<string, number>();
  const rows = ctx.index.table(filename)?.rows.length ?? 0;
  for (let r = 0; r < rows; r++) {
    const values = columns.map((get) => get(r));
    if (values.some((v) => v === '')) continue;
    const id = values.join('\u0000');
    const first = seen.get(id);
    if (first === undefined) seen.set(id, r);
    else notices.push(duplicate(filename, key, first, r, values));
  }
  return notices;
}

/** stop_times is keyed by (trip_id, stop_sequence): equal sequences sit side by side in the sorted groups. */
function stopTimeDuplicates(ctx: RuleContext): Notice[] {
  const notices: Notice[] = [];
  const sequence = ctx.index.stopSequences();
  for (const [tripId, group] of ctx.index.stopTimesByTrip()) {
    if (tripId === '') continue;
    for (let i = 1; i < group.length; i++) {
      const [a, b] = [group[i - 1], group[i]];
      if (sequence(a) === sequence(b)) {
        const values = [tripId, String(sequence(b))];
        notices.push(
          duplicate('stop_times.txt', ['trip_id', 'stop_sequence'], Math.min(a, b), Math.max(a, b), values),
        );
      }
    }
  }
  return notices;
}

function duplicate(
  filename: string,
  key: readonly string[],
  first: number,
  next: number,
  values: string[],
): Notice {
  const fields: Record<string, unknown> = { filename, oldCsvRowNumber: first + 2, newCsvRowNumber: next + 2 };
  key.forEach((name, i) => {
    fields[`fieldName${i + 1}`] = name;
    fields[`fieldValue${i + 1}`] = values[i];
  });
  return notice(DUPLICATE_KEY, { ...fields, csvRowNumber: next + 2 });
}

function normalizeInteger(value: string): string {
  return /^\d+$/.test(value) ? String(Number(value)) : value;
}
