import { publishDueAlerts } from './approvals/publish-due-alerts.ts';
import type { AppDeps } from './deps.ts';
import { expireFeedEntities } from './feed/expire-feed-entities.ts';
import { isDatabaseUnreachable } from './health/database-unreachable.ts';
import { markInterruptedJobs } from './jobs/mark-interrupted-jobs.ts';
import { importDemoScheduleIfEmpty } from './schedule/import/import-demo-schedule.ts';
import { markInterruptedLoads } from './schedule/mark-interrupted-loads.ts';
import { recoverPlannedWorks } from './schedule/planned-works/recover-planned-works.ts';
import { scheduleCache } from './schedule/schedule-cache.ts';
import { ensureFirstAdmin } from './users/ensure-first-admin.ts';
import { followWebhookDeliveries } from './webhooks/follow-webhook-deliveries.ts';

export type Background = { stop(): Promise<void> };

/**
 * What a process does before serving: listen for other processes' changes, the first admin,
 * and marking jobs that died with their process; then the same check every minute, since with
 * several processes one may die while the others run on.
 */
export async function startBackground(deps: AppDeps): Promise<Background> {
  await deps.bus.start();
  // Several processes may start at once on one PostgreSQL: one at a time creates the first admin
  // and the demo schedule, the others then find them.
  await withStartupLock(deps, async () => {
    await ensureFirstAdmin(deps, {
      username: deps.config.ADMIN_USERNAME,
      password: deps.config.ADMIN_PASSWORD,
      print: (line) => console.log(line),
    });
    if (deps.config.DEMO_SCHEDULE) await importDemoScheduleIfEmpty(deps);
  });
  await markInterruptedJobs(deps);
  // A load another process on the same database is running holds its lock and is spared.
  await markInterruptedLoads(deps);
  // Planned works an older release left half published are kept or removed, never carried unasked.
  await recoverPlannedWorks(deps);
  // Another process loaded a schedule: forget the cached current version.
  const offSchedule = deps.bus.on('schedule_changed', () => scheduleCache.invalidate());
  // Listening again after the connection was lost: a change may have gone unheard.
  const offResume = deps.bus.onResume(() => scheduleCache.invalidate());
  // With several processes one may die while the others run on: they fail its jobs soon after.
  const timer = setInterval(() => {
    markInterruptedJobs(deps).catch(failed(deps, 'interrupted jobs check'));
    // A load whose database died under it could not mark its own version failed (the database
    // was away then): its lock went with the connection, so it is found here, without a restart
    // (docs/operations.md "Faults the product survives").
    markInterruptedLoads(deps).catch(failed(deps, 'interrupted loads check'));
  }, 15_000);
  timer.unref();
  // Entities past their expiry leave the live feed (docs/rest-api.md); the history keeps them. Every 10 s:
  // a vehicle position lives only minutes (VEHICLE_POSITION_TTL_MINUTES), and the delete is one
  // indexed statement.
  const expiry = setInterval(() => {
    expireFeedEntities(deps).catch(failed(deps, 'feed expiry'));
  }, 10_000);
  expiry.unref();
  // Scheduled alerts enter the feed at their publishAt whichever process saved them: every
  // process looks (one indexed query) and claims each due item in the act that publishes it.
  let publishing = false;
  const scheduled = setInterval(() => {
    if (publishing) return;
    publishing = true;
    publishDueAlerts(deps)
      .catch(failed(deps, 'scheduled alerts'))
      .finally(() => {
        publishing = false;
      });
  }, deps.config.PUBLISH_AT_CHECK_MS);
  scheduled.unref();
  // Webhook deliveries queued by the acts' own transactions, sent by whichever process is free.
  const webhooks = followWebhookDeliveries(deps);
  return {
    async stop() {
      await webhooks.stop();
      offSchedule();
      offResume();
      clearInterval(timer);
      clearInterval(expiry);
      clearInterval(scheduled);
      await deps.bus.stop();
    },
  };
}

/** A periodic task's failure; one short line while the database cannot be reached, not a stack each time. */
function failed(deps: AppDeps, what: string) {
  return (err: unknown) => {
    if (isDatabaseUnreachable(err)) deps.log.warn(`${what} skipped: the database cannot be reached`);
    else deps.log.error({ err }, `${what} failed`);
  };
}

const STARTUP_LOCK = 727003;

async function withStartupLock(deps: AppDeps, work: () => Promise<void>): Promise<void> {
  const connection = await deps.database.raw.sql.reserve();
  try {
    await connection`select pg_advisory_lock(${STARTUP_LOCK})`;
    await work();
  } finally {
    await connection`select pg_advisory_unlock(${STARTUP_LOCK})`.catch(() => {});
    connection.release();
  }
}
