import { type BuildAppOptions, buildApp } from '@feeddesk/server/app';
import type { FastifyInstance } from 'fastify';
import { gatewayPlugin } from './plugin.ts';

export type BuildProductOptions = Omit<BuildAppOptions, 'routes'>;

/**
 * The product on one Fastify instance: the server's app (plumbing, tRPC, web app) with the REST
 * gateway and /ws. `trpc: false, serveWeb: false` is the gateway alone. Never listens.
 */
export function buildProduct(options: BuildProductOptions): Promise<FastifyInstance> {
  return buildApp({ ...options, routes: [gatewayPlugin] });
}
