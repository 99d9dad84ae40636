import { FILE, FILE_SPECS } from '../../files.ts';
import type { GtfsFeed } from '../../tables.ts';
import { type Notice, type NoticeSpec, notice, type RuleContext } from '../types.ts';

/** A value refers to a record that does not exist. GTFS reference: "Foreign ID referencing ...". */
export const FOREIGN_KEY_VIOLATION: NoticeSpec = {
  code: 'foreign_key_violation',
  severity: 'error',
  description: 'A value refers to a record that does not exist in the parent file (e.g. an unknown stop_id).',
};

export const codes = [FOREIGN_KEY_VIOLATION];

type Reference = {
  child: string;
  field: string;
  parentFilename: string;
  parentFieldName: string;
  ids: Set<string>;
};

export function check(feed: GtfsFeed, ctx: RuleContext): Notice[] {
  const notices: Notice[] = [];
  for (const ref of references(feed, ctx)) {
    const value = ctx.index.column(ref.child, ref.field);
    const rows = feed.get(ref.child)?.rows.length ?? 0;
    for (let r = 0; r < rows; r++) {
      const fieldValue = value(r);
      if (fieldValue === '' || ref.ids.has(fieldValue)) continue;
      notices.push(
        notice(FOREIGN_KEY_VIOLATION, {
          childFilename: ref.child,
          childFieldName: ref.field,
          parentFilename: ref.parentFilename,
          parentFieldName: ref.parentFieldName,
          fieldValue,
          csvRowNumber: r + 2,
        }),
      );
    }
  }
  return notices;
}

function references(feed: GtfsFeed, ctx: RuleContext): Reference[] {
  const ids = (file: string, field: string) => new Set(ctx.index.rowsById(file, field).keys());
  const refs: Reference[] = [];
  for (const file of FILE_SPECS) {
    if (!feed.has(file.name)) continue;
    for (const f of file.fields) {
      if (!f.ref || !ctx.index.hasColumn(file.name, f.name)) continue;
      const { file: parentFilename, field: parentFieldName } = f.ref;
      refs.push({
        child: file.name,
        field: f.name,
        parentFilename,
        parentFieldName,
        ids: ids(parentFilename, parentFieldName),
      });
    }
  }
  // trips.service_id refers to calendar.txt or calendar_dates.txt (GTFS reference, trips.txt).
  if (feed.has('trips.txt')) {
    const services = new Set([...ids(FILE.calendar, 'service_id'), ...ids(FILE.calendarDates, 'service_id')]);
    refs.push({
      child: 'trips.txt',
      field: 'service_id',
      parentFilename: 'calendar.txt or calendar_dates.txt',
      parentFieldName: 'service_id',
      ids: services,
    });
  }
  return refs;
}
