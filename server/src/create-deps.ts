import type { Database } from '@feeddesk/drizzle';
import { checkSingleSignOnSettings } from './auth/oidc/sign-in-provider.ts';
import type { Config } from './config.ts';
import type { AppDeps, Logger } from './deps.ts';
import { Bus } from './events/bus.ts';
import { watchDiskSpace } from './health/disk-full.ts';
import { UploadSlots } from './http/upload-slots.ts';
import { createMetrics } from './metrics/metrics.ts';
import { readOperationalFigures } from './metrics/read-operational-figures.ts';
import { ProcessQuotas } from './quotas/quotas.ts';

/** The deps of one process; `startBackground` starts its bus before serving. */
export function createAppDeps(options: {
  config: Config;
  database: Database;
  log: Logger;
  now?: () => Date;
}): AppDeps {
  checkSingleSignOnSettings(options.config);
  // DATA_DIR holds the database only for the embedded PostgreSQL (no DATABASE_URL).
  const disk = watchDiskSpace(options.config.DATA_DIR, !options.config.DATABASE_URL);
  const metrics = createMetrics({
    readFigures: () => readOperationalFigures(deps),
    cacheSeconds: options.config.METRICS_CACHE_SECONDS,
    freeBytes: disk.freeBytes,
  });
  const deps: AppDeps = {
    db: options.database.db,
    database: options.database,
    config: options.config,
    log: options.log,
    now: options.now ?? (() => new Date()),
    bus: new Bus(options.database),
    uploads: new UploadSlots(options.config.UPLOADS_AT_ONCE),
    metrics,
    quotas: new ProcessQuotas(metrics),
    disk,
  };
  // Every change of trip updates, alerts or the schedule, on any process (each hears the others'
  // by NOTIFY), drops the cached figures: /metrics then shows the feed as checked after it (issue
  // 28). Each change already ran the whole-feed check in its own transaction (keep-feed-invariants).
  const changed = () => deps.metrics.figuresChanged();
  deps.bus.on('feed_changed', (kind) => {
    if (kind !== 'vehicle') changed();
  });
  deps.bus.on('schedule_changed', changed);
  return deps;
}
