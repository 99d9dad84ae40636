import { stringify } from 'csv-stringify/sync';
import type { Deps } from '../deps.ts';
import { type AuditFilter, listAuditEntries } from './list-audit-entries.ts';

/** An export is a record for people, not a backup: past this many rows, narrow the filters. */
export const MAX_EXPORT_ROWS = 100_000;
const PAGE = 2000;

export const AUDIT_CSV_HEADER = ['at', 'by', 'kind', 'action', 'entity_id', 'summary'];

/**
 * The filtered audit trail as CSV (RFC 4180, UTF-8), newest first, in chunks so a long trail
 * never sits in memory at once. CSV rather than a workbook: it opens in every spreadsheet and
 * streams; times are ISO 8601 UTC.
 */
export async function* exportAuditEntries(
  deps: Pick<Deps, 'db'>,
  filter: AuditFilter,
): AsyncGenerator<string> {
  yield stringify([AUDIT_CSV_HEADER]);
  for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += PAGE) {
    const limit = Math.min(PAGE, MAX_EXPORT_ROWS - offset);
    const { entries } = await listAuditEntries(deps, { ...filter, limit, offset });
    if (entries.length === 0) return;
    yield stringify(
      entries.map((e) =>
        [e.at.toISOString(), e.by ?? '', e.kind, e.action, e.entityId, e.summary].map(inert),
      ),
    );
    if (entries.length < limit) return;
  }
}

/** A cell a spreadsheet would run as a formula (OWASP "CSV injection") is kept as text. */
function inert(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
