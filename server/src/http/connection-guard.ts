import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import type { AppDeps } from '../deps.ts';

export type ConnectionLimits = {
  /** Open connections, websockets included. */
  total: number;
  perAddress: number;
  websockets: number;
  websocketsPerAddress: number;
  /** How long a request's headers may take; also the window in which a body must progress. */
  headersTimeoutMs: number;
  /** The least a body that has not fully arrived must bring in each window. */
  bodyBytesPerWindow: number;
};

export type ConnectionCounts = {
  connections: number;
  websockets: number;
  refusedConnections: number;
  refusedWebsockets: number;
  stalledBodies: number;
};

/** What a refused websocket upgrade is told before its socket closes. */
const UPGRADE_REFUSED =
  'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 10\r\nContent-Length: 0\r\n\r\n';

/**
 * Bounded waiting and bounded holding (docs/contract-notes.md "A service nobody can stop"): a client cannot keep
 * more than its share of the process's connections and websockets (in total and per address; the
 * file descriptors they use are what the feeds, the database and the log also need), nor keep one
 * open by sending headers or a body a byte at a time. Above a cap a new connection is closed at
 * once; what the process already serves goes on.
 */
export class ConnectionGuard {
  private readonly perAddress = new Map<string, number>();
  private readonly websocketsPerAddress = new Map<string, number>();
  private readonly bodies = new Map<IncomingMessage, { markAt: number; markBytes: number }>();
  private sweeper: NodeJS.Timeout | undefined;
  readonly counts: ConnectionCounts = {
    connections: 0,
    websockets: 0,
    refusedConnections: 0,
    refusedWebsockets: 0,
    stalledBodies: 0,
  };

  constructor(
    private readonly limits: ConnectionLimits,
    private readonly onStalledBody: (request: IncomingMessage) => void = () => {},
  ) {}

  /**
   * Caps the server's connections; Node's own `maxConnections` closes those above the total before
   * any byte is read, and its headers timeout closes a connection whose headers have not arrived.
   */
  attach(server: Server): void {
    server.maxConnections = this.limits.total;
    server.headersTimeout = this.limits.headersTimeoutMs;
    server.on('connection', (socket: Socket) => this.admitConnection(socket));
    server.on('drop', () => {
      this.counts.refusedConnections++;
    });
    // A body's progress is looked at a few times per window: one timer for all requests.
    this.sweeper = setInterval(
      () => this.sweepBodies(Date.now()),
      Math.min(5000, this.limits.headersTimeoutMs / 4),
    );
    this.sweeper.unref();
  }

  stop(): void {
    clearInterval(this.sweeper);
    this.bodies.clear();
  }

  private admitConnection(socket: Socket): void {
    const address = socket.remoteAddress ?? '';
    const count = (this.perAddress.get(address) ?? 0) + 1;
    if (count > this.limits.perAddress) {
      this.counts.refusedConnections++;
      socket.destroy();
      return;
    }
    this.perAddress.set(address, count);
    this.counts.connections++;
    socket.once('close', () => {
      this.counts.connections--;
      decrement(this.perAddress, address);
    });
  }

  /**
   * Whether a websocket upgrade may go on; a refused one is answered 503 and closed here. An
   * admitted one counts until its socket closes.
   */
  admitWebsocket(request: IncomingMessage, socket: Socket): boolean {
    const address = request.socket.remoteAddress ?? '';
    const count = (this.websocketsPerAddress.get(address) ?? 0) + 1;
    if (this.counts.websockets >= this.limits.websockets || count > this.limits.websocketsPerAddress) {
      this.counts.refusedWebsockets++;
      socket.end(UPGRADE_REFUSED);
      socket.destroySoon();
      return false;
    }
    this.websocketsPerAddress.set(address, count);
    this.counts.websockets++;
    socket.once('close', () => {
      this.counts.websockets--;
      decrement(this.websocketsPerAddress, address);
    });
    return true;
  }

  /** Watches a request whose body is still arriving (called when its headers are read). */
  watchBody(request: IncomingMessage): void {
    if (request.complete || !hasBody(request)) return;
    this.bodies.set(request, { markAt: Date.now(), markBytes: request.socket.bytesRead });
    request.once('close', () => this.bodies.delete(request));
  }

  /**
   * A body that has not arrived must bring `bodyBytesPerWindow` in each window: a trickle of a
   * byte a second is closed, an upload on a slow link goes on as long as its bytes keep coming.
   */
  sweepBodies(now: number): void {
    for (const [request, mark] of this.bodies) {
      if (request.complete || request.socket.destroyed) {
        this.bodies.delete(request);
        continue;
      }
      if (now - mark.markAt < this.limits.headersTimeoutMs) continue;
      const bytes = request.socket.bytesRead;
      if (bytes - mark.markBytes < this.limits.bodyBytesPerWindow) {
        this.bodies.delete(request);
        this.counts.stalledBodies++;
        this.onStalledBody(request);
        request.socket.destroy();
      } else {
        mark.markAt = now;
        mark.markBytes = bytes;
      }
    }
  }
}

/** Descriptors kept for what is not a client's connection. */
const DESCRIPTOR_RESERVE = 256;

/** The soft limit of open files of this process (Linux), or undefined where it cannot be read. */
export function openFileLimit(): number | undefined {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function decrement(counts: Map<string, number>, key: string): void {
  const count = (counts.get(key) ?? 1) - 1;
  if (count <= 0) counts.delete(key);
  else counts.set(key, count);
}

/** The guard built from the configuration, attached to the app's server, its counts in /metrics. */
export function guardConnections(app: FastifyInstance, deps: AppDeps): ConnectionGuard {
  const { config } = deps;
  const descriptors = openFileLimit();
  // Connections may use the descriptors but those the process needs besides (its database pool,
  // files, logs, worker threads): past them an accept, a file or the database fails (EMFILE).
  const total =
    descriptors === undefined
      ? config.MAX_CONNECTIONS
      : Math.min(config.MAX_CONNECTIONS, descriptors - DESCRIPTOR_RESERVE);
  if (total < config.MAX_CONNECTIONS) {
    deps.log.warn(
      `MAX_CONNECTIONS ${config.MAX_CONNECTIONS} lowered to ${total}: this process may open ${descriptors} files (ulimit -n); raise it to allow more connections.`,
    );
  }
  const guard = new ConnectionGuard(
    {
      total: Math.max(total, 16),
      perAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
      websockets: config.MAX_WEBSOCKETS,
      websocketsPerAddress: config.MAX_WEBSOCKETS_PER_ADDRESS,
      headersTimeoutMs: config.HEADERS_TIMEOUT_SECONDS * 1000,
      bodyBytesPerWindow: 8 * 1024,
    },
    (request) =>
      app.log.warn(
        { method: request.method, url: request.url?.slice(0, 200), address: request.socket.remoteAddress },
        'request body stalled: connection closed',
      ),
  );
  guard.attach(app.server);
  app.addHook('onRequest', (request, _reply, done) => {
    guard.watchBody(request.raw);
    done();
  });
  app.addHook('onClose', async () => guard.stop());
  const registers = [deps.metrics.registry];
  const { counts } = guard;
  new Gauge({
    name: 'feeddesk_open_connections',
    help: 'Open HTTP connections of this process, websockets included.',
    registers,
    collect() {
      this.set(counts.connections);
    },
  });
  new Gauge({
    name: 'feeddesk_open_websockets',
    help: 'Open websockets (/trpc and /ws) of this process.',
    registers,
    collect() {
      this.set(counts.websockets);
    },
  });
  new Counter({
    name: 'feeddesk_refused_connections_total',
    help: 'Connections and websockets refused above the caps, and requests closed for a stalled body.',
    labelNames: ['reason'],
    registers,
    collect() {
      this.reset();
      this.inc({ reason: 'connections' }, counts.refusedConnections);
      this.inc({ reason: 'websockets' }, counts.refusedWebsockets);
      this.inc({ reason: 'stalled_body' }, counts.stalledBodies);
    },
  });
  return guard;
}
