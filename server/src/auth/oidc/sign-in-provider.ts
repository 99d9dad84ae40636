import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { ROLES, unknownRolesInMap } from '../roles.ts';

/** Single sign-on is on when the three settings of docs/single-sign-on.md are set. */
export function isSingleSignOnOn(config: Config): boolean {
  return Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);
}

/** Stops the start when OIDC_ROLE_MAP names a role the desk does not have (a typo is never silent). */
export function checkSingleSignOnSettings(config: Config): void {
  const unknown = config.OIDC_ROLE_MAP ? unknownRolesInMap(config.OIDC_ROLE_MAP) : [];
  if (unknown.length > 0) {
    throw new Error(
      `Invalid configuration:\nOIDC_ROLE_MAP names no role of the desk: ${unknown.join(', ')} (roles are ${ROLES.join(', ')}).`,
    );
  }
}

// One discovery per process and configuration; a failed one is forgotten so the next sign-in retries.
const discovered = new WeakMap<Config, Promise<oidc.Configuration>>();

/**
 * The provider's metadata (OpenID Connect discovery), fetched at the first sign-in, not at start:
 * a provider that is down never stops the desk, it only refuses single sign-on for a while.
 */
export function signInProvider(config: Config): Promise<oidc.Configuration> {
  let found = discovered.get(config);
  if (!found) {
    found = discover(config);
    discovered.set(config, found);
    found.catch(() => discovered.delete(config));
  }
  return found;
}

async function discover(config: Config): Promise<oidc.Configuration> {
  const issuer = new URL(config.OIDC_ISSUER!);
  try {
    return await oidc.discovery(
      issuer,
      config.OIDC_CLIENT_ID!,
      config.OIDC_CLIENT_SECRET!,
      undefined,
      // config.ts accepts http only on a loopback address.
      { timeout: 5, ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
  } catch (cause) {
    throw unreachable(config, cause);
  }
}

export function unreachable(config: Config, cause: unknown): AppError {
  return new AppError('sign_in_provider_unreachable', {
    message: `The sign-in provider (${config.OIDC_ISSUER}) cannot be reached. Try again in a minute, or log in with a local account.`,
    cause,
  });
}
