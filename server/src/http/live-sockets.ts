import fp from 'fastify-plugin';
import { sessionEndPayload } from '../auth/session-ended.ts';
import type { Bus } from '../events/bus.ts';

type Open = { userId: number; sessionId: string; close: () => void };

/**
 * The open websockets of this process (tRPC /trpc and Socket.IO /ws) with their session: when a
 * session ends on any process (bus channel `session_ended`), its sockets close here at once.
 */
export class LiveSockets {
  private readonly open = new Set<Open>();
  private off: (() => void) | undefined;

  constructor(private readonly bus: Bus) {}

  start(): void {
    this.off = this.bus.on('session_ended', (payload) => this.closeMatching(payload));
  }

  stop(): void {
    this.off?.();
  }

  /** Remembers a socket; the returned function forgets it (call it when the socket closes). */
  add(socket: Open): () => void {
    this.open.add(socket);
    return () => this.open.delete(socket);
  }

  private closeMatching(payload: string): void {
    for (const socket of [...this.open]) {
      const matches =
        payload === sessionEndPayload({ sessionId: socket.sessionId }) ||
        payload === sessionEndPayload({ userId: socket.userId });
      if (matches) {
        this.open.delete(socket);
        socket.close();
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    liveSockets: LiveSockets;
  }
}

export const liveSocketsPlugin = fp(
  async (app) => {
    const sockets = new LiveSockets(app.deps.bus);
    sockets.start();
    app.decorate('liveSockets', sockets);
    app.addHook('onClose', async () => sockets.stop());
  },
  { name: 'live-sockets', dependencies: ['app-deps'] },
);
