import { alertTemplatesRouter } from './routers/alert-templates.ts';
import { approvalsRouter } from './routers/approvals.ts';
import { auditRouter } from './routers/audit.ts';
import { authRouter } from './routers/auth.ts';
import { consistencyRouter } from './routers/consistency.ts';
import { disruptionsRouter } from './routers/disruptions.ts';
import { feedRouter } from './routers/feed.ts';
import { jobsRouter } from './routers/jobs.ts';
import { scheduleRouter } from './routers/schedule.ts';
import { settingsRouter } from './routers/settings.ts';
import { summariesRouter } from './routers/summaries.ts';
import { tokensRouter } from './routers/tokens.ts';
import { trainsRouter } from './routers/trains.ts';
import { usersRouter } from './routers/users.ts';
import { webhooksRouter } from './routers/webhooks.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  audit: auditRouter,
  jobs: jobsRouter,
  feed: feedRouter,
  consistency: consistencyRouter,
  disruptions: disruptionsRouter,
  alertTemplates: alertTemplatesRouter,
  approvals: approvalsRouter,
  schedule: scheduleRouter,
  settings: settingsRouter,
  summaries: summariesRouter,
  tokens: tokensRouter,
  webhooks: webhooksRouter,
  trains: trainsRouter,
});

export type AppRouter = typeof appRouter;
