import { hasRole } from '@feeddesk/server/auth/roles';
import { sessionPolicy, validateSessionToken } from '@feeddesk/server/auth/sessions';
import { cookieValue, SESSION_COOKIE } from '@feeddesk/server/http/session-cookie';
import { followJob, getJobToFollow } from '@feeddesk/server/jobs/follow-job';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';

/**
 * The live connection of contract.md: Socket.IO at /ws, websocket transport, a logged-in session
 * with role gtfs or excel. `join-room` replays a job's messages from the start, then live ones:
 * `event` for uploads, `finished` for summaries.
 */
export const liveConnection: FastifyPluginAsync = fp(
  async (app) => {
    const io = new Server(app.server, {
      path: '/ws',
      transports: ['websocket'],
      serveClient: false,
      destroyUpgrade: false,
      maxHttpBufferSize: 64 * 1024,
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
    io.use(async (socket, next) => {
      const token = cookieValue(socket.request.headers.cookie, SESSION_COOKIE);
      const session = token
        ? await validateSessionToken(app.deps, { token, policy: sessionPolicy(app.deps) })
        : null;
      if (!session) return next(new Error('Please log in first.'));
      if (!hasRole(session.user.roles, 'gtfs') && !hasRole(session.user.roles, 'excel')) {
        return next(new Error("This needs the 'gtfs' or 'excel' role."));
      }
      socket.data.roles = session.user.roles;
      next();
    });
    io.on('connection', (socket) => {
      const abort = new AbortController();
      socket.on('disconnect', () => abort.abort());
      socket.on('join-room', async (payload: unknown) => {
        const room =
          typeof payload === 'object' && payload !== null ? (payload as { room?: unknown }).room : payload;
        if (typeof room !== 'string' || room.length > 100) {
          socket.emit('error-message', { status: 'error', message: 'join-room needs {"room": "<job id>"}.' });
          return;
        }
        try {
          const roles = socket.data.roles as string[];
          // Refused (unknown job, or not the role of its kind) before joining its room.
          const job = await getJobToFollow(app.deps, { jobId: room, roles });
          await socket.join(room);
          for await (const m of followJob(app.deps, { jobId: room, roles, signal: abort.signal })) {
            if (job.kind === 'summary') {
              if (m.status !== 'working') socket.emit('finished', { status: m.status, message: m.message });
            } else {
              socket.emit('event', {
                status: m.status,
                message: m.message,
                validation_report: m.validation_report ?? false,
              });
            }
          }
        } catch (error) {
          socket.emit('error-message', { status: 'error', message: (error as Error).message });
        }
      });
    });
  },
  { name: 'live-connection', dependencies: ['app-deps'] },
);
