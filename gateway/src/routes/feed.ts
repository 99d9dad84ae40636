import { AppError } from '@feeddesk/server/errors';
import { deleteFeedEntity } from '@feeddesk/server/feed/delete-feed-entity';
import { FeedCache } from '@feeddesk/server/feed/feed-cache';
import { FEED_PATHS } from '@feeddesk/server/feed/feed-kind';
import { saveFeedEntities } from '@feeddesk/server/feed/save-feed-entities';
import { saveFeedEntity } from '@feeddesk/server/feed/save-feed-entity';
import { requireRole } from '@feeddesk/server/http/require-role';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { boolField, field, readForm } from '../support/read-form.ts';
import {
  Binary,
  contentOf,
  formBody,
  Message,
  notModified,
  ROLE_REFUSALS,
  refusals,
} from '../support/schemas.ts';

const MAX_ENTITY_BYTES = 1024 * 1024;
/** Named in the refusal of an entity posted to the other path (contract.md). */
const SAVE_CALLS = {
  trip_update: 'POST /feed/trip_update',
  alert: 'POST /feed/service_alert',
  vehicle: 'POST /feed/vehicle_position',
};

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

const tags = ['feed'];
const Feed = Type.Object({ feed: Type.String({ enum: Object.keys(FEED_PATHS) }) });
const Notice = Type.Object(
  {
    code: Type.String(),
    severity: Type.String({ enum: ['error', 'warning', 'info'] }),
    entityId: Type.Union([Type.String(), Type.Null()]),
    field: Type.String({ description: 'e.g. trip_update.stop_time_update[3].stop_sequence' }),
    message: Type.String(),
    value: Type.Optional(Type.Unknown()),
    stopSequence: Type.Optional(Type.Integer()),
    stopId: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
const DeleteFields = Type.Object({
  entity_id: Type.String(),
  deleteFromLog: Type.Optional(
    Type.Union([Type.Boolean(), Type.String()], { description: 'Default false.' }),
  ),
});
const Saved = Type.Object({ id: Type.String(), message: Type.String(), warnings: Type.Array(Notice) });
/** A save: one protobuf FeedEntity, as the original web app and external clients send it. */
const saveSchema = (summary: string) => ({
  tags,
  summary,
  headers: Type.Object({
    logentity: Type.Optional(
      Type.String({ description: 'Default true; `false` or `0`: not logged in the history.' }),
    ),
  }),
  documentedBody: {
    'application/x-protobuf': { ...Binary, description: 'One GTFS-Realtime FeedEntity (at most 1 MB).' },
  },
  response: { 200: Saved, ...refusals(400, ...ROLE_REFUSALS, 413, 415, 422) },
});

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
        tags,
        summary:
          'A live feed (updates, alerts, positions): GTFS-Realtime FULL_DATASET, with ETag and Last-Modified.',
        params: Feed,
        querystring: Type.Object({
          format: Type.Optional(Type.String({ enum: ['json', 'pb', 'protobuf'] })),
        }),
        response: {
          200: contentOf('The FeedMessage (gzip when Accept-Encoding allows); `format=json` as JSON.', {
            'application/x-protobuf': Binary,
            'application/json': Type.Object({}, { additionalProperties: true }),
          }),
          304: notModified('Not modified (If-None-Match or If-Modified-Since).'),
          ...refusals(400),
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
  app.options<{ Params: { feed: string } }>(
    '/:feed',
    {
      schema: {
        tags,
        summary: 'CORS preflight of a live feed: any origin may read it and its validators.',
        params: Feed,
        response: { 204: notModified('No content: the CORS headers only.') },
      },
    },
    (_request, reply) => reply.status(204).headers(PREFLIGHT_HEADERS).send(),
  );

  const edit = { onRequest: requireRole('edit') };
  app.post('/trip_update', { ...edit, schema: saveSchema('Save a trip update (edit).') }, async (request) => {
    const { id, message, warnings } = await saveFeedEntity(app.deps, {
      kind: 'trip_update',
      entity: { protobuf: protobufBody(request) },
      by: request.user!.username,
      log: logEntityHeader(request),
      saveCalls: SAVE_CALLS,
    });
    return { id, message, warnings };
  });

  app.post(
    '/service_alert',
    { ...edit, schema: saveSchema('Save a service alert (edit).') },
    async (request) => {
      const { id, message, warnings } = await saveFeedEntity(app.deps, {
        kind: 'alert',
        entity: { protobuf: protobufBody(request) },
        by: request.user!.username,
        log: logEntityHeader(request),
        saveCalls: SAVE_CALLS,
      });
      return { id, message, warnings };
    },
  );

  // Positions arrive every few seconds per train: kept out of the history unless LogEntity: true.
  app.post(
    '/vehicle_position',
    {
      ...edit,
      schema: saveSchema(
        'Save one vehicle position (edit): a FeedEntity holding a `vehicle`; not logged unless LogEntity: true.',
      ),
    },
    async (request) => {
      const { id, message, warnings } = await saveFeedEntity(app.deps, {
        kind: 'vehicle',
        entity: { protobuf: protobufBody(request) },
        by: request.user!.username,
        log: logEntityHeader(request, false),
        saveCalls: SAVE_CALLS,
      });
      return { id, message, warnings };
    },
  );

  /** A whole FeedMessage of positions, as an AVL system pushes it: the good ones saved, the bad ones listed. */
  app.post(
    '/vehicle_positions',
    {
      ...edit,
      schema: {
        tags,
        summary:
          'Save a whole FeedMessage of vehicle positions (edit), as an AVL system pushes it: the good entities saved, the bad ones listed.',
        documentedBody: {
          'application/x-protobuf': {
            ...Binary,
            description: 'One GTFS-Realtime FeedMessage (at most 1 MB).',
          },
        },
        response: {
          200: Type.Object({
            saved: Type.Integer(),
            rejected: Type.Array(Type.Object({ id: Type.String(), notices: Type.Array(Notice) })),
          }),
          ...refusals(400, ...ROLE_REFUSALS, 413, 415, 422),
        },
      },
    },
    async (request) =>
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
        tags,
        summary: 'Delete an entity from a live feed (edit); the history keeps it unless deleteFromLog.',
        params: Feed,
        querystring: Type.Object({
          entity_id: Type.Optional(Type.String()),
          deleteFromLog: Type.Optional(Type.String({ description: 'true or 1: also from the history.' })),
        }),
        documentedBody: {
          'application/json': DeleteFields,
          ...formBody(DeleteFields),
        },
        response: { 200: Message, ...refusals(400, ...ROLE_REFUSALS, 404) },
      },
    },
    async (request) => {
      const form = await readForm(request);
      const query = request.query as Record<string, string | undefined>;
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
