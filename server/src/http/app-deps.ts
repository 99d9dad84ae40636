import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Hands the domain services their deps (db, clock, log, config) through the Fastify instance. */
export const appDepsPlugin = fp<{ deps: AppDeps }>(
  async (app, options) => {
    app.decorate('deps', options.deps);
  },
  { name: 'app-deps' },
);
