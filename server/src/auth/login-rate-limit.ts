import { loginFailures } from '@feeddesk/drizzle';
import { and, count, eq, gt, lt, or } from 'drizzle-orm';
import type { AppDeps, Deps } from '../deps.ts';
import { AppError } from '../errors.ts';

export type LoginRateLimit = { maxFailures: number; windowSeconds: number };

export function loginRateLimit(deps: AppDeps): LoginRateLimit {
  return { maxFailures: deps.config.LOGIN_MAX_FAILURES, windowSeconds: deps.config.LOGIN_WINDOW_SECONDS };
}

/**
 * Refuses a login attempt once `maxFailures` failures were recorded in the window for the same
 * client address or the same username. Kept in the database so every process counts together.
 */
export async function assertLoginAllowed(
  deps: Deps,
  options: { ip: string; username: string; limit: LoginRateLimit },
): Promise<void> {
  const since = new Date(deps.now().getTime() - options.limit.windowSeconds * 1000);
  const [row] = await deps.db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.at, since),
        or(eq(loginFailures.ip, options.ip), eq(loginFailures.username, options.username)),
      ),
    );
  if ((row?.n ?? 0) >= options.limit.maxFailures) {
    throw new AppError('too_many_attempts', {
      message: `Too many failed logins. Wait ${options.limit.windowSeconds} seconds and try again.`,
    });
  }
}

export async function recordLoginFailure(
  deps: Deps,
  options: { ip: string; username: string },
): Promise<void> {
  const now = deps.now();
  await deps.db.insert(loginFailures).values({ ip: options.ip, username: options.username, at: now });
  // Old rows only matter inside the window; trim them as we go.
  await deps.db.delete(loginFailures).where(lt(loginFailures.at, new Date(now.getTime() - 3_600_000)));
}
