import { connectDb } from '@feeddesk/drizzle';
import type { AppDeps } from '../deps.ts';
import { yieldToServing } from './background-priority.ts';

/** Long acts on background connections at once in this process; more wait their turn. */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs a long act of a controller (a disruption's preview, apply or lift over thousands of trips)
 * on a database connection of its own, at background priority (yieldToServing), then closes it.
 * Its queries are what the database works on besides the feed's polls and the other controllers'
 * saves: on the pool's connections, at the same priority, on two cores, a save beside a
 * five-times-Renfe preview waited up to 268 ms (docs/quality.md: none over 200 ms). Within a
 * caller's transaction (`deps.db` is not the pool) the act stays on it: it must see what the
 * caller wrote. At most AT_ONCE such connections per process, the rest wait their turn: a script
 * sending previews without pause makes them queue and never takes the database's connections.
 */
export async function onBackgroundConnection<T>(
  deps: AppDeps,
  work: (deps: AppDeps) => Promise<T>,
): Promise<T> {
  if (deps.db !== deps.database.db) return work(deps);
  // A slot is handed from the act that ends to the first waiting, never taken past it.
  if (running < AT_ONCE) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    const own = connectDb(deps.database.raw.url, { max: 1 });
    try {
      await yieldToServing(own.raw.sql);
      return await work({ ...deps, db: own.db });
    } finally {
      await own.close();
    }
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
