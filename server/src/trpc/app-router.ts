import { authRouter } from './routers/auth.ts';
import { usersRouter } from './routers/users.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
