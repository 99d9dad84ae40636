import { setTimeout as sleep } from 'node:timers/promises';
import { loginFailures } from '@feeddesk/drizzle';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppDeps, Deps } from '../deps.ts';
import { AppError } from '../errors.ts';

export type LoginRateLimit = { maxFailures: number; windowSeconds: number };

export function loginRateLimit(deps: AppDeps): LoginRateLimit {
  return { maxFailures: deps.config.LOGIN_MAX_FAILURES, windowSeconds: deps.config.LOGIN_WINDOW_SECONDS };
}

/** The longest a login waits for its username's earlier failures. */
const MAX_USERNAME_DELAY_MS = 10_000;

/**
 * How long a login for a username waits, given that username's failures in the window: nothing up
 * to the limit, then 250 ms doubling with each further failure, at most 10 s. A delay, not a
 * lockout, so guessing at a name cannot lock its owner out.
 */
export function usernameDelayMs(failures: number, maxFailures: number): number {
  if (failures < maxFailures) return 0;
  return Math.min(250 * 2 ** Math.min(failures - maxFailures, 16), MAX_USERNAME_DELAY_MS);
}

/**
 * Counts a login attempt before its password is checked: the attempt is stored first, then the
 * window is counted, so parallel attempts cannot all slip under the limit (the i-th stored sees at
 * least i). Over `maxFailures` from one address: 429. A username's failures only slow its logins
 * down (usernameDelayMs). Stored in the database, so every process counts together. Returns the
 * attempt's id: a successful login forgets it (forgetLoginAttempt).
 */
export async function countLoginAttempt(
  deps: Deps,
  options: { ip: string; username: string; limit: LoginRateLimit },
): Promise<number> {
  const now = deps.now();
  const since = new Date(now.getTime() - options.limit.windowSeconds * 1000);
  // One address's attempts are stored and counted one at a time (a transaction-scoped advisory lock),
  // so on a PostgreSQL server too each one counts exactly the attempts stored before it.
  const { attempt, byAddress } = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${options.ip}`}))`);
    const [attempt] = await tx
      .insert(loginFailures)
      .values({ ip: options.ip, username: options.username, at: now })
      .returning({ id: loginFailures.id });
    const [byAddress] = await tx
      .select({ n: count() })
      .from(loginFailures)
      .where(and(gt(loginFailures.at, since), eq(loginFailures.ip, options.ip)));
    return { attempt, byAddress };
  });
  if ((byAddress?.n ?? 0) > options.limit.maxFailures) {
    throw new AppError('too_many_attempts', {
      message: `Too many failed logins. Wait ${options.limit.windowSeconds} seconds and try again.`,
    });
  }
  const [byName] = await deps.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(gt(loginFailures.at, since), eq(loginFailures.username, options.username)));
  const delay = usernameDelayMs((byName?.n ?? 1) - 1, options.limit.maxFailures);
  if (delay > 0) await sleep(delay);
  // Old rows only matter inside the window; trim them as we go.
  await deps.db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - 3_600_000)));
  return attempt!.id;
}

/** A login that succeeded is no failure: its attempt stops counting. */
export async function forgetLoginAttempt(deps: Deps, attemptId: number): Promise<void> {
  await deps.db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
}
