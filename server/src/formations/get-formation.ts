import { formations } from '@feeddesk/drizzle';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { checkServiceDate, type Formation } from './formation.ts';

/** The formation of a dated train; 404 `formation_not_found` when none was saved. */
export async function getFormation(
  deps: Pick<Deps, 'db'>,
  options: { tripId: string; date: string },
): Promise<Formation> {
  const found = await findFormation(deps, options);
  if (!found) throw formationNotFound(options.tripId, options.date);
  return found;
}

/** The formation of a dated train, or null (the Trains screen asks of every train); 400 for a bad date. */
export async function findFormation(
  deps: Pick<Deps, 'db'>,
  options: { tripId: string; date: string },
): Promise<Formation | null> {
  checkServiceDate(options.date);
  const [row] = await deps.db
    .select()
    .from(formations)
    .where(and(eq(formations.tripId, options.tripId), eq(formations.serviceDate, options.date)));
  if (!row) return null;
  return {
    tripId: row.tripId,
    date: row.serviceDate,
    carriages: row.carriages,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export const formationNotFound = (tripId: string, date: string) =>
  new AppError('formation_not_found', {
    message: `Train ${tripId.slice(0, 100)} has no formation on ${date.slice(0, 20)}; save one with PUT first.`,
  });
