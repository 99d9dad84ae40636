import type { FeedCache } from '@feeddesk/server/feed/feed-cache';
import { computeSecurityHeaders } from '@feeddesk/server/http/security-headers';
import { SIRI_SERVICES, SiriFeeds, type SiriService } from '@feeddesk/server/siri/siri-feeds';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { isNotModified, PUBLIC_FEED_HEADERS } from '../support/feed-answers.ts';
import { contentOf, notModified, refusals, Text } from '../support/schemas.ts';

const tags = ['siri'];
const SUMMARIES: Record<SiriService, string> = {
  'situation-exchange':
    'SIRI 2.1 Situation Exchange: one PtSituationElement per live alert (public, like the feeds).',
  'estimated-timetable':
    'SIRI 2.1 Estimated Timetable: one EstimatedVehicleJourney per train with a trip update (public, like the feeds).',
  'vehicle-monitoring':
    'SIRI 2.1 Vehicle Monitoring: one VehicleActivity per live vehicle position (public, like the feeds).',
};
const Query = Type.Object({
  format: Type.Optional(
    Type.String({ enum: ['xml', 'json'], description: '`json`: the same delivery as SIRI Lite JSON.' }),
  ),
});
const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'If-None-Match, If-Modified-Since',
  'access-control-max-age': '86400',
};

/**
 * /siri of docs/rest-api.md "SIRI": the live feeds as SIRI 2.1 deliveries, public like the
 * GTFS-Realtime feeds (an API token is checked and rate limited by the same hooks; any page may
 * read them), with the feed's Last-Modified and an ETag that follows the feed's, 304 on
 * If-None-Match or If-Modified-Since. The session is never read: a cookie never makes a poll wait.
 */
export const siriRoutes: FastifyPluginAsync<{ cache: FeedCache }> = async (app, { cache }) => {
  const siri = new SiriFeeds(app.deps, cache);
  app.addHook('onClose', () => siri.close());
  const security = computeSecurityHeaders();
  for (const service of SIRI_SERVICES) {
    app.get<{ Querystring: { format?: string } }>(
      `/${service}`,
      {
        config: { session: false, accessLog: 'summary' },
        schema: {
          tags,
          summary: SUMMARIES[service],
          querystring: Query,
          response: {
            200: contentOf(
              'The Siri/ServiceDelivery (gzip when Accept-Encoding allows; ETag, Last-Modified); `format=json` as JSON.',
              {
                'application/xml': Text,
                'application/json': Type.Object({}, { additionalProperties: true }),
              },
            ),
            304: notModified('Not modified (If-None-Match or If-Modified-Since).'),
            ...refusals(400, 503),
          },
        },
      },
      async (request, reply) => {
        const delivery = await siri.delivery(service);
        const json = request.query.format === 'json';
        const base = delivery.snapshot.etag.slice(0, -1);
        const etag = `${base}-siri${json ? '-json' : ''}"`;
        const validators = { ...PUBLIC_FEED_HEADERS, etag, 'last-modified': delivery.snapshot.lastModified };
        if (isNotModified(request.headers, etag, delivery.snapshot.stamp)) {
          for (const name of Object.keys(security)) reply.removeHeader(name);
          return reply.status(304).headers(validators).send();
        }
        const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
        const body = json
          ? gzip
            ? delivery.jsonGzip
            : delivery.json
          : gzip
            ? delivery.xmlGzip
            : delivery.xml;
        if (gzip) reply.header('content-encoding', 'gzip');
        return reply
          .headers(validators)
          .type(json ? 'application/json; charset=utf-8' : 'application/xml; charset=utf-8')
          .send(body);
      },
    );
    app.options(
      `/${service}`,
      {
        config: { session: false },
        schema: {
          tags,
          summary: 'CORS preflight of a SIRI service: any origin may read it and its validators.',
          response: { 204: notModified('No content: the CORS headers only.') },
        },
      },
      (_request, reply) => reply.status(204).headers(PREFLIGHT_HEADERS).send(),
    );
  }
};
