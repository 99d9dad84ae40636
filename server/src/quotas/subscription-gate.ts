/** What the gate uses of a `ws` WebSocket (the server package does not depend on `ws`'s types). */
type WebSocket = {
  readonly readyState: number;
  readonly OPEN: number;
  on(event: string, listener: (...args: never[]) => void): unknown;
  send(data: string): void;
};

import type { SocketSubscriptions } from './socket-quotas.ts';

type Call = { id?: unknown; method?: unknown };

/**
 * The tRPC websocket as the adapter sees it, with SUBSCRIPTIONS_PER_SOCKET applied to each frame
 * as it arrives, before tRPC parses and runs it. tRPC starts every call of a frame in one go: the
 * 200 subscriptions a client sends at once were all run (and most refused) in one turn of the
 * event loop, holding the public feed for a second (docs/rest-api.md "Quotas of a principal"). Here a
 * subscription over the number the socket has open or starting is answered at once with the
 * refusal, and a client that keeps asking is closed (SocketSubscriptions.closeWhenIgnored). The
 * subscriptions' own middleware (trpc.ts) still counts them exactly, per socket and per principal.
 */
export function gateSubscriptionFrames<S extends WebSocket>(ws: S, subscriptions: SocketSubscriptions): S {
  /** Ids of the subscriptions passed to tRPC and not yet answered with their end. */
  const live = new Set<string>();
  const refuse = (id: unknown) => {
    const error = subscriptions.refusal(live.size);
    ws.send(
      JSON.stringify({
        id,
        error: {
          message: error.message,
          code: -32029,
          data: {
            code: 'TOO_MANY_REQUESTS',
            httpStatus: 429,
            appCode: error.code,
            title: error.title,
            details: error.details,
            zodError: null,
          },
        },
      }),
    );
  };
  /** Which calls of a frame go on to tRPC; the frame itself when all do. */
  const admit = (data: Buffer | string): Buffer | string | undefined => {
    if (ws.readyState !== ws.OPEN) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return data; // tRPC answers the parse error
    }
    const calls = (Array.isArray(parsed) ? parsed : [parsed]) as Call[];
    const kept = calls.filter((call) => {
      if (typeof call !== 'object' || call === null) return true;
      const key = JSON.stringify(call.id ?? null);
      if (call.method === 'subscription.stop') return true;
      if (call.method !== 'subscription') return true;
      if (live.has(key) || subscriptions.full(live.size)) {
        refuse(call.id ?? null);
        return false;
      }
      live.add(key);
      return true;
    });
    if (kept.length === calls.length) return data;
    if (kept.length === 0 || ws.readyState !== ws.OPEN) return undefined;
    return JSON.stringify(Array.isArray(parsed) ? kept : kept[0]);
  };
  /** A subscription's last answer (its end, or its refusal) frees its place. */
  const sent = (data: unknown) => {
    if (typeof data !== 'string' || live.size === 0) return;
    if (!data.includes('"error"') && !data.includes('"stopped"')) return;
    try {
      const answer = JSON.parse(data) as { id?: unknown; error?: unknown; result?: { type?: unknown } };
      if (answer.error !== undefined || answer.result?.type === 'stopped')
        live.delete(JSON.stringify(answer.id ?? null));
    } catch {
      // not one of tRPC's answers
    }
  };
  return new Proxy(ws, {
    get(target, property) {
      if (property === 'on' || property === 'addListener') {
        return (event: string, listener: (...args: unknown[]) => void) => {
          if (event !== 'message') return target.on(event, listener);
          return target.on('message', (data: Buffer | string, isBinary: boolean) => {
            const passed = isBinary ? data : admit(data);
            if (passed !== undefined) listener(passed, isBinary);
          });
        };
      }
      if (property === 'send') {
        return (data: unknown, ...rest: unknown[]) => {
          sent(data);
          return (target.send as (...args: unknown[]) => void)(data, ...rest);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
