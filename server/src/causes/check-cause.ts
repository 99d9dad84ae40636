import { delayCauses } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { type CauseInput, type DelayCause, GTFS_CAUSES, type GtfsCause } from './delay-cause.ts';

/**
 * The catalogue's cause of `input` (a trip update's or a disruption's), refused 400 unknown_cause
 * when the catalogue has no such code, and validation_failed when `stopId` is given but is not one
 * of `stops` (the train's stops, when known).
 */
export async function checkCause(
  deps: Pick<Deps, 'db'>,
  input: CauseInput,
  stops?: readonly string[],
): Promise<DelayCause> {
  const [row] = await deps.db.select().from(delayCauses).where(eq(delayCauses.code, input.code));
  if (!row)
    throw new AppError('unknown_cause', {
      message: `The catalogue of delay causes has no cause "${input.code.slice(0, 40)}": pick one it lists (GET /settings/causes), or ask an administrator to add it.`,
    });
  if (input.stopId !== undefined && stops && stops.length > 0 && !stops.includes(input.stopId))
    throw new AppError('validation_failed', {
      message: `The cause's location "${input.stopId.slice(0, 200)}" is not one of the train's stops: pick one of them, or leave the location out.`,
    });
  const gtfsCause = (GTFS_CAUSES as readonly string[]).includes(row.gtfsCause)
    ? (row.gtfsCause as GtfsCause)
    : 'UNKNOWN_CAUSE';
  return { code: row.code, labels: row.labels, gtfsCause };
}
