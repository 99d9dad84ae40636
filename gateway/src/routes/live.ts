import { hasRole } from '@feeddesk/server/auth/roles';
import { sessionPolicy, validateSessionToken } from '@feeddesk/server/auth/sessions';
import { isAppError } from '@feeddesk/server/errors';
import { badInputError } from '@feeddesk/server/http/bad-input-errors';
import { isAllowedOrigin } from '@feeddesk/server/http/origin';
import { cookieValue, SESSION_COOKIE } from '@feeddesk/server/http/session-cookie';
import { followJob, getJobToFollow } from '@feeddesk/server/jobs/follow-job';
import { principalOf } from '@feeddesk/server/quotas/quotas';
import { openSocketQuotas, type SocketSubscriptions } from '@feeddesk/server/quotas/socket-quotas';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';

/**
 * The live connection of docs/rest-api.md: Socket.IO at /ws, websocket transport, a logged-in session
 * with role gtfs or excel, from the Host's own origin (or ALLOWED_ORIGINS). `join-room` replays a
 * job's messages from the start, then live ones: `event` for uploads, `finished` for summaries.
 * The session is read again at every join (roles taken away count at once), and the socket closes
 * when its session ends on any process.
 */
export const liveConnection: FastifyPluginAsync = fp(
  async (app) => {
    const io = new Server(app.server, {
      path: '/ws',
      transports: ['websocket'],
      serveClient: false,
      destroyUpgrade: false,
      maxHttpBufferSize: 64 * 1024,
      allowRequest: (request, callback) => {
        const ok = isAllowedOrigin(request.headers, app.deps.config);
        callback(ok ? null : 'This origin may not open the live connection.', ok);
      },
    });
    const sessionOf = (cookieHeader: string | undefined) => {
      const token = cookieValue(cookieHeader, SESSION_COOKIE);
      return token ? validateSessionToken(app.deps, { token, policy: sessionPolicy(app.deps) }) : null;
    };
    const mayFollowJobs = (roles: readonly string[]) => hasRole(roles, 'gtfs') || hasRole(roles, 'excel');
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
    io.use(async (socket, next) => {
      try {
        const session = await sessionOf(socket.request.headers.cookie);
        if (!session) return next(new Error('Please log in first.'));
        if (!mayFollowJobs(session.user.roles))
          return next(new Error("This needs the 'gtfs' or 'excel' role."));
        // The websockets of a principal and the jobs each follows are bounded as tRPC's (docs/rest-api.md "Quotas of a principal").
        let quotas: ReturnType<typeof openSocketQuotas>;
        try {
          quotas = openSocketQuotas(app.deps, principalOf({ user: session.user }));
        } catch (error) {
          if (!isAppError(error)) throw error;
          return next(new Error(error.message));
        }
        socket.data.subscriptions = quotas.subscriptions;
        socket.on('disconnect', quotas.closed);
        const forget = app.liveSockets.add({
          userId: session.user.id,
          sessionId: session.sessionId,
          close: () => socket.disconnect(true),
        });
        socket.on('disconnect', forget);
        next();
      } catch {
        next(new Error('The live connection could not start. Try again.'));
      }
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
        let close = () => {};
        try {
          close = (socket.data.subscriptions as SocketSubscriptions).take();
          const session = await sessionOf(socket.request.headers.cookie);
          if (!session) {
            socket.emit('error-message', { status: 'error', message: 'Please log in first.' });
            socket.disconnect(true);
            return;
          }
          const roles = session.user.roles;
          // Refused (unknown job, or not the role of its kind) before joining its room.
          const job = await getJobToFollow(app.deps, { jobId: room, roles });
          await socket.join(room);
          for await (const m of followJob(app.deps, { jobId: room, roles, signal: abort.signal })) {
            // Progress-only messages (no text) are for the web app's bar; the contract's events keep their shape.
            if (m.status === 'working' && !m.message && m.progress) continue;
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
          // Only the product's own messages reach the client, never a database error's text.
          const known = isAppError(error) ? error : badInputError(error);
          if (!known) app.log.error({ err: error }, 'join-room failed');
          const message = known?.message ?? 'The job could not be followed. Try again.';
          socket.emit('error-message', { status: 'error', message });
        } finally {
          close();
        }
      });
    });
  },
  { name: 'live-connection', dependencies: ['app-deps', 'live-sockets'] },
);
