import type { AppDeps } from './deps.ts';
import { markInterruptedJobs } from './jobs/mark-interrupted-jobs.ts';
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
  await markInterruptedJobs(deps);
  const timer = setInterval(() => {
    markInterruptedJobs(deps).catch((err) => deps.log.error({ err }, 'interrupted jobs check failed'));
  }, 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await deps.bus.stop();
    },
  };
}
