import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../errors.ts';
import { jsonBodyRefusal } from '../http/request-bodies.ts';
import { assertRole } from '../http/require-role.ts';
import { appRouter } from './app-router.ts';
import { type ProcedureMeta, trpcCodes } from './trpc.ts';

type Procedures = Record<string, { _def: { meta?: ProcedureMeta } }>;
const procedures = (appRouter as unknown as { _def: { procedures: Procedures } })._def.procedures;

/**
 * onRequest hooks of the tRPC routes (so they see the matched route, whatever the URL's spelling):
 * a request with an API token is refused (staff sessions only);
 * a call with a body is authorised before the body is read, from the access each procedure
 * declares; a multipart body is refused before it is read (uploads are REST's). Refusals keep
 * tRPC's error shape, so the clients read them as usual.
 */
export function addTrpcHttpGuard(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request, reply) => {
    const paths = String((request.params as { path?: string }).path ?? '').split(',');
    // The app is for staff: a system's API token works on the REST paths only (api-token.ts).
    if (request.apiToken) return sendTrpcError(request, reply, tokenRefused(), paths);
    if (request.method === 'GET' || request.method === 'HEAD') return;
    try {
      for (const path of paths) {
        const access = procedures[path]?._def.meta?.access;
        if (access) assertRole(request.user, access === 'login' ? null : access);
      }
      // tRPC reads a multipart body whole and parses it in one go (an 89 MB file held the event
      // loop 1.2 s): no procedure takes one. Files go to the REST routes, which stream them.
      if (request.headers['content-type']?.startsWith('multipart/')) throw multipartRefused();
    } catch (error) {
      if (!isAppError(error)) throw error;
      return sendTrpcError(request, reply, error, paths);
    }
  });
  // The tRPC adapter takes a JSON body as text and parses it itself: the same bounds as every
  // other JSON body (http/request-bodies.ts), checked on the text before it does.
  scope.addHook('preValidation', async (request, reply) => {
    if (typeof request.body !== 'string') return;
    const refusal = jsonBodyRefusal(request.body);
    if (refusal) {
      const paths = String((request.params as { path?: string }).path ?? '').split(',');
      return sendTrpcError(request, reply, refusal, paths);
    }
  });
}

function multipartRefused(): AppError {
  return new AppError('unsupported_media_type', {
    message: 'tRPC calls take JSON. Upload a schedule with POST /gtfs/upload_gtfs (multipart, field "file").',
  });
}

function tokenRefused(): AppError {
  return new AppError('not_logged_in', {
    message: 'API tokens work on the REST paths only; the web app and /trpc need a staff login.',
  });
}

function sendTrpcError(request: FastifyRequest, reply: FastifyReply, error: AppError, paths: string[]) {
  const key = trpcCodes[error.status] ?? 'INTERNAL_SERVER_ERROR';
  const shape = (path: string) => ({
    error: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY[key],
      data: {
        code: key,
        httpStatus: error.status,
        path,
        appCode: error.code,
        title: error.title,
        details: null,
        zodError: null,
      },
    },
  });
  const batch = (request.query as { batch?: string }).batch === '1';
  // Connection: close, so the body the client may still be sending is not read.
  return reply
    .status(error.status)
    .header('connection', 'close')
    .type('application/json')
    .send(batch ? paths.map(shape) : shape(paths[0]!));
}
