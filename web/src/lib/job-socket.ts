import { createWSClient, type WebSocketClientOptions } from '@trpc/client';

/** docs/spec.md §9: the live connection makes at most 5 reconnection attempts. */
export const RECONNECT_ATTEMPTS = 5;

/** The pacing of the Socket.IO client the spec's live connection used: 1 s, doubling, at most 5 s. */
export const reconnectDelayMs = (attempt: number) => Math.min(1_000 * 2 ** attempt, 5_000);

/**
 * The websocket of job subscriptions. tRPC's client retries for ever; this one closes itself when
 * the reconnection attempt after the 5th would start, which ends its subscriptions. A later
 * subscription opens it again with a fresh count.
 */
export function createJobSocket(options: WebSocketClientOptions) {
  const delay = options.retryDelayMs ?? reconnectDelayMs;
  const socket = createWSClient({
    ...options,
    // tRPC numbers the attempts of one outage from 0 and starts again from 0 once connected.
    retryDelayMs: (attempt) => {
      if (attempt < RECONNECT_ATTEMPTS) return delay(attempt);
      void socket.close();
      return 0;
    },
  });
  return socket;
}
