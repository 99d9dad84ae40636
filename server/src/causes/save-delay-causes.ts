import { delayCauses } from '@feeddesk/drizzle';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.ts';
import type { Deps } from '../deps.ts';
import { checkDelayCauses, type DelayCause, type DelayCauseInput } from './delay-cause.ts';
import { listDelayCauses } from './list-delay-causes.ts';

/**
 * Replaces the catalogue of delay causes (admin) and records the change in the audit trail, in one
 * transaction. A code removed stays on the trains and disruptions that carry it: summaries show
 * the code where the label is gone.
 */
export async function saveDelayCauses(
  deps: Pick<Deps, 'db' | 'now'>,
  options: { causes: DelayCauseInput[]; by: string | null },
): Promise<DelayCause[]> {
  const causes = checkDelayCauses(options.causes);
  return deps.db.transaction(async (tx) => {
    // One administrator's save at a time: the list is replaced whole.
    await tx.execute(sql`LOCK TABLE delay_causes IN EXCLUSIVE MODE`);
    const before = await listDelayCauses({ db: tx });
    await tx.delete(delayCauses);
    if (causes.length > 0)
      await tx.insert(delayCauses).values(causes.map((c, position) => ({ ...c, position })));
    const codes = (list: DelayCause[]) => list.map((c) => c.code);
    const added = codes(causes).filter((c) => !codes(before).includes(c));
    const removed = codes(before).filter((c) => !codes(causes).includes(c));
    const parts = [
      added.length > 0 && `added ${added.join(', ')}`,
      removed.length > 0 && `removed ${removed.join(', ')}`,
    ].filter(Boolean);
    await recordAudit(tx, {
      at: deps.now(),
      by: options.by,
      kind: 'operator_settings',
      action: 'update',
      entityId: 'delay_causes',
      summary: `Delay causes: ${parts.length > 0 ? parts.join('; ') : 'labels or order changed'}; ${causes.length} in the catalogue.`,
      details: { before, after: causes },
    });
    return causes;
  });
}
