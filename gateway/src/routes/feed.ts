import { AppError } from '@feeddesk/server/errors';
import { deleteFeedEntity } from '@feeddesk/server/feed/delete-feed-entity';
import { FeedCache } from '@feeddesk/server/feed/feed-cache';
import { FEED_PATHS } from '@feeddesk/server/feed/feed-kind';
import { saveFeedEntities } from '@feeddesk/server/feed/save-feed-entities';
import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { requireRole } from '@feeddesk/server/http/require-role';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { boolField, field, readForm } from '../support/read-form.ts';

const MAX_ENTITY_BYTES = 1024 * 1024;
/** Named in the refusal of an entity posted to the other path (contract.md). */
const SAVE_CALLS = {
  trip_update: 'POST /feed/trip_update',
  alert: 'POST /feed/service_alert',
  vehicle: 'POST /feed/vehicle_position',
};

const FeedParams = {
  type: 'object',
  properties: { feed: { type: 'string', enum: Object.keys(FEED_PATHS) } },
} as const;
/**
 * contract.md "What every feed consumer gets": any web page may read the public feeds and their
 * validators (also on a 304). helmet's Cross-Origin-Resource-Policy same-origin is lifted here only.
 */
const PUBLIC_FEED_HEADERS = {
  'cache-control': 'no-cache',
  vary: 'accept-encoding',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Last-Modified',
  'cross-origin-resource-policy': 'cross-origin',
};
const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'If-None-Match, If-Modified-Since',
  'access-control-max-age': '86400',
};

/** /feed of contract.md: the public GTFS-RT feeds with HTTP caching, and the editors' writes. */
export const feedRoutes: FastifyPluginAsync = async (app) => {
  const cache = new FeedCache(app.deps);
  cache.start();
  app.addHook('onClose', async () => cache.stop());
  app.addContentTypeParser(
    ['application/x-protobuf', 'application/protobuf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_ENTITY_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get<{ Params: { feed: string }; Querystring: { format?: string } }>(
    '/:feed',
    {
      config: { accessLog: 'summary' },
      schema: {
        params: FeedParams,
        querystring: {
          type: 'object',
          properties: { format: { type: 'string', enum: ['json', 'pb', 'protobuf'] } },
        },
      },
    },
    async (request, reply) => {
      const snapshot = await cache.get(FEED_PATHS[request.params.feed]!);
      const json = request.query.format === 'json';
      const etag = json ? `${snapshot.etag.slice(0, -1)}-json"` : snapshot.etag;
      reply.headers(PUBLIC_FEED_HEADERS);
      reply.header('etag', etag).header('last-modified', snapshot.lastModified);
      if (isNotModified(request, etag, snapshot.stamp)) return reply.status(304).send();
      if (json) return reply.type('application/json; charset=utf-8').send(snapshot.json);
      reply.type('application/x-protobuf');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(snapshot.gzip);
      }
      return reply.send(snapshot.bytes);
    },
  );

  // CORS preflight of the public feeds (a browser app sending If-None-Match asks first).
  app.options<{ Params: { feed: string } }>('/:feed', { schema: { params: FeedParams } }, (_request, reply) =>
    reply.status(204).headers(PREFLIGHT_HEADERS).send(),
  );

  const edit = { onRequest: requireRole('edit') };
  app.post('/trip_update', edit, async (request) => {
    const { id, message, warnings } = await saveFeedEntity(app.deps, {
      kind: 'trip_update',
      entity: { protobuf: protobufBody(request) },
      by: request.user!.username,
      log: logEntityHeader(request),
      saveCalls: SAVE_CALLS,
    });
    return { id, message, warnings };
  });

  app.post('/service_alert', edit, async (request) => {
    const { id, message, warnings } = await saveFeedEntity(app.deps, {
      kind: 'alert',
      entity: { protobuf: protobufBody(request) },
      by: request.user!.username,
      log: logEntityHeader(request),
      saveCalls: SAVE_CALLS,
    });
    return { id, message, warnings };
  });

  // Positions arrive every few seconds per train: kept out of the history unless LogEntity: true.
  app.post('/vehicle_position', edit, async (request) => {
    const { id, message, warnings } = await saveFeedEntity(app.deps, {
      kind: 'vehicle',
      entity: { protobuf: protobufBody(request) },
      by: request.user!.username,
      log: logEntityHeader(request, false),
      saveCalls: SAVE_CALLS,
    });
    return { id, message, warnings };
  });

  /** A whole FeedMessage of positions, as an AVL system pushes it: the good ones saved, the bad ones listed. */
  app.post('/vehicle_positions', edit, async (request) =>
    saveFeedEntities(app.deps, {
      kind: 'vehicle',
      message: protobufBody(request, 'a protobuf FeedMessage'),
      by: request.user!.username,
      log: false,
      saveCalls: SAVE_CALLS,
    }),
  );

  app.delete<{ Params: { feed: string } }>(
    '/:feed/delete_feed_entity',
    {
      ...edit,
      schema: {
        params: { type: 'object', properties: { feed: { type: 'string', enum: Object.keys(FEED_PATHS) } } },
      },
    },
    async (request) => {
      const form = await readForm(request);
      const query = request.query as Record<string, string>;
      const id = field(form, 'entity_id') ?? query.entity_id;
      if (!id)
        throw new AppError('validation_failed', { message: 'Give the entity_id of the entity to delete.' });
      const deleteFromLog = boolField(
        form,
        'deleteFromLog',
        ['true', '1'].includes(query.deleteFromLog ?? ''),
      );
      await deleteFeedEntity(app.deps, {
        kind: FEED_PATHS[request.params.feed]!,
        id,
        by: request.user!.username,
        deleteFromLog,
      });
      return { message: 'Successfully deleted.' };
    },
  );
};

/** Last-Modified is the header stamp: a client holding the current stamp gets 304 until the next one. */
function isNotModified(request: FastifyRequest, etag: string, stamp: number): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*');
  const since = Date.parse(String(request.headers['if-modified-since'] ?? ''));
  return !Number.isNaN(since) && stamp * 1000 <= since;
}

function protobufBody(request: FastifyRequest, what = 'one protobuf FeedEntity'): Buffer {
  if (!Buffer.isBuffer(request.body)) {
    throw new AppError('unsupported_media_type', {
      message: `Send ${what} with Content-Type: application/x-protobuf.`,
    });
  }
  return request.body;
}

/** Header LogEntity: default true (positions: false); `false` or `0` = do not log (contract.md). */
function logEntityHeader(request: FastifyRequest, byDefault = true): boolean {
  const header = request.headers.logentity;
  if (header === undefined) return byDefault;
  const value = String(header).toLowerCase();
  return !(value === 'false' || value === '0');
}
