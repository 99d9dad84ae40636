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
 * Gives a direction_id to the trips of a loaded version that have none (the workbook format has no
 * such column; many feeds leave it out), in SQL over the loaded tables: the streaming import never
 * holds a trip's stop times together, the database does (issue 29).
 *
 * Stops are compared as stations (the parent station's name, else the stop's name, else its id):
 * trains of opposite directions often call at different platforms of one station.
 *
 * 1. The line's order: one reference trip, the longest of all routes that need directions. Each
 *    route's own reference is its longest trip with a given direction_id, else its longest trip;
 *    it takes its given direction, or 0 when it runs the way of the line's reference (or shares no
 *    two stations with it) and 1 when it runs against it: so "0" means one way along a corridor for
 *    every route of it, and trains of different routes towards one city can be selected together.
 * 2. Each trip without direction: its stations shared with its route's reference, in its own
 *    order, each step forward or backward along the reference. More steps forward: the
 *    reference's direction; more backward: the other one. A loop (A B C A) still has a majority
 *    of steps one way round.
 * 3. A trip with as many steps each way, or fewer than two stations on the reference (a one-stop
 *    trip, a branch shuttle): the direction most trips of its route ending at its terminus have,
 *    else that of most trips starting where it starts; with no such trip or a tie it stays null
 *    (selectable by route or train, never by direction).
 *
 * Derived rows are marked `direction_derived`.
 */
export async function deriveDirections(
  deps: Pick<Deps, 'db'>,
  versionId: number,
): Promise<DerivedDirections[]> {
  const rows = (await deps.db.transaction(async (tx) => {
    // The planner has no row counts for the CTEs below and, guessing a few, joined them in nested
    // loops: 6 s for BART's 32 000 stop times, over 10 minutes for Metro-North's 307 000.
    await tx.execute(sql`set local enable_nestloop = off`);
    return tx.execute(sql`
    with
    need as (
      select distinct route_id from gtfs_trips where version_id = ${versionId} and direction_id is null
    ),
    calls as (
      select t.route_id, t.trip_id, t.direction_id, st.stop_sequence,
        coalesce(nullif(p.stop_name, ''), nullif(s.stop_name, ''), st.stop_id) as station
      from gtfs_trips t
      join need n on n.route_id = t.route_id
      join gtfs_stop_times st on st.version_id = t.version_id and st.trip_id = t.trip_id
      left join gtfs_stops s on s.version_id = st.version_id and s.stop_id = st.stop_id
      left join gtfs_stops p on p.version_id = s.version_id and p.stop_id = s.parent_station
      where t.version_id = ${versionId}
    ),
    sizes as (
      select route_id, trip_id, direction_id, count(*) as n from calls group by route_id, trip_id, direction_id
    ),
    line_ref as (
      select trip_id from sizes order by n desc, trip_id limit 1
    ),
    line_pos as (
      select c.station, min(c.stop_sequence) as pos
      from calls c join line_ref r on r.trip_id = c.trip_id group by c.station
    ),
    route_ref as (
      select distinct on (route_id) route_id, trip_id, direction_id as given
      from sizes order by route_id, (direction_id is null), n desc, trip_id
    ),
    route_ref_score as (
      select route_id, sum(step) as score from (
        select c.route_id,
          sign(lp.pos - lag(lp.pos) over (partition by c.trip_id order by c.stop_sequence)) as step
        from calls c
        join route_ref r on r.trip_id = c.trip_id
        join line_pos lp on lp.station = c.station
      ) s group by route_id
    ),
    ref as (
      select r.route_id, r.trip_id,
        coalesce(r.given, case when coalesce(rs.score, 0) < 0 then 1 else 0 end) as direction
      from route_ref r left join route_ref_score rs on rs.route_id = r.route_id
    ),
    ref_pos as (
      select c.route_id, c.station, min(c.stop_sequence) as pos
      from calls c join ref r on r.route_id = c.route_id and r.trip_id = c.trip_id
      group by c.route_id, c.station
    ),
    steps as (
      select c.route_id, c.trip_id,
        sign(p.pos - lag(p.pos) over (partition by c.trip_id order by c.stop_sequence)) as step
      from calls c join ref_pos p on p.route_id = c.route_id and p.station = c.station
      where c.direction_id is null
    ),
    by_order as (
      select s.route_id, s.trip_id,
        case when sum(s.step) > 0 then r.direction when sum(s.step) < 0 then 1 - r.direction end as direction
      from steps s join ref r on r.route_id = s.route_id
      group by s.route_id, s.trip_id, r.direction
    ),
    ends as (
      select c.trip_id,
        (array_agg(c.station order by c.stop_sequence))[1] as origin,
        (array_agg(c.station order by c.stop_sequence desc))[1] as terminus
      from calls c group by c.trip_id
    ),
    known as (
      select t.route_id, t.trip_id, coalesce(t.direction_id, o.direction) as direction, e.origin, e.terminus
      from gtfs_trips t
      join ends e on e.trip_id = t.trip_id
      left join by_order o on o.trip_id = t.trip_id
      where t.version_id = ${versionId}
    ),
    pending as (
      select k.route_id, k.trip_id, k.origin, k.terminus from known k where k.direction is null
    ),
    -- Counted once per route and station, then looked up: a join of pending trips with every
    -- known trip ending at a busy terminus grows with their product.
    ending as (
      select route_id, terminus as station,
        count(*) filter (where direction = 0) as zero, count(*) filter (where direction = 1) as one
      from known where direction is not null group by route_id, terminus
    ),
    starting as (
      select route_id, origin as station,
        count(*) filter (where direction = 0) as zero, count(*) filter (where direction = 1) as one
      from known where direction is not null group by route_id, origin
    ),
    by_end as (
      select p.trip_id, case when e.zero > e.one then 0 when e.one > e.zero then 1 end as direction
      from pending p join ending e on e.route_id = p.route_id and e.station = p.terminus
    ),
    by_start as (
      select p.trip_id, case when s.zero > s.one then 0 when s.one > s.zero then 1 end as direction
      from pending p join starting s on s.route_id = p.route_id and s.station = p.origin
    ),
    derived as (
      select k.trip_id, coalesce(o.direction, e.direction, s.direction) as direction
      from gtfs_trips t
      join known k on k.trip_id = t.trip_id
      left join by_order o on o.trip_id = t.trip_id
      left join by_end e on e.trip_id = t.trip_id
      left join by_start s on s.trip_id = t.trip_id
      where t.version_id = ${versionId} and t.direction_id is null
    ),
    updated as (
      update gtfs_trips t set direction_id = d.direction, direction_derived = true
      from derived d
      where t.version_id = ${versionId} and t.trip_id = d.trip_id and d.direction is not null
      returning t.trip_id
    )
    select t.route_id,
      count(u.trip_id)::int as derived,
      (count(*) - count(u.trip_id))::int as undetermined
    from gtfs_trips t left join updated u on u.trip_id = t.trip_id
    where t.version_id = ${versionId} and t.direction_id is null
    group by t.route_id
    order by t.route_id`);
  })) as unknown as { route_id: string; derived: number; undetermined: number }[];
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
