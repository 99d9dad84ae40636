import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a sign-in needs between the redirect to the provider and its callback: state, nonce and
 * the PKCE verifier. It travels in an HttpOnly cookie signed with an installation secret, so any
 * process can finish a sign-in another began and a stranger's request stores nothing here.
 */
export type PendingSignIn = {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A path of the desk to go back to (validated by safeReturnPath). */
  returnTo: string;
  /** Epoch milliseconds after which the sign-in must start again. */
  expiresAt: number;
};

export const PENDING_SIGN_IN_COOKIE = 'oidc_sign_in';
/** Time a person has on the provider's pages (login, second factor, consent). */
export const PENDING_SIGN_IN_MS = 10 * 60_000;

function mac(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(`oidc-sign-in.${payload}`).digest('base64url');
}

export function sealPendingSignIn(secret: Buffer, pending: PendingSignIn): string {
  const payload = Buffer.from(JSON.stringify(pending)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The pending sign-in of a cookie, or null when it is missing, forged or expired. */
export function openPendingSignIn(
  secret: Buffer,
  value: string | undefined,
  now: number,
): PendingSignIn | null {
  if (!value || value.length > 4096) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const pending = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PendingSignIn;
    return typeof pending.expiresAt === 'number' && pending.expiresAt > now ? pending : null;
  } catch {
    return null;
  }
}

/** Only a path of this site: never another origin (`//evil`, `/\evil`, `https:`), else the home page. */
export function safeReturnPath(value: string | undefined): string {
  if (!value || value.length > 500 || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\') || value.includes('\n') || value.includes('\r'))
    return '/';
  return value;
}
