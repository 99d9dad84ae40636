import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { loadInstallationSecret } from './installation-secret.ts';

/**
 * CSRF tokens are bound to the browser: a random id lives in an HttpOnly cookie and the token is
 * its HMAC under an installation secret kept in the database (so every process agrees).
 * The token works before and after login, as docs/rest-api.md asks.
 */
export function loadCsrfSecret(deps: Deps): Promise<Buffer> {
  return loadInstallationSecret(deps, 'csrf_secret');
}

export function newBrowserId(): string {
  return randomBytes(18).toString('base64url');
}

export function csrfTokenFor(secret: Buffer, browserId: string): string {
  return createHmac('sha256', secret).update(browserId).digest('base64url');
}

export function isValidCsrfToken(secret: Buffer, browserId: string | undefined, token: unknown): boolean {
  if (!browserId || typeof token !== 'string' || token.length === 0) return false;
  const expected = Buffer.from(csrfTokenFor(secret, browserId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
