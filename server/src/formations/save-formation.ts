import { formations } from '@feeddesk/drizzle';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { inFeedTransaction } from '../feed/feed-transaction.ts';
import { readScheduleView, type ScheduleView } from '../schedule/read-schedule-view.ts';
import { type Carriage, checkServiceDate, type Formation, OCCUPANCY_STATUSES } from './formation.ts';
import { serveFormation } from './serve-formation.ts';

export type SaveFormationOptions = { tripId: string; date: string; carriages: Carriage[]; by: string | null };

/**
 * Saves (replaces) the formation of a dated train and serves it in the train's live position and
 * trip update, in one act: nothing of it is kept when any part fails. Bounded: at most
 * FORMATION_MAX_CARRIAGES carriages (413), at most FORMATIONS_PER_PRINCIPAL_PER_DAY new formations
 * per principal in 24 hours, counted in the database under a lock (429; docs/rest-api.md "Quotas
 * of a principal"); replacing one it or anyone saved before is not a new one.
 */
export async function saveFormation(deps: AppDeps, options: SaveFormationOptions): Promise<Formation> {
  const { tripId, date, by } = options;
  const carriages = checkCarriages(deps, options.carriages);
  const view = await readDatedTrain(deps, tripId, date);
  return inFeedTransaction(deps, async (feed) => {
    const db = feed.deps.db;
    const now = deps.now();
    const key = and(eq(formations.tripId, tripId), eq(formations.serviceDate, date));
    const [existing] = await db
      .select({ tripId: formations.tripId })
      .from(formations)
      .where(key)
      .for('update');
    if (!existing) {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext('feeddesk:formations'), hashtext(${by ?? ''}))`,
      );
      const max = deps.config.FORMATIONS_PER_PRINCIPAL_PER_DAY;
      const since = new Date(now.getTime() - 86_400_000).toISOString();
      const [row] = (await db.execute(sql`
        select count(*)::int as n from formations
        where created_by is not distinct from ${by}::text and created_at > ${since}::timestamptz`)) as unknown as {
        n: number;
      }[];
      if (row!.n >= max)
        throw deps.quotas.refusal(
          'formations_per_principal',
          'too_many_formations',
          `You saved ${row!.n} new formations in the last 24 hours, the most FORMATIONS_PER_PRINCIPAL_PER_DAY (${max}) allows. Change the formations you saved, or try again tomorrow.`,
        );
    }
    await db
      .insert(formations)
      .values({
        tripId,
        serviceDate: date,
        carriages,
        createdAt: now,
        createdBy: by,
        updatedAt: now,
        updatedBy: by,
      })
      .onConflictDoUpdate({
        target: [formations.tripId, formations.serviceDate],
        set: { carriages, updatedAt: now, updatedBy: by },
      });
    await serveFormation(feed, { tripId, date, view, by });
    return { tripId, date, carriages, updatedAt: now.toISOString(), updatedBy: by };
  });
}

/**
 * The current schedule's view of a trip that runs on `date`: 400 for a date that is not one,
 * 404 for a trip the schedule lacks or that does not run that day.
 */
export async function readDatedTrain(deps: AppDeps, tripId: string, date: string): Promise<ScheduleView> {
  checkServiceDate(date);
  const view = await readScheduleView(deps, {
    tripIds: [tripId],
    routeIds: [],
    stopIds: [],
    agencyIds: [],
    locations: true,
  });
  if (!view) throw new AppError('no_schedule', { message: 'No schedule is loaded yet; upload one first.' });
  if (!view.trip(tripId))
    throw new AppError('trip_not_found', {
      message: `The current schedule has no trip ${JSON.stringify(tripId.slice(0, 100))}; give the trip_id of a scheduled train.`,
    });
  if (!view.runsOn?.(tripId, date))
    throw new AppError('trip_not_found', {
      message: `Trip ${tripId} does not run on ${date}; give a date its service runs.`,
    });
  return view;
}

/** The carriages as stored: bounded, each labelled once; a sentence for what is wrong. */
function checkCarriages(deps: AppDeps, carriages: Carriage[]): Carriage[] {
  const max = deps.config.FORMATION_MAX_CARRIAGES;
  if (carriages.length > max)
    throw deps.quotas.refusal(
      'formation_carriages',
      'formation_too_large',
      `This formation has ${carriages.length} carriages; a train has at most ${max} (FORMATION_MAX_CARRIAGES). Give the carriages of one train.`,
    );
  if (carriages.length === 0)
    throw new AppError('validation_failed', {
      message: 'A formation has at least one carriage; to remove it, delete the formation.',
    });
  const seen = new Set<string>();
  return carriages.map((c, i) => {
    const label = c.label.trim();
    const at = `carriages[${i}]`;
    if (!label) throw invalid(`${at}.label is empty; give the number riders see on the carriage.`);
    if (seen.has(label))
      throw invalid(`${at}.label ${label} is given twice; each carriage has its own label.`);
    seen.add(label);
    if (c.occupancyStatus !== undefined && !OCCUPANCY_STATUSES.includes(c.occupancyStatus))
      throw invalid(`${at}.occupancyStatus is not one of ${OCCUPANCY_STATUSES.join(', ')}.`);
    return {
      label,
      ...(c.class?.trim() ? { class: c.class.trim() } : {}),
      ...(c.occupancyStatus !== undefined ? { occupancyStatus: c.occupancyStatus } : {}),
      ...(c.occupancyPercentage !== undefined ? { occupancyPercentage: c.occupancyPercentage } : {}),
      ...(c.toilet !== undefined ? { toilet: c.toilet } : {}),
      ...(c.closed !== undefined ? { closed: c.closed } : {}),
    };
  });
}

const invalid = (message: string) => new AppError('validation_failed', { message });
