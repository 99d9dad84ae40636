import * as oidc from 'openid-client';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { loadInstallationSecret } from '../installation-secret.ts';
import { PENDING_SIGN_IN_MS, safeReturnPath, sealPendingSignIn } from './pending-sign-in.ts';
import { isSingleSignOnOn, signInProvider } from './sign-in-provider.ts';

export type StartedSignIn = { authorizationUrl: string; cookie: string; cookieMaxAgeSeconds: number };

/**
 * Begins a sign-in by the authorization code flow with PKCE (docs/single-sign-on.md): the
 * provider's URL to send the browser to, and the sealed cookie the callback checks.
 */
export async function startSignIn(
  deps: AppDeps,
  options: { redirectUri: string; returnTo?: string },
): Promise<StartedSignIn> {
  if (!isSingleSignOnOn(deps.config)) {
    throw new AppError('not_found', {
      message: 'Single sign-on is not set up on this desk: log in with your account.',
    });
  }
  const provider = await signInProvider(deps.config);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const authorizationUrl = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: options.redirectUri,
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const secret = await signInSecret(deps);
  const cookie = sealPendingSignIn(secret, {
    state,
    nonce,
    codeVerifier,
    returnTo: safeReturnPath(options.returnTo),
    expiresAt: deps.now().getTime() + PENDING_SIGN_IN_MS,
  });
  return { authorizationUrl: authorizationUrl.href, cookie, cookieMaxAgeSeconds: PENDING_SIGN_IN_MS / 1000 };
}

const secrets = new WeakMap<AppDeps, Promise<Buffer>>();

/** The installation's secret sealing the sign-in cookie (every process has the same). */
export function signInSecret(deps: AppDeps): Promise<Buffer> {
  let secret = secrets.get(deps);
  if (!secret) {
    secret = loadInstallationSecret(deps, 'oidc_sign_in_secret');
    secrets.set(deps, secret);
    secret.catch(() => secrets.delete(deps));
  }
  return secret;
}
