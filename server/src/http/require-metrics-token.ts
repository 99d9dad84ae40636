import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

/**
 * onRequest hook of GET /metrics: with METRICS_TOKEN set, a scraper sends
 * `Authorization: Bearer <token>` (Prometheus: `authorization: {credentials: …}`); without it the
 * path is open, for a port only the internal network reaches. No session is involved either way.
 */
export function requireMetricsToken(config: Pick<Config, 'METRICS_TOKEN'>) {
  const expected = config.METRICS_TOKEN && digest(config.METRICS_TOKEN);
  return async (request: FastifyRequest) => {
    if (!expected) return;
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? digest(header.slice(7).trim()) : undefined;
    // Digests of equal length, compared in constant time: the answer's timing tells nothing of the token.
    if (!given || !timingSafeEqual(given, expected)) {
      throw new AppError('metrics_token_invalid', {
        message: 'Send the metrics token as header Authorization: Bearer <METRICS_TOKEN>.',
      });
    }
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
