import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { listDirections } from '../list-directions.ts';

/** The trips of one route that received a derived direction, and those that could not. */
export type DerivedDirections = {
  routeId: string;
  derived: number;
  /** Trips left without a direction: nothing in their stops tells which way they run. */
  undetermined: number;
};

/**
 * Per route of a loaded version whose schedule left directions out: how many trips the load gave
 * one (derive-directions.ts) and how many it could not. One pass over the version's trips.
 */
export async function countDerivedDirections(
  deps: Pick<Deps, 'db'>,
  versionId: number,
): Promise<DerivedDirections[]> {
  const rows = (await deps.db.execute(sql`
    select route_id,
      (count(*) filter (where direction_derived))::int as derived,
      (count(*) filter (where direction_id is null))::int as undetermined
    from gtfs_trips
    where version_id = ${versionId}
    group by route_id
    having bool_or(direction_derived) or bool_or(direction_id is null)
    order by route_id`)) as unknown as { route_id: string; derived: number; undetermined: number }[];
  return rows.map((r) => ({ routeId: r.route_id, derived: r.derived, undetermined: r.undetermined }));
}

/**
 * The upload log's notices, one per route: how many trips received a derived direction, what each
 * direction is called, and how many stayed without one.
 */
export async function derivedDirectionNotes(
  deps: Pick<Deps, 'db' | 'now'>,
  versionId: number,
  derived: DerivedDirections[],
): Promise<string[]> {
  if (derived.length === 0) return [];
  const directions = await listDirections(deps, { versionId });
  return derived.map(({ routeId, derived: count, undetermined }) => {
    const names = directions
      .filter((d) => d.routeId === routeId)
      .map((d) => `${d.directionId} ${d.towards}`)
      .join(', ');
    const given =
      count > 0
        ? `direction_id derived for ${trips(count)} of route ${routeId} from their termini${names ? ` (${names})` : ''}.`
        : '';
    const left =
      undetermined > 0
        ? ` ${trips(undetermined)} of route ${routeId} ${undetermined === 1 ? 'stays' : 'stay'} without a direction: the order of the stops does not show which way (select by route or train).`
        : '';
    return `Notice: ${given}${left}`.replace('Notice:  ', 'Notice: ');
  });
}

const trips = (n: number) => `${n} ${n === 1 ? 'trip' : 'trips'}`;
