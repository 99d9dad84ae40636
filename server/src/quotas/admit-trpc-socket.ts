import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { sessionPolicy, type ValidSession } from '../auth/sessions.ts';
import { validateSessionTokenOnce } from '../auth/validate-session-once.ts';
import type { AppDeps } from '../deps.ts';
import { isAppError } from '../errors.ts';
import { cookieValue, SESSION_COOKIE } from '../http/session-cookie.ts';
import { principalOf } from './quotas.ts';
import { openSocketQuotas, type SocketSubscriptions } from './socket-quotas.ts';

export type AdmittedSocket = {
  /** The session cookie of the upgrade ('' without one). */
  token: string;
  session: ValidSession | null;
  subscriptions: SocketSubscriptions;
};

const admitted = new WeakMap<IncomingMessage, AdmittedSocket>();

/**
 * Reads the session of a tRPC websocket's upgrade and takes one of its principal's
 * WEBSOCKETS_PER_PRINCIPAL before the upgrade is answered: over the quota the upgrade is answered
 * 429 with the sentence, so the refused socket never opens and none of its calls costs anything
 * (docs/rest-api.md "Quotas of a principal"). What it holds is given back when the connection closes. Resolves
 * whether the upgrade may go on.
 */
export async function admitTrpcSocket(
  deps: AppDeps,
  request: IncomingMessage,
  socket: Socket,
): Promise<boolean> {
  const token = cookieValue(request.headers.cookie, SESSION_COOKIE) ?? '';
  let session: ValidSession | null;
  let quotas: ReturnType<typeof openSocketQuotas>;
  try {
    session = token ? await validateSessionTokenOnce(deps, { token, policy: sessionPolicy(deps) }) : null;
    quotas = openSocketQuotas(deps, principalOf({ user: session?.user ?? null }));
  } catch (error) {
    const refusal = isAppError(error)
      ? { status: error.status, title: error.title, message: error.message }
      : {
          status: 503,
          title: 'Service Unavailable',
          message: 'The live connection could not start. Try again.',
        };
    if (!isAppError(error)) deps.log.warn({ err: error }, 'A websocket upgrade could not be checked');
    const body = JSON.stringify({ code: refusal.status, error: refusal.title, description: refusal.message });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.title}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    return false;
  }
  if (socket.destroyed) {
    quotas.closed();
    return false;
  }
  socket.once('close', quotas.closed);
  admitted.set(request, { token, session, subscriptions: quotas.subscriptions });
  return true;
}

/** What admitTrpcSocket read for this upgrade (undefined: it was not checked). */
export function admittedSocket(request: IncomingMessage): AdmittedSocket | undefined {
  return admitted.get(request);
}
