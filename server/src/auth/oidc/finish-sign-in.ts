import { userRoles, users } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { recordAudit } from '../../audit/record-audit.ts';
import type { AppDeps } from '../../deps.ts';
import { countLoginAttempt, forgetLoginAttempt, loginRateLimit } from '../login-rate-limit.ts';
import type { Role } from '../roles.ts';
import { createSession, invalidateSession, sessionPolicy } from '../sessions.ts';
import { claimAt, directoryRoles } from './directory-roles.ts';
import { openPendingSignIn } from './pending-sign-in.ts';
import { signInProvider } from './sign-in-provider.ts';
import { signInSecret } from './start-sign-in.ts';

/** Why a sign-in was refused; the login page words each (docs/single-sign-on.md). */
export type SignInRefusalReason = 'expired' | 'denied' | 'provider' | 'no_role' | 'username_taken';

export class SignInRefused extends Error {
  constructor(
    readonly reason: SignInRefusalReason,
    options: { cause?: unknown } = {},
  ) {
    super(`Single sign-on refused: ${reason}`, options);
    this.name = 'SignInRefused';
  }
}

export type FinishedSignIn = {
  token: string;
  expiresAt: Date;
  persistent: boolean;
  username: string;
  roles: Role[];
  returnTo: string;
};

/** A directory account never logs in with a password: this is no argon2 hash, so none verifies. */
const NO_PASSWORD = '!single-sign-on';
/** The login rate limit counts failed callbacks of an address under this name. */
const SIGN_IN_ATTEMPT = '(single sign-on)';

/**
 * Ends a sign-in at the callback: checks the sealed cookie, trades the code (PKCE, state, nonce),
 * reads the claims (ID token, then userinfo), makes or updates the user with the roles the directory
 * gives and starts a browser session (docs/single-sign-on.md).
 */
export async function finishSignIn(
  deps: AppDeps,
  options: { callbackUrl: URL; cookie: string | undefined; ip: string; previousSessionId?: string | null },
): Promise<FinishedSignIn> {
  const pending = openPendingSignIn(await signInSecret(deps), options.cookie, deps.now().getTime());
  if (!pending) throw new SignInRefused('expired');
  if (options.callbackUrl.searchParams.has('error')) throw new SignInRefused('denied');
  const attemptId = await countLoginAttempt(deps, {
    ip: options.ip,
    username: SIGN_IN_ATTEMPT,
    limit: loginRateLimit(deps),
  });
  const provider = await signInProvider(deps.config);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(provider, options.callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()!;
    // Providers put roles and names in the ID token or only in userinfo; the signed ID token wins.
    const userInfo = provider.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub)
      : {};
    claims = { ...userInfo, ...idToken };
  } catch (cause) {
    throw new SignInRefused('provider', { cause });
  }
  const issuer = provider.serverMetadata().issuer;
  const subject = `${issuer} ${String(claims.sub)}`;
  const username = directoryUsername(claims, deps.config.OIDC_USERNAME_CLAIM);
  const roles = directoryRoles(claimAt(claims, deps.config.OIDC_ROLES_CLAIM), deps.config.OIDC_ROLE_MAP);

  const userId = await deps.db.transaction(async (tx) => {
    const [known] = await tx.select().from(users).where(eq(users.oidcSubject, subject));
    const at = deps.now();
    const audit = (action: string, summary: string, details: Record<string, unknown>) =>
      recordAudit(tx, { at, by: null, kind: 'user', action, entityId: username, summary, details });
    let id: number;
    if (!known) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (taken) return null;
      if (roles.length === 0) return 0;
      const [row] = await tx
        .insert(users)
        .values({ username, passwordHash: NO_PASSWORD, oidcSubject: subject })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) return null;
      id = row.id;
      await tx.insert(userRoles).values(roles.map((role) => ({ userId: id, role })));
      await audit(
        'create',
        `Created user ${username} at their first single sign-on, with roles ${roles.join(', ')} from the directory.`,
        { roles, subject },
      );
      return id;
    }
    id = known.id;
    const before = (await tx.select().from(userRoles).where(eq(userRoles.userId, id)))
      .map((r) => r.role)
      .sort();
    if (before.join() !== [...roles].sort().join()) {
      await tx.delete(userRoles).where(eq(userRoles.userId, id));
      if (roles.length > 0) await tx.insert(userRoles).values(roles.map((role) => ({ userId: id, role })));
      await audit(
        'update',
        `Roles of ${username} set by the directory at sign-in: ${roles.join(', ') || 'none'} (were ${before.join(', ') || 'none'}).`,
        { before, roles },
      );
    }
    // The directory may rename a person; the desk follows when the new name is free.
    if (known.username !== username) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (!taken) await tx.update(users).set({ username }).where(eq(users.id, id));
    }
    return roles.length === 0 ? 0 : id;
  });
  if (userId === null) throw new SignInRefused('username_taken');
  // The directory gives no role: the account keeps none (its sessions lose every right at once).
  if (userId === 0) throw new SignInRefused('no_role');

  await forgetLoginAttempt(deps, attemptId);
  const [user] = await deps.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  // A browser session: control-room PCs are shared; the provider keeps the person signed in there.
  const session = await createSession(deps, { userId, persistent: false, policy: sessionPolicy(deps) });
  if (options.previousSessionId) await invalidateSession(deps, options.previousSessionId);
  return { ...session, persistent: false, username: user!.username, roles, returnTo: pending.returnTo };
}

function directoryUsername(claims: Record<string, unknown>, claim: string): string {
  for (const value of [claimAt(claims, claim), claims.email, claims.sub]) {
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 100);
  }
  return String(claims.sub).slice(0, 100);
}
