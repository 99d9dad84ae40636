import type { AppDeps } from './deps.ts';
import { expireFeedEntities } from './feed/expire-feed-entities.ts';
import { markInterruptedJobs } from './jobs/mark-interrupted-jobs.ts';
import { loadDemoScheduleIfEmpty } from './schedule/import/load-demo-schedule.ts';
import { markInterruptedLoads } from './schedule/mark-interrupted-loads.ts';
import { scheduleCache } from './schedule/schedule-cache.ts';
import { ensureFirstAdmin } from './users/ensure-first-admin.ts';

export type Background = { stop(): Promise<void> };

/**
 * What a process does before serving: listen for other processes' changes, the first admin,
 * and marking jobs that died with their process; then the same check every minute, since with
 * several processes one may die while the others run on.
 */
export async function startBackground(deps: AppDeps): Promise<Background> {
  await deps.bus.start();
  await ensureFirstAdmin(deps, {
    username: deps.config.ADMIN_USERNAME,
    password: deps.config.ADMIN_PASSWORD,
    print: (line) => console.log(line),
  });
  // PGlite has one process: every job still `working` died with the previous one.
  const singleProcess = deps.database.raw.kind === 'pglite';
  await markInterruptedJobs(deps, { all: singleProcess });
  // On PostgreSQL another process may be loading right now: spare recent loads.
  const sparedMs = singleProcess ? 0 : 10 * 60_000;
  await markInterruptedLoads(deps, { createdBefore: new Date(deps.now().getTime() - sparedMs) });
  // Another process loaded a schedule: forget the cached current version.
  const offSchedule = deps.bus.on('schedule_changed', () => scheduleCache.invalidate());
  if (deps.config.DEMO_SCHEDULE) await loadDemoScheduleIfEmpty(deps);
  const timer = setInterval(() => {
    markInterruptedJobs(deps).catch((err) => deps.log.error({ err }, 'interrupted jobs check failed'));
  }, 60_000);
  timer.unref();
  // Entities past their expiry leave the live feed (contract.md); the history keeps them.
  const expiry = setInterval(() => {
    expireFeedEntities(deps).catch((err) => deps.log.error({ err }, 'feed expiry failed'));
  }, 30_000);
  expiry.unref();
  return {
    async stop() {
      offSchedule();
      clearInterval(timer);
      clearInterval(expiry);
      await deps.bus.stop();
    },
  };
}
