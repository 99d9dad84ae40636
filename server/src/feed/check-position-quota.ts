import { sql } from 'drizzle-orm';
import type { AppDeps, DbOrTx } from '../deps.ts';

/**
 * Refuses (429) a save of vehicle positions that would put more than VEHICLE_POSITIONS_MAX live
 * positions in the positions feed, or more than VEHICLE_POSITIONS_PER_PRINCIPAL saved by this
 * principal (`by`: a user's name or `token:<name>`). Positions are stored, so the count is the
 * database's, under a transaction lock every process takes for a save of positions: the totals
 * hold however many processes save at once (docs/rest-api.md "Quotas of a principal"). One edit
 * token posting 360 000 positions made a 20.9 MB feed and held it at p99 465 ms.
 * Runs in the save's transaction `tx`, before its write; a push looks once before checking its
 * entities too, so that a producer over its quota costs one query, not 10 000 entities' checks.
 */
export async function checkVehiclePositionQuota(
  deps: Pick<AppDeps, 'config' | 'quotas'>,
  tx: DbOrTx,
  /** `early`: a first look before the entities are checked, outside the save's transaction, no lock. */
  options: { ids: string[]; by: string | null; now: Date; early?: boolean },
): Promise<void> {
  const { VEHICLE_POSITIONS_MAX: max, VEHICLE_POSITIONS_PER_PRINCIPAL: perPrincipal } = deps.config;
  if (!options.early)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('feeddesk:vehicle_positions'))`);
  const at = options.now.toISOString();
  const live = sql`kind = 'vehicle' and (expires_at is null or expires_at > ${at}::timestamptz)`;
  const [row] = (await tx.execute(sql`
    with given as (select distinct jsonb_array_elements_text(${JSON.stringify(options.ids)}::jsonb) as id),
    current as (select id, updated_by from feed_entities where ${live})
    select
      (select count(*) from current)::int as total,
      (select count(*) from current where updated_by is not distinct from ${options.by}::text)::int as mine,
      (select count(*) from given where id not in (select id from current))::int as added,
      (select count(*) from given where id not in (
        select id from current where updated_by is not distinct from ${options.by}::text))::int as taken`)) as unknown as {
    total: number;
    mine: number;
    added: number;
    taken: number;
  }[];
  const { total, mine, added, taken } = row!;
  if (total + added > max) {
    throw deps.quotas.refusal(
      'vehicle_positions',
      'too_many_vehicle_positions',
      `The positions feed holds ${total} live vehicle positions; these ${options.ids.length} would make ${total + added}, over VEHICLE_POSITIONS_MAX (${max}). Send only the vehicles in service; positions leave the feed after VEHICLE_POSITION_TTL_MINUTES.`,
    );
  }
  if (mine + taken > perPrincipal) {
    throw deps.quotas.refusal(
      'vehicle_positions_per_principal',
      'too_many_vehicle_positions',
      `You have ${mine} live vehicle positions in the feed; these ${options.ids.length} would make ${mine + taken}, over VEHICLE_POSITIONS_PER_PRINCIPAL (${perPrincipal}). Send only the vehicles in service; positions leave the feed after VEHICLE_POSITION_TTL_MINUTES.`,
    );
  }
}
