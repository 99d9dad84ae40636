import { login } from '../../auth/login.ts';
import { normaliseRoles } from '../../auth/roles.ts';
import { invalidateSession } from '../../auth/sessions.ts';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';
import { loginInput } from './auth.schemas.ts';

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) =>
    ctx.user ? { id: ctx.user.id, username: ctx.user.username, roles: normaliseRoles(ctx.user.roles) } : null,
  ),
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await login(ctx.deps, { ...input, ip: ctx.ip, previousSessionId: ctx.sessionId });
    if (ctx.reply) setSessionCookie(ctx.reply, { ...result, secure: ctx.secure });
    return { username: result.username, roles: result.roles };
  }),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionId) await invalidateSession(ctx.deps, ctx.sessionId);
    if (ctx.reply) clearSessionCookie(ctx.reply, ctx.secure);
    return { ok: true };
  }),
});
