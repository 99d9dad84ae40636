import type { Deps } from '../deps.ts';
import { invalidateSession, invalidateUserSessions } from './sessions.ts';

export type LogoutOptions = {
  sessionId: string | null;
  userId: number;
  /** Every session of the user (every browser and device), not only this one. API tokens stay. */
  everywhere: boolean;
};

/** Ends this session, or every session of its user; their websockets close on every process. */
export async function logout(deps: Deps, options: LogoutOptions): Promise<void> {
  if (options.everywhere) await invalidateUserSessions(deps, { userId: options.userId });
  else if (options.sessionId) await invalidateSession(deps, options.sessionId);
}
