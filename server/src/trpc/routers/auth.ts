import { login } from '../../auth/login.ts';
import { logout } from '../../auth/logout.ts';
import { signInOptions } from '../../auth/oidc/sign-in-options.ts';
import { normaliseRoles } from '../../auth/roles.ts';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';
import { loginInput, logoutInput } from './auth.schemas.ts';

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) =>
    ctx.user ? { id: ctx.user.id, username: ctx.user.username, roles: normaliseRoles(ctx.user.roles) } : null,
  ),
  /** What the login page offers: the password form, single sign-on, or both (docs/single-sign-on.md). */
  signInOptions: publicProcedure.query(({ ctx }) => signInOptions(ctx.deps.config)),
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await login(ctx.deps, { ...input, ip: ctx.ip, previousSessionId: ctx.sessionId });
    if (ctx.reply) setSessionCookie(ctx.reply, { ...result, secure: ctx.secure });
    return { username: result.username, roles: result.roles };
  }),
  /** Ends this session; with `everywhere`, every session of the user (log out everywhere). */
  logout: authedProcedure.input(logoutInput).mutation(async ({ ctx, input }) => {
    await logout(ctx.deps, {
      sessionId: ctx.sessionId ?? null,
      userId: ctx.user.id,
      everywhere: input?.everywhere ?? false,
    });
    if (ctx.reply) clearSessionCookie(ctx.reply, ctx.secure);
    return { ok: true };
  }),
});
