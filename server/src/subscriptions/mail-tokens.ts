import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps.ts';

/** A random token for a link of a mail: 32 bytes, base64url. Only its hash is stored. */
export function newMailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashMailToken(token) };
}

export function hashMailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where riders reach the product: PUBLIC_URL, else this process's own address. */
export function publicBaseUrl(deps: Pick<AppDeps, 'config'>): string {
  const { PUBLIC_URL, HOST, PORT } = deps.config;
  if (PUBLIC_URL) return PUBLIC_URL;
  const host = HOST.includes(':') ? `[${HOST}]` : HOST;
  return `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${PORT}`;
}

/** The link of a mail: confirm or unsubscribe, with its token. */
export function mailLink(
  deps: Pick<AppDeps, 'config'>,
  action: 'confirm' | 'unsubscribe',
  token: string,
): string {
  return `${publicBaseUrl(deps)}/subscriptions/${action}?token=${encodeURIComponent(token)}`;
}
