import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config.ts';

/**
 * May a websocket upgrade with these headers go on? A browser always sends Origin with an
 * upgrade, and a page of another site could otherwise use the visitor's cookie (websockets have
 * no CORS). Without Origin the client is no browser, so it carries no victim's cookie.
 * Allowed: the Host's own origin, and the ALLOWED_ORIGINS list.
 */
export function isAllowedOrigin(headers: IncomingHttpHeaders, config: Config): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (config.ALLOWED_ORIGINS.includes(url.origin.toLowerCase())) return true;
  const forwarded = config.TRUST_PROXY ? headers['x-forwarded-host'] : undefined;
  const host = (typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined) ?? headers.host;
  return host !== undefined && url.host.toLowerCase() === host.toLowerCase();
}
