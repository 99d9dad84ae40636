import type { AppRouter } from '@feeddesk/server/trpc/app-router';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;
export type Train = Outputs['trains']['list'][number];
export type Network = Outputs['trains']['network'];
