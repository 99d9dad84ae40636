import { sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';

/** What ends: one session (logout), or every session of a user (password, roles, deletion). */
export type SessionEnd = { sessionId: string } | { userId: number };

export function sessionEndPayload(end: SessionEnd): string {
  return 'sessionId' in end ? `session:${end.sessionId}` : `user:${end.userId}`;
}

/**
 * Tells every process (bus channel `session_ended`) to close the websockets of a session or user.
 * Sent by SQL on the caller's db, so inside a transaction it goes out only when that commits.
 */
export async function announceSessionEnd(deps: Deps, end: SessionEnd): Promise<void> {
  await deps.db.execute(sql`select pg_notify('session_ended', ${sessionEndPayload(end)})`);
}
