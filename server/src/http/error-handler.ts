import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, errorCatalogue, isAppError } from '../errors.ts';
import { databaseUnreachableError } from '../health/database-unreachable.ts';
import { diskFullError } from '../health/disk-full.ts';
import { badInputError } from './bad-input-errors.ts';

export type ErrorBody = { code: number; error: string; description: string; details?: unknown };

/** Renders every error as `{code, error, description}` (docs/rest-api.md); never a stack trace or 5xx text. */
export function toErrorBody(error: unknown): ErrorBody {
  const input = badInputError(error);
  if (input) return toErrorBody(input);
  if (isAppError(error)) {
    return { code: error.status, error: error.title, description: error.message, details: error.details };
  }
  const fe = error as FastifyError;
  const status =
    typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 0;
  if (status === 413) return { code: 413, error: 'Too large', description: 'The request body is too large.' };
  if (status === 415) {
    return { code: 415, error: 'Wrong content type', description: `Unsupported content type. ${fe.message}` };
  }
  if (fe.validation) return { code: 400, error: 'Invalid input', description: fe.message };
  if (status) return { code: status, error: 'Bad request', description: fe.message };
  return {
    code: 500,
    error: errorCatalogue.internal.title,
    description: 'Something went wrong on the server. Try again.',
  };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // A disk-full failure often also looks unreachable (the server's PANIC): it says more.
    const unreachable =
      diskFullError(error, request.server.deps?.disk) ?? databaseUnreachableError(error, request.method);
    const body = toErrorBody(unreachable ?? error);
    if (unreachable) {
      // One line, not a stack per request while the database is down.
      request.log.warn(
        { code: (error as { code?: unknown }).code },
        unreachable.code === 'disk_full'
          ? 'request failed: the disk of the database is full'
          : 'request failed: the database cannot be reached',
      );
      void reply.header('retry-after', '5');
    } else if (body.code >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, description: body.description }, 'request refused');
    if (!isAppError(unreachable ?? error) || body.details === undefined) delete body.details;
    void reply.status(body.code).type('application/json; charset=utf-8').send(body);
  });
}

export function notFoundBody(request: FastifyRequest): ErrorBody {
  const path = request.url.split('?')[0];
  return toErrorBody(new AppError('not_found', { message: `There is no ${request.method} ${path}.` }));
}
