import { findMissingMigrations } from '@feeddesk/drizzle/migration-status';
import type { AppDeps } from '../deps.ts';

export type Readiness = { ready: true } | { ready: false; reason: string };

/** A load balancer waits a few seconds at most: an unreachable database is "not ready", not a hung probe. */
const DATABASE_TIMEOUT_MS = 2_000;

/**
 * Ready = the database answers and has every migration this code expects (docs/rest-api.md
 * "Operations"). One small query: probes come every few seconds from every load balancer.
 */
export async function checkReadiness(deps: Pick<AppDeps, 'database' | 'disk'>): Promise<Readiness> {
  if (deps.disk.full()) {
    const free = deps.disk.freeBytes();
    return {
      ready: false,
      reason: `The disk of the database is full${free === undefined ? '' : ` (${Math.floor(free / 1024)} KB free in DATA_DIR)`}: nothing can be saved. Free space there; the product goes on by itself.`,
    };
  }
  // The watch's probe already knows: answered at once, not after a timeout of its own.
  if (!deps.database.responsive()) return { ready: false, reason: 'The database does not answer.' };
  let missing: string[];
  try {
    missing = await withTimeout(findMissingMigrations(deps.database), DATABASE_TIMEOUT_MS);
  } catch {
    return { ready: false, reason: 'The database does not answer.' };
  }
  if (missing.length > 0) {
    return { ready: false, reason: `The database lacks migrations: ${missing.join(', ')}.` };
  }
  return { ready: true };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
