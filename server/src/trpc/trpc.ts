import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Role } from '../auth/roles.ts';
import { sessionPolicy } from '../auth/sessions.ts';
import { validateSessionTokenOnce } from '../auth/validate-session-once.ts';
import { type AppError, isAppError } from '../errors.ts';
import { databaseUnreachableError } from '../health/database-unreachable.ts';
import { diskFullError } from '../health/disk-full.ts';
import { badInputError } from '../http/bad-input-errors.ts';
import { assertRole } from '../http/require-role.ts';
import type { Context } from './context.ts';

/** Who may call a procedure; the HTTP edge reads it to refuse a body before reading it. */
export type ProcedureMeta = { access: Role | readonly Role[] | 'login' };

export const trpcCodes: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // The formatter below never sends a stack; without this tRPC still formatted one (source-mapped,
    // ~0.1 ms) for every refused call, a cost a client could multiply.
    isDev: false,
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      const app = isAppError(cause) ? cause : undefined;
      const zodError = cause instanceof z.ZodError ? z.flattenError(cause) : null;
      return {
        ...shape,
        message: app
          ? app.message
          : error.code === 'INTERNAL_SERVER_ERROR'
            ? 'Something went wrong on the server.'
            : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          appCode: app?.code ?? null,
          title: app?.title ?? null,
          details: app?.details ?? null,
          zodError,
        },
      };
    },
  });

/** AppErrors thrown by services become tRPC errors with the matching code (one table, errors.ts). */
const translateErrors = t.middleware(async ({ ctx, next, type }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  const app = isAppError(cause)
    ? cause
    : (badInputError(cause) ??
      diskFullError(cause, ctx.deps.disk) ??
      databaseUnreachableError(cause, type === 'mutation' ? 'POST' : 'GET'));
  if (app) {
    throw new TRPCError({
      code: trpcCodes[app.status] ?? 'INTERNAL_SERVER_ERROR',
      message: app.message,
      cause: app,
    });
  }
  return result;
});

/**
 * Over a websocket the session of the upgrade request is read again for every call (a logout,
 * a role change or a deletion counts at once), and only subscriptions are served: queries and
 * mutations go over HTTP, where the CSRF token proves their origin.
 */
const socketSession = t.middleware(async ({ ctx, type, next }) => {
  if (ctx.socketToken === null) return next();
  if (type !== 'subscription') {
    throw new TRPCError({
      code: 'METHOD_NOT_SUPPORTED',
      message: 'Over the websocket only subscriptions are served; send queries and mutations over HTTP.',
    });
  }
  const session = ctx.socketToken
    ? await validateSessionTokenOnce(ctx.deps, { token: ctx.socketToken, policy: sessionPolicy(ctx.deps) })
    : null;
  return next({ ctx: { ...ctx, user: session?.user ?? null, sessionId: session?.sessionId ?? null } });
});

/**
 * Each subscription over a websocket holds one of its quotas (quotas/socket-quotas.ts) from its
 * start until it ends, is stopped or the socket closes. Checked before the session is read again,
 * so a refused one costs no database query.
 */
const subscriptionQuota = t.middleware(async ({ ctx, type, next }) => {
  if (type !== 'subscription' || ctx.subscriptions === null) return next();
  let close: () => void;
  try {
    close = ctx.subscriptions.take();
  } catch (error) {
    const app = error as AppError;
    throw new TRPCError({ code: trpcCodes[app.status]!, message: app.message, cause: app });
  }
  const result = await next().catch((error: unknown) => {
    close();
    throw error;
  });
  if (!result.ok || !isAsyncIterable(result.data)) {
    close();
    return result;
  }
  return { ...result, data: closingWhenDone(result.data, close) };
});

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** The subscription's messages; `close` once it ends, however (done, stopped, failed). */
async function* closingWhenDone<T>(messages: AsyncIterable<T>, close: () => void): AsyncGenerator<T> {
  try {
    yield* messages;
  } finally {
    close();
  }
}

function roleGuard(role: Role | readonly Role[] | null) {
  return t.middleware(({ ctx, next }) => {
    try {
      const user = assertRole(ctx.user, role);
      return next({ ctx: { ...ctx, user } });
    } catch (error) {
      const app = error as AppError;
      throw new TRPCError({ code: trpcCodes[app.status]!, message: app.message, cause: app });
    }
  });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(translateErrors).use(subscriptionQuota).use(socketSession);
export const authedProcedure = publicProcedure.meta({ access: 'login' }).use(roleGuard(null));
export const viewProcedure = publicProcedure.meta({ access: 'view' }).use(roleGuard('view'));
export const editProcedure = publicProcedure.meta({ access: 'edit' }).use(roleGuard('edit'));
export const gtfsProcedure = publicProcedure.meta({ access: 'gtfs' }).use(roleGuard('gtfs'));
export const excelProcedure = publicProcedure.meta({ access: 'excel' }).use(roleGuard('excel'));
export const adminProcedure = publicProcedure.meta({ access: 'admin' }).use(roleGuard('admin'));
/** Two-person approval: who decides what others saved (docs/contract-notes.md). */
export const approveProcedure = publicProcedure.meta({ access: 'approve' }).use(roleGuard('approve'));
/** The list of what waits: its authors (edit) and its approvers. */
const EDIT_OR_APPROVE = ['edit', 'approve'] as const;
export const editOrApproveProcedure = publicProcedure
  .meta({ access: EDIT_OR_APPROVE })
  .use(roleGuard(EDIT_OR_APPROVE));
