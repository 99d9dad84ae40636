import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
export type VersionList = Outputs['schedule']['versions'];
export type ScheduleVersion = VersionList['versions'][number];
export type ScheduleDiff = Outputs['schedule']['diff'];
export type RollbackResult = Outputs['schedule']['rollback'];
