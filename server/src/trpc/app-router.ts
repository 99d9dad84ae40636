import { authRouter } from './routers/auth.ts';
import { jobsRouter } from './routers/jobs.ts';
import { usersRouter } from './routers/users.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  jobs: jobsRouter,
});

export type AppRouter = typeof appRouter;
