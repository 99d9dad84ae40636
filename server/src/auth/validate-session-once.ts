import type { Deps } from '../deps.ts';
import { type SessionPolicy, validateSessionToken } from './sessions.ts';

type Check = ReturnType<typeof validateSessionToken>;
const inFlight = new WeakMap<Deps['db'], Map<string, Check>>();

/**
 * validateSessionToken, with one query for all the calls that ask about the same token while it
 * runs: a websocket reads its session again for each subscription (trpc.ts), and a client sending
 * hundreds at once took as many of the pool's connections, making the public feed's own check
 * wait (docs/rest-api.md "Quotas of a principal"). A call that joins a check under way gets the answer of a read
 * made at most a query's time before it; a session that ends closes its sockets anyway
 * (http/live-sockets.ts).
 */
export function validateSessionTokenOnce(
  deps: Deps,
  options: { token: string; policy: SessionPolicy },
): Check {
  let checks = inFlight.get(deps.db);
  if (!checks) {
    checks = new Map();
    inFlight.set(deps.db, checks);
  }
  const running = checks.get(options.token);
  if (running) return running;
  const check = validateSessionToken(deps, options).finally(() => checks.delete(options.token));
  checks.set(options.token, check);
  return check;
}
