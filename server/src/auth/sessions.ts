import { sessions, userRoles, users } from '@feeddesk/drizzle';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { AppDeps, Deps } from '../deps.ts';
import { announceSessionEnd } from './session-ended.ts';
import { generateSessionToken, sessionIdFromToken } from './session-token.ts';

export type SessionPolicy = { persistentDays: number; browserSessionHours: number };

export function sessionPolicy(deps: AppDeps): SessionPolicy {
  return { persistentDays: deps.config.SESSION_DAYS, browserSessionHours: deps.config.BROWSER_SESSION_HOURS };
}

export type SessionUser = { id: number; username: string; roles: string[] };
export type ValidSession = { sessionId: string; expiresAt: Date; persistent: boolean; user: SessionUser };

function lifetimeMs(persistent: boolean, policy: SessionPolicy): number {
  return persistent ? policy.persistentDays * 86_400_000 : policy.browserSessionHours * 3_600_000;
}

export async function createSession(
  deps: Deps,
  options: { userId: number; persistent: boolean; policy: SessionPolicy },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSessionToken();
  const expiresAt = new Date(deps.now().getTime() + lifetimeMs(options.persistent, options.policy));
  await deps.db.insert(sessions).values({
    id: sessionIdFromToken(token),
    userId: options.userId,
    expiresAt,
    persistent: options.persistent,
    createdAt: deps.now(),
  });
  return { token, expiresAt };
}

/**
 * Returns the session of a cookie token, or null. Sliding expiry: once half the lifetime has
 * passed, the expiry moves forward and `renewed` tells the caller to refresh the cookie.
 */
export async function validateSessionToken(
  deps: Deps,
  options: { token: string; policy: SessionPolicy },
): Promise<(ValidSession & { renewed: boolean }) | null> {
  const sessionId = sessionIdFromToken(options.token);
  const rows = await deps.db
    .select({ session: sessions, username: users.username, role: userRoles.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(sessions.id, sessionId));
  const first = rows[0];
  if (!first) return null;
  const now = deps.now().getTime();
  const { session } = first;
  if (session.expiresAt.getTime() <= now) {
    await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  const lifetime = lifetimeMs(session.persistent, options.policy);
  let expiresAt = session.expiresAt;
  const renewed = expiresAt.getTime() - now < lifetime / 2;
  if (renewed) {
    expiresAt = new Date(now + lifetime);
    await deps.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  }
  const roles = rows.map((r) => r.role).filter((r): r is string => r !== null);
  return {
    sessionId,
    expiresAt,
    persistent: session.persistent,
    renewed,
    user: { id: session.userId, username: first.username, roles },
  };
}

/** Ends a session, and closes its websockets on every process. */
export async function invalidateSession(deps: Deps, sessionId: string): Promise<void> {
  await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
  await announceSessionEnd(deps, { sessionId });
}

/**
 * Ends every session of a user, optionally keeping one (e.g. the admin's own while editing
 * themself), and closes that user's websockets on every process.
 */
export async function invalidateUserSessions(
  deps: Deps,
  options: { userId: number; exceptSessionId?: string },
): Promise<void> {
  const byUser = eq(sessions.userId, options.userId);
  await deps.db
    .delete(sessions)
    .where(options.exceptSessionId ? and(byUser, ne(sessions.id, options.exceptSessionId)) : byUser);
  await announceSessionEnd(deps, { userId: options.userId });
}

export async function deleteExpiredSessions(deps: Deps): Promise<void> {
  await deps.db.delete(sessions).where(lt(sessions.expiresAt, deps.now()));
}
