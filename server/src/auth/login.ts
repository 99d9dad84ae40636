import { userRoles, users } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { countLoginAttempt, forgetLoginAttempt, loginRateLimit } from './login-rate-limit.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { normaliseRoles } from './roles.ts';
import { createSession, invalidateSession, sessionPolicy } from './sessions.ts';

export type LoginOptions = {
  username: string;
  password: string;
  rememberMe: boolean;
  ip: string;
  /** The session the client logged in from, if any: it ends once the new one exists. */
  previousSessionId?: string | null;
};

export type LoginResult = {
  token: string;
  expiresAt: Date;
  persistent: boolean;
  username: string;
  roles: string[];
};

/** One message for an unknown user and a wrong password, so logins do not reveal usernames. */
const BAD_CREDENTIALS = 'Wrong username or password. Check both and try again.';

/**
 * Checks the credentials (each attempt counted first: limited by address, slowed down by username) and starts a new session: a new
 * token at every login (no session fixation), and the client's previous session ends.
 */
export async function login(deps: AppDeps, options: LoginOptions): Promise<LoginResult> {
  if (!deps.config.LOCAL_LOGIN) {
    throw new AppError('local_login_off', {
      message: `Local accounts are off on this desk: sign in with ${deps.config.OIDC_NAME}.`,
    });
  }
  const username = options.username.trim();
  if (!username || !options.password) {
    throw new AppError('invalid_credentials', { message: 'Please enter a username and a password.' });
  }
  const attemptId = await countLoginAttempt(deps, { ip: options.ip, username, limit: loginRateLimit(deps) });
  const [user] = await deps.db.select().from(users).where(eq(users.username, username));
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), options.password);
  // A failed attempt stays counted.
  if (!user || !ok) throw new AppError('invalid_credentials', { message: BAD_CREDENTIALS });
  await forgetLoginAttempt(deps, attemptId);
  const roleRows = await deps.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
  const session = await createSession(deps, {
    userId: user.id,
    persistent: options.rememberMe,
    policy: sessionPolicy(deps),
  });
  if (options.previousSessionId) await invalidateSession(deps, options.previousSessionId);
  return {
    ...session,
    persistent: options.rememberMe,
    username: user.username,
    roles: normaliseRoles(roleRows.map((r) => r.role)),
  };
}
