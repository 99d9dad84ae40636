import { delayCauses } from '@feeddesk/drizzle';
import { asc } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { type DelayCause, GTFS_CAUSES, type GtfsCause } from './delay-cause.ts';

const gtfsCauseOf = (value: string): GtfsCause =>
  (GTFS_CAUSES as readonly string[]).includes(value) ? (value as GtfsCause) : 'UNKNOWN_CAUSE';

/** The operator's catalogue of delay causes, in its order (docs/glossary.md "cause"). */
export async function listDelayCauses(deps: Pick<Deps, 'db'>): Promise<DelayCause[]> {
  const rows = await deps.db.select().from(delayCauses).orderBy(asc(delayCauses.position));
  return rows.map((r) => ({ code: r.code, labels: r.labels, gtfsCause: gtfsCauseOf(r.gtfsCause) }));
}
